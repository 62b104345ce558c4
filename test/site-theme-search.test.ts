/** The search index (which pages, what fields, boosts) and the client-side engine over it. */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSearchEngine } from '../server/sites/theme/client/searchEngine.js';
import { buildSearchIndex, MAX_TEXT } from '../server/sites/search/build.js';
import type { SearchIndexData } from '../server/sites/theme/searchFormat.js';
import { renderSite, THEME_MINI, type RenderedSite } from './helpers/themeSite.js';

const ALL_SHAPES = fileURLToPath(new URL('./fixtures/all-shapes', import.meta.url));
let mini: RenderedSite;
let shapes: RenderedSite;

beforeAll(async () => {
  mini = await renderSite(THEME_MINI);
  shapes = await renderSite(ALL_SHAPES);
});

describe('buildSearchIndex', () => {
  it('indexes navigable pages only: not hidden, not noindex, not out of the navigation', () => {
    const urls = shapes.index.docs.map((d) => d.u);
    expect(urls).toContain('/');
    expect(urls).toContain('/install/linux');
    expect(urls).toContain('/reference/users/get-a-user');
    // A hidden anchor marked searchable keeps its pages in search.
    expect(urls).toContain('/v1/help');
    expect(urls).not.toContain('/guides/secret'); // hidden: true
    expect(urls).not.toContain('/tools/cli'); // noindex: true
    expect(urls).not.toContain('/guides/orphan'); // not in the navigation
    expect(urls).not.toContain('/guides/hidden-one'); // in a hidden group
    expect(urls).not.toContain('/reference/users/delete-a-user'); // x-hidden operation
    expect(new Set(urls).size).toBe(urls.length);
    expect(mini.index.docs.map((d) => d.u)).not.toContain('/guides/hidden');
  });

  it('keeps title, breadcrumbs, description, headings, keywords, boost, method and text', () => {
    const home = mini.index.docs.find((d) => d.u === '/');
    expect(home?.t).toBe('Introduction');
    expect(home?.s).toBe('Guides › Getting started');
    expect(home?.d).toBe('Learn what Acme does and how to install it in a few minutes.');
    expect(home?.k).toEqual(['welcome', 'overview']);
    expect(home?.h?.map(([, text]) => text)).toContain('Install the SDK');
    expect(home?.x).toContain('reliable notifications');
    expect(shapes.index.docs.find((d) => d.u === '/install/linux')?.b).toBe(3);
    expect(mini.index.docs.find((d) => d.u === '/api-reference/users/create-a-user')?.m).toBe('post');
    expect(JSON.parse(JSON.stringify(mini.index))).toEqual(mini.index);
  });

  it('caps the text of huge pages', () => {
    const page = [...mini.pages.values()][0];
    if (!page) throw new Error('no page');
    const huge = buildSearchIndex(mini.site, [
      { page: page.page, rendered: { headings: [], text: 'word '.repeat(20_000) } },
    ]);
    expect(huge.docs[0]?.x.length).toBeLessThanOrEqual(MAX_TEXT);
  });
});

describe('client search engine', () => {
  it('finds pages by title, heading, keyword and body text', () => {
    const engine = createSearchEngine(mini.index);
    expect(engine.search('setup project')[0]?.url).toBe('/guides/setup');
    expect(engine.search('welcome')[0]?.title).toBe('Introduction');
    expect(engine.search('batching')[0]?.url).toBe('/guides/advanced/tuning#batching');
    const body = engine.search('administrator')[0];
    expect(body?.url).toBe('/');
    expect(body?.snippet.slice(body.marks[0]?.[0], body.marks[0]?.[1]).toLowerCase()).toBe('administrator');
    expect(engine.search('   ')).toEqual([]);
    expect(engine.search('zzzqqq')).toEqual([]);
  });

  it('matches prefixes as the reader types', () => {
    const engine = createSearchEngine(mini.index);
    expect(engine.search('perfor').map((h) => h.title)).toContain('Performance tuning');
  });

  it('ranks by boost among equally relevant pages', () => {
    const data: SearchIndexData = {
      version: 1,
      docs: [
        { u: '/a', t: 'Alpha', x: 'shared words about deployment' },
        { u: '/b', t: 'Beta', x: 'shared words about deployment', b: 5 },
        { u: '/c', t: 'Gamma', x: 'shared words about deployment', b: 0.2 },
      ],
    };
    expect(
      createSearchEngine(data)
        .search('deployment')
        .map((h) => h.url),
    ).toEqual(['/b', '/a', '/c']);
  });
});
