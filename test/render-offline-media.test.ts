/**
 * What the all-pages browser sweep (site-all-pages.e2e.test.ts) found on real pages, pinned down at the
 * renderer: media hosted elsewhere becomes a placeholder instead of a request the CSP blocks with a
 * console error, and a snippet import naming an export that does not exist no longer fails the page.
 */
import { describe, expect, it } from 'vitest';
import { one, render } from './fixtures/render/harness.js';
import { writeProject } from './helpers/siteProjects.js';

describe('remote media', () => {
  it('turns remote images into labelled placeholders, also inside links, and keeps project images', async () => {
    const page = await render(
      '[![Open in Gitpod](https://gitpod.io/button/open-in-gitpod.svg)](https://gitpod.io/#x)\n\n' +
        '<img src="//cdn.example.org/a.png" />\n\n![Local](/images/a.png)',
    );
    const [linked, bare] = page.dom.querySelectorAll('.op-remote-image');
    expect(linked?.getAttribute('data-op-remote-src')).toBe('https://gitpod.io/button/open-in-gitpod.svg');
    expect(linked?.querySelector('.op-remote-label')?.text).toBe('Open in Gitpod');
    expect(linked?.parentNode?.tagName).toBe('A');
    expect(linked?.querySelector('a')).toBeNull();
    expect(bare?.querySelector('.op-remote-label')?.text).toBe('Image from cdn.example.org');
    expect(page.dom.querySelectorAll('img').map((img) => img.getAttribute('src'))).toEqual(['/images/a.png']);
  });

  it('turns remote iframes and videos into links, and keeps local ones', async () => {
    const page = await render(
      '<iframe src="https://www.youtube.com/embed/abc" title="Repeat block" allowFullScreen></iframe>\n\n' +
        '<video src="https://cdn.example.org/demo.mp4" />\n\n<iframe src="./demo.html" title="Demo"></iframe>',
      { file: 'guides/page.mdx' },
    );
    const embed = one(page.dom, '.op-remote-embed');
    expect(embed.querySelector('.op-remote-label')?.text).toBe('Repeat block');
    expect(embed.querySelector('a.op-remote-link')?.getAttribute('href')).toBe('https://www.youtube.com/embed/abc');
    expect(embed.querySelector('a.op-remote-link')?.text).toBe('www.youtube.com');
    expect(one(page.dom, '.op-remote-video .op-remote-label').text).toBe('Video from cdn.example.org');
    expect(page.dom.querySelectorAll('video')).toEqual([]);
    expect(page.dom.querySelectorAll('iframe').map((f) => f.getAttribute('src'))).toEqual(['/guides/demo.html']);
  });

  it('leaves placeholders out of the page text, which the search index is built from', async () => {
    // Pica's changelog was found by a search for "png" and quoted "Image not found: /changelog/images/...":
    // a page's text must not depend on whether its media loads (a present image adds no text either).
    const page = await render(
      'Before.\n\n![Lifecycle](/images/gone.png)\n\n<img src="https://cdn.example.org/a.png" />\n\n' +
        '<iframe src="https://www.youtube.com/embed/abc" title="Overview demo"></iframe>\n\n' +
        '<video src="https://cdn.example.org/demo.mp4" />\n\nAfter.',
      { packedAssets: {} },
    );
    expect(page.dom.querySelectorAll('.op-remote-media').length).toBe(4);
    expect(page.text).toBe('Before.\nAfter.');
  });

  it('keeps the box an author gave a player, so a 16:9 frame holds the placeholder instead of standing empty', async () => {
    const page = await render(
      '<div className="aspect-video">\n  <iframe className="w-full h-full rounded-xl" src="https://www.youtube.com/embed/a" />\n</div>\n\n' +
        '<div style={{ position: "relative", paddingBottom: "56.25%" }}>\n' +
        '  <iframe src="https://www.loom.com/embed/b" style={{ position: "absolute", top: 0, width: "100%", height: "100%" }} />\n</div>\n\n' +
        '<iframe width="560" height="315" src="https://www.youtube.com/embed/c" />\n\n' +
        '<video className="w-full aspect-video" src="https://cdn.example.org/d.mp4" />\n\n' +
        '<iframe className="dark:hidden" src="https://www.youtube.com/embed/e" />',
    );
    const [filling, absolute, attributes, video, unsized] = page.dom.querySelectorAll('.op-remote-media');
    expect(filling?.getAttribute('class')).toBe(
      'op-remote-media op-remote-embed op-remote-boxed w-full h-full rounded-xl',
    );
    expect(absolute?.getAttribute('style')).toBe('position:absolute;top:0;width:100%;height:100%');
    expect(attributes?.getAttribute('style')).toBe('width:560px;height:315px');
    expect(video?.getAttribute('class')).toBe('op-remote-media op-remote-video op-remote-boxed w-full aspect-video');
    expect(unsized?.getAttribute('class')).toBe('op-remote-media op-remote-embed dark:hidden');
    expect(unsized?.getAttribute('style')).toBeUndefined();
  });
});

describe('snippet exports', () => {
  const root = writeProject({
    'snippets/tip.jsx': 'export const Tip = () => <p>Use the CLI.</p>;\n',
    'snippets/two.jsx': 'export const A = () => <p>A</p>;\nexport const B = () => <p>B</p>;\n',
  });

  it('uses the only component of a .jsx snippet for a default import', async () => {
    const page = await render("import Tip from '/snippets/tip.jsx';\n\n<Tip />\n", { root });
    expect(page.dom.querySelector('[data-op-render-error]')).toBeNull();
    expect(one(page.dom, 'p').text).toBe('Use the CLI.');
    expect(page.warnings).toContain('snippets/tip.jsx has no default export; its only component Tip is used');
  });

  it('renders nothing for a missing export and reports it, keeping the rest of the page', async () => {
    const page = await render(
      "import Two from '/snippets/two.jsx';\nimport { C, A } from '/snippets/two.jsx';\n\n<Two />\n\n<C />\n\n<A />\n\nAfter.",
      { root },
    );
    expect(page.dom.querySelector('[data-op-render-error]')).toBeNull();
    expect(page.dom.querySelectorAll('p').map((p) => p.text)).toEqual(['A', 'After.']);
    expect(page.warnings).toEqual(
      expect.arrayContaining(['snippets/two.jsx has no default export', 'snippets/two.jsx has no export C']),
    );
  });
});
