/**
 * Rendering details of the theme (issue 11, point 5) on rendered HTML and the served site: content emoji
 * become shipped images whose alt text is the emoji (search keeps the characters), the images are served
 * under /_offprint/emoji/, and the search index holds words rather than Markdown syntax.
 */
import { createRequire } from 'node:module';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { render } from './fixtures/render/harness.js';
import { buildSearchIndex } from '../server/sites/search/build.js';
import { markdownToText } from '../server/sites/render/text.js';
import { themeAsset } from '../server/sites/theme/assets.js';
import { emojiImages, emojiName } from '../server/sites/theme/emoji.js';
import { createSearchEngine } from './helpers/referenceSearch.js';
import { detailsProject, EMOJI_PAGE, TABLE_PAGE } from './helpers/detailsProject.js';
import { startSiteServe, type SiteServe } from './helpers/siteServe.js';
import { renderSite, type RenderedSite } from './helpers/themeSite.js';

const require = createRequire(import.meta.url);
const img = (alt: string, name: string): string =>
  `<img class="op-emoji" alt="${alt}" src="/_offprint/emoji/${name}.svg" draggable="false">`;

describe('content emoji', () => {
  it('become images named by their code points, sequences (ZWJ, flags, keycaps, skin tones) whole', () => {
    expect(emojiImages('<p>Go 🚀!</p>')).toBe(`<p>Go ${img('🚀', '1f680')}!</p>`);
    expect(emojiName('👨‍👩‍👧')).toBe('1f468-200d-1f469-200d-1f467');
    expect(emojiName('🇺🇸')).toBe('1f1fa-1f1f8');
    expect(emojiName('1️⃣')).toBe('0031-20e3');
    expect(emojiName('👍🏽')).toBe('1f44d-1f3fd');
    expect(emojiName('✏️')).toBe('270f');
    // A text-style symbol is an emoji only with its presentation selector, which stays in the alt text.
    expect(emojiImages('<p>✏ ✏️ © ©️</p>')).toBe(`<p>✏ ${img('✏️', '270f')} © ${img('©️', '00a9')}</p>`);
    // Pictographs of the emoji blocks are drawn without a selector (🛡 U+1F6E1), unless asked for as text.
    expect(emojiImages('<p>\u{1F6E1} Safety \u{1F5A5}\uFE0E</p>')).toBe(
      `<p>${img('\u{1F6E1}', '1f6e1')} Safety \u{1F5A5}\uFE0E</p>`,
    );
  });

  it('draw every emoji of the shipped set, in prose full of typographic punctuation', () => {
    const names = Object.keys(z.record(z.string(), z.string()).parse(require('@iconify-json/twemoji/chars.json')));
    expect(names.length).toBeGreaterThan(3000);
    const missed = names.filter((name) => {
      const emoji = String.fromCodePoint(...name.split('-').map((hex) => parseInt(hex, 16)));
      // A lone text-style symbol is drawn with its selector (above); anything else as it is written.
      const written = [...emoji].length === 1 && !/\p{Emoji_Presentation}/u.test(emoji) ? `${emoji}\uFE0F` : emoji;
      return !emojiImages(`<p>“See” — it’s here… ${written} → there</p>`).includes(`/_offprint/emoji/${name}.svg`);
    });
    expect(missed).toEqual([]);
  });

  it('leave text-style symbols, code, scripts, SVG and attribute values as characters', () => {
    const html =
      '<p title="🚀">a © ↔ ✏ b</p><pre><code>echo "✅"</code></pre><p><code>🚀</code></p>' +
      '<script type="application/json">{"x":"🎉"}</script><svg><title>🎉</title></svg><a href="/x" data-x=\'>🎉\'>ok</a>';
    expect(emojiImages(html)).toBe(html);
    expect(emojiImages('<pre>🚀</pre><p>🚀</p>')).toBe(`<pre>🚀</pre><p>${img('🚀', '1f680')}</p>`);
  });

  it('are images in the page body (title, headings, prose, sidebar, TOC) but characters in <head> and search', async () => {
    const site = await renderSite(detailsProject());
    const page = site.pages.get(EMOJI_PAGE);
    const doc = parse(page?.html ?? '');
    expect(doc.querySelector('title')?.text).toContain('Release notes 🚀');
    expect(doc.querySelector('h1 img.op-emoji')?.getAttribute('alt')).toBe('🚀');
    expect(doc.querySelector('h2 img.op-emoji')?.getAttribute('alt')).toBe('🎉');
    expect(doc.querySelector('.op-sidebar img.op-emoji')?.getAttribute('alt')).toBe('🚀');
    expect(doc.querySelector('.op-toc img.op-emoji')?.getAttribute('alt')).toBe('🎉');
    expect(doc.querySelectorAll('pre img')).toHaveLength(0);
    const indexed = site.index.docs.find((d) => d.u === EMOJI_PAGE);
    expect(indexed?.t).toBe('Release notes 🚀');
    expect(indexed?.x).toContain('Shipped ✅ and not broken ❌');
    expect(indexed?.x).not.toContain('<img');
  });

  it('are served as SVG by the theme, only for names the icon set has', () => {
    const rocket = themeAsset('emoji/1f680.svg');
    expect(rocket?.contentType).toBe('image/svg+xml');
    expect(rocket?.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 36 36">.*<\/svg>$/s);
    for (const bad of ['emoji/zzzz.svg', 'emoji/1f680.png', 'emoji/../theme.js', 'emoji/ffffff.svg']) {
      expect(themeAsset(bad)).toBeNull();
    }
  });
});

describe('emoji on the site server', () => {
  let s: SiteServe;
  beforeAll(async () => {
    s = await startSiteServe({ source: detailsProject() });
  }, 60_000);
  afterAll(async () => {
    await s.close();
  });

  it('serves every emoji image a page references, and 404 for names it does not have', async () => {
    const page = parse(await (await s.site(EMOJI_PAGE)).text());
    const sources = [...new Set(page.querySelectorAll('img.op-emoji').map((i) => i.getAttribute('src') ?? ''))];
    expect(sources.length).toBeGreaterThanOrEqual(8);
    for (const src of sources) {
      const res = await s.site(src);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/svg+xml');
      expect(await res.text()).toMatch(/^<svg /);
    }
    expect((await s.site('/_offprint/emoji/not-an-emoji.svg')).status).toBe(404);
    expect((await s.site('/_offprint/emoji/1f680.svg/x')).status).toBe(404);
  });
});

describe('search text without Markdown syntax', () => {
  let site: RenderedSite;
  beforeAll(async () => {
    site = await renderSite(detailsProject());
  });

  it('strips headings, emphasis, links, images, JSX tags, comments and fence markers, keeping code', () => {
    const source = [
      "import { X } from '/snippets/x.mdx';",
      '## Getting started {#start}',
      'Some **bold**, *em*, _under_, snake_case_name, ~~gone~~, `code`, [a link](https://x.org), ![alt](/a.png).',
      '{/* a comment */}',
      '<Note title="Heads up">',
      '> Read the [guide](/guide) first.',
      '</Note>',
      '- [x] done',
      '| A | B |',
      '| --- | :-: |',
      '```bash title="x"',
      '# a shell comment',
      '```',
    ].join('\n');
    expect(markdownToText(source).split('\n')).toEqual([
      'Getting started',
      'Some bold, em, under, snake_case_name, gone, code, a link, alt.',
      'Read the guide first.',
      'done',
      'A B',
      '# a shell comment',
    ]);
  });

  it('indexes a page that failed to render by its words, not its source', async () => {
    const page = await render('## Setup steps\n\nRun **this** first, see [docs](/d).\n\n<Note>\nNever closed\n');
    expect(page.warnings.some((w) => w.startsWith('render failed:'))).toBe(true);
    expect(page.text).toContain('Setup steps');
    expect(page.text).toContain('Run this first, see docs.');
    expect(page.text).not.toMatch(/##|\*\*|\]\(/);
  });

  it('keeps descriptions as text, so no result snippet shows Markdown', () => {
    const table = site.index.docs.find((d) => d.u === TABLE_PAGE);
    expect(table?.d).toBe('Every option of the Inbox component, see the guide.');
    const [first] = site.pages.values();
    if (!first) throw new Error('no page');
    const index = buildSearchIndex(site.site, [
      { page: first.page, rendered: { headings: [], text: markdownToText('# Quick start\n\nInstall **Acme** now.') } },
    ]);
    const hit = createSearchEngine(index).search('install')[0];
    expect(hit?.snippet).toBe('Quick start Install Acme now.');
  });
});
