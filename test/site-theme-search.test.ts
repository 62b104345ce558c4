/**
 * The search index (which pages, what fields, boosts) and the client-side engines over it: the sharded
 * one the theme uses must find and rank what the single-index reference engine does.
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSearchEngine, type SearchHit } from './helpers/referenceSearch.js';
import { MAX_FILES_PER_WORD } from '../server/sites/theme/client/searchMatch.js';
import { buildSearchIndex, MAX_TEXT } from '../server/sites/search/build.js';
import type { SearchIndexData } from '../server/sites/theme/searchFormat.js';
import { memoryShards, searchOver } from './helpers/searchShards.js';
import { renderSite, THEME_MINI, type RenderedSite } from './helpers/themeSite.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

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

  it('says a label repeated by the next level once (a tab and its group both "API Reference")', async () => {
    const site = await renderSite(
      writeProject({
        'docs.json': docsJson({
          navigation: {
            tabs: [
              {
                tab: 'API Reference',
                groups: [{ group: 'API Reference', pages: [{ group: 'App', pages: ['chat'] }] }],
              },
            ],
          },
        }),
        'chat.mdx': '---\ntitle: Chat\n---\n\nChat with the app.\n',
      }),
    );
    expect(site.index.docs.find((d) => d.u === '/chat')?.s).toBe('API Reference › App');
  });

  it('says it once when the two differ only by an emoji, punctuation or case (Julep\'s "🔍 API Reference")', async () => {
    const site = await renderSite(
      writeProject({
        'docs.json': docsJson({
          navigation: {
            tabs: [
              { tab: '🔍 API Reference', groups: [{ group: 'API reference:', pages: ['chat'] }] },
              { tab: 'Guides', groups: [{ group: 'Guide', pages: ['start'] }] },
            ],
          },
        }),
        'chat.mdx': '---\ntitle: Chat\n---\n\nChat with the app.\n',
        'start.mdx': '---\ntitle: Start\n---\n\nStart here.\n',
      }),
    );
    expect(site.index.docs.find((d) => d.u === '/chat')?.s).toBe('🔍 API Reference');
    expect(site.index.docs.find((d) => d.u === '/start')?.s).toBe('Guides › Guide');
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

type Search = (query: string) => Promise<SearchHit[]>;

/** The reference single-index engine and the sharded one the theme uses, searched the same way. */
const ENGINES: readonly [string, (data: SearchIndexData) => Promise<Search>][] = [
  ['single index (reference)', (data) => Promise.resolve((q) => Promise.resolve(createSearchEngine(data).search(q)))],
  [
    'sharded index',
    // Tiny shards and chunks, so that even this small site spreads over many files.
    async (data) => {
      const { engine } = searchOver(await memoryShards(data.docs, { shardBytes: 400, docsPerChunk: 2 }));
      return (query) => engine.search(query);
    },
  ],
];

describe.each(ENGINES)('client search engine: %s', (_, make) => {
  it('finds pages by title, heading, keyword and body text', async () => {
    const search = await make(mini.index);
    expect((await search('setup project'))[0]?.url).toBe('/guides/setup');
    expect((await search('welcome'))[0]?.title).toBe('Introduction');
    expect((await search('batching'))[0]?.url).toBe('/guides/advanced/tuning#batching');
    const body = (await search('administrator'))[0];
    expect(body?.url).toBe('/');
    expect(body?.snippet.slice(body.marks[0]?.[0], body.marks[0]?.[1]).toLowerCase()).toBe('administrator');
    expect(await search('   ')).toEqual([]);
    expect(await search('zzzqqq')).toEqual([]);
  });

  it('matches prefixes as the reader types, and small typos in longer words', async () => {
    const search = await make(mini.index);
    expect((await search('perfor')).map((h) => h.title)).toContain('Performance tuning');
    expect((await search('performence')).map((h) => h.title)).toContain('Performance tuning');
  });

  it('ranks by boost among equally relevant pages', async () => {
    const data: SearchIndexData = {
      version: 1,
      docs: [
        { u: '/a', t: 'Alpha', x: 'shared words about deployment' },
        { u: '/b', t: 'Beta', x: 'shared words about deployment', b: 5 },
        { u: '/c', t: 'Gamma', x: 'shared words about deployment', b: 0.2 },
      ],
    };
    const search = await make(data);
    expect((await search('deployment')).map((h) => h.url)).toEqual(['/b', '/a', '/c']);
  });
});

describe('the sharded index against the single one', () => {
  const QUERIES = [
    'setup',
    'install sdk',
    'batching',
    'credentials',
    'webhook',
    'users',
    'create a user',
    'perfor',
    'api key',
    'tuning retries',
  ];

  // Default shard sizes: typos are matched in a word's own shard and its two neighbours only, so with the
  // tiny shards above a typo whose right spelling sorts further away would be missed.
  it('ranks the same pages first, with the same scores, for both fixtures', async () => {
    for (const site of [mini, shapes]) {
      const reference = createSearchEngine(site.index);
      const { engine } = searchOver(await memoryShards(site.index.docs));
      for (const query of QUERIES) {
        const want = reference.search(query).slice(0, 5);
        const got = (await engine.search(query)).slice(0, 5);
        expect(
          got.map((h) => h.url),
          query,
        ).toEqual(want.map((h) => h.url));
        got.forEach((hit, i) => expect(hit.score, query).toBeCloseTo(want[i]?.score ?? 0, 1));
      }
    }
  });

  it('gives the same files for the same pages, byte for byte', async () => {
    expect(await memoryShards(shapes.index.docs)).toEqual(await memoryShards(shapes.index.docs));
  });
});

describe('a sharded index of 3,000 generated pages', () => {
  const WORDS =
    'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa'.split(' ');
  const docs = Array.from({ length: 3000 }, (_, i) => ({
    u: `/p/${i}`,
    t: `Page ${i} ${WORDS[i % WORDS.length] ?? ''}`,
    x: `Body of page ${i} with ${WORDS[(i * 7) % WORDS.length] ?? ''} and token${i} and ${WORDS[(i * 3) % WORDS.length] ?? ''}.`,
  }));

  it('loads the manifest, the shards of the word and a few doc chunks only', async () => {
    const files = await memoryShards(docs);
    const { engine, loaded } = searchOver(files);
    const hits = await engine.search('token1234');
    expect(hits[0]?.url).toBe('/p/1234');
    const terms = loaded.filter((n) => n.startsWith('t'));
    const chunks = loaded.filter((n) => n.startsWith('d'));
    // The word's own shard, those its prefix runs into and a neighbour for typos; one chunk per hit shown.
    expect(terms.length).toBeLessThanOrEqual(MAX_FILES_PER_WORD);
    expect(chunks.length).toBeLessThanOrEqual(12);
    const size = (n: string): number => files.get(n)?.length ?? 0;
    const bytes = loaded.reduce((sum, n) => sum + size(n), 0);
    const largest = (prefix: string): number =>
      Math.max(...[...files.keys()].filter((n) => n.startsWith(prefix)).map(size));
    expect(bytes).toBeLessThanOrEqual(size('manifest') + MAX_FILES_PER_WORD * largest('t') + 12 * largest('d'));
    const total = [...files.values()].reduce((sum, json) => sum + json.length, 0);
    expect(bytes).toBeLessThan(total / 3);
  });
});

describe('typos and short prefixes across shard boundaries', () => {
  it('finds a typo whose right spelling sorts into the neighbouring shard', async () => {
    // One term per shard: "configuratoin" sorts after "configurationz", and "configuration" is a shard before.
    const data: SearchIndexData = {
      version: 1,
      docs: [
        { u: '/right', t: 'Setup', x: 'the configuration file' },
        { u: '/other', t: 'Other', x: 'configurationz is a different word' },
      ],
    };
    const files = await memoryShards(data.docs, { shardBytes: 1 });
    const { engine, loaded } = searchOver(files);
    const hits = await engine.search('configuratoin');
    expect(hits.map((h) => h.url)).toContain('/right');
    expect(hits[0]?.url).toBe(createSearchEngine(data).search('configuratoin')[0]?.url);
    expect(loaded.filter((n) => n.startsWith('t')).length).toBeLessThanOrEqual(MAX_FILES_PER_WORD);
  });

  // 3,000 pages whose words share the prefix "co", a few common and most rare; every 97th page is titled
  // "Configuration": the prefix spans more shards than one word may load, "configuration" beyond the first.
  const STEMS = Array.from({ length: 400 }, (_, k) => `co${k.toString(36)}${'mnprst'[k % 6] ?? ''}word`);
  const zipf = Array.from({ length: 3000 }, (_, i) => ({
    u: `/z/${i}`,
    t: i % 97 === 0 ? `Configuration ${i}` : `Page ${i}`,
    x: Array.from({ length: 24 }, (_, j) => STEMS[Math.floor(400 / (1 + ((i * 31 + j * 17) % 400))) - 1] ?? '').join(
      ' ',
    ),
  }));

  it('reads a long prefix from its head: few files, and what the whole span ranks first', async () => {
    const files = await memoryShards(zipf);
    const manifest = JSON.parse(files.get('manifest') ?? '{}') as { shards: string[]; heads?: string[] };
    expect(manifest.heads).toContain('co');
    const { engine, loaded } = searchOver(files);
    const got = await engine.search('co');
    expect(loaded).toContain(`h${manifest.heads?.indexOf('co') ?? -1}`);
    expect(loaded.filter((n) => /^[th]/.test(n)).length).toBeLessThanOrEqual(MAX_FILES_PER_WORD);
    // The reference engine (every term of the span) puts the Configuration pages first; so does the head.
    const want = createSearchEngine({ version: 1, docs: zipf }).search('co').slice(0, 10);
    expect(want.every((hit) => hit.title.startsWith('Configuration'))).toBe(true);
    expect(got.slice(0, 10).map((hit) => hit.title.split(' ')[0])).toEqual(Array(10).fill('Configuration'));
  });

  it('builds no head for a prefix its shards hold in a few files', async () => {
    const files = await memoryShards(zipf, { shardBytes: 1_000_000 });
    expect(JSON.parse(files.get('manifest') ?? '{}')).not.toHaveProperty('heads');
  });
});
