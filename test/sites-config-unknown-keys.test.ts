/**
 * Config keys Offprint does not know are reported as notices (the import still succeeds): a product
 * written under a key Mintlify does not have, a misspelt banner key. Keys Mintlify documents and Offprint
 * leaves alone are not reported, and a config with hundreds of unknown keys does not flood the report.
 */
import { describe, expect, it } from 'vitest';
import { loadSiteProject } from '../server/sites/project/model.js';
import { MAX_UNKNOWN_KEYS } from '../server/sites/project/config/unknownKeys.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

const mdx = '---\ntitle: T\n---\n';

/** `[file, keyPath, message]` of each unknown-key notice of the project written from `files`. */
function notices(files: Record<string, unknown>): [string, string | undefined, string][] {
  const model = loadSiteProject(writeProject({ 'index.mdx': mdx, ...files }));
  return model.problems.filter((p) => p.code === 'unknown-config').map((p) => [p.file, p.keyPath, p.message]);
}

describe('unknown config keys', () => {
  it('names each key path Offprint does not know, with the file it is written in', () => {
    expect(
      notices({
        'docs.json': docsJson({
          banner: { content: 'Hi', dismissable: true },
          navigation: {
            groups: [{ group: 'Start', pages: ['index'], colour: 'red' }],
            productGroups: [{ product: 'Redis', groups: [] }],
            languages: { $ref: './nav/languages.json' },
          },
        }),
        'nav/languages.json': [{ language: 'en', pages: ['index'], flag: 'gb' }],
      }),
    ).toEqual([
      [
        'docs.json',
        'navigation.groups[0].colour',
        'not a docs.json setting Offprint knows (did you mean "color"?); ignored',
      ],
      ['docs.json', 'navigation.productGroups', 'not a docs.json setting Offprint knows; ignored'],
      ['nav/languages.json', 'navigation.languages[0].flag', 'not a docs.json setting Offprint knows; ignored'],
      [
        'docs.json',
        'banner.dismissable',
        'not a docs.json setting Offprint knows (did you mean "dismissible"?); ignored',
      ],
    ]);
  });

  it("points a group's isDefaultOpen (Browser Use's docs.json) to Mintlify's expanded", () => {
    expect(
      notices({
        'docs.json': docsJson({
          navigation: {
            groups: [{ group: 'Start', pages: ['index', { group: 'Agent', isDefaultOpen: true, pages: ['a'] }] }],
          },
        }),
        'a.mdx': '---\ntitle: A\n---\n',
      }),
    ).toEqual([
      [
        'docs.json',
        'navigation.groups[0].pages[1].isDefaultOpen',
        'not a docs.json setting Offprint knows (did you mean "expanded"?); ignored',
      ],
    ]);
  });

  it('is quiet about keys Mintlify documents, read or not', () => {
    expect(
      notices({
        'docs.json': docsJson({
          $schema: 'https://mintlify.com/docs.json',
          seo: { indexing: 'all', metatags: { 'og:image': '/a.png' }, trailingSlash: true },
          integrations: { ga4: { measurementId: 'G-1' }, posthog: { apiKey: 'x', apiHost: 'https://p.example' } },
          api: { playground: { display: 'simple' }, examples: { languages: ['curl'] }, mdx: { server: 'https://a' } },
          contextual: { options: ['copy', 'view'] },
          fonts: { family: 'Inter' },
          styling: { eyebrows: 'breadcrumbs', codeblocks: 'dark' },
          background: { decoration: 'gradient', sparkle: true },
          navigation: {
            global: { anchors: [{ anchor: 'Blog', href: 'https://blog.example.org', icon: { name: 'rss' } }] },
            tabs: [{ tab: 'Docs', align: 'end', groups: [{ group: 'Start', pages: ['index'], public: true }] }],
          },
        }),
      }),
    ).toEqual([]);
  });

  it('reports a mint.json key the format does not have, not its documented ones', () => {
    expect(
      notices({
        'mint.json': {
          name: 'Legacy',
          colors: { primary: '#112233', ultraLight: '#eeeeee' },
          navigation: [{ group: 'Start', pages: ['index'] }],
          feedback: { thumbsRating: true },
          redirects: [{ source: '/a', destination: '/index' }],
          search: { prompt: 'Search', location: 'side' },
          topbarCtaButton: { name: 'Go', url: 'https://example.org', arrow: true },
          topbarLinkz: [{ name: 'X', url: 'https://x.example' }],
        },
      }),
    ).toEqual([
      ['mint.json', 'topbarLinkz', 'not a mint.json setting Offprint knows (did you mean "topbarLinks"?); ignored'],
    ]);
  });

  it('says where docs.json takes a setting a mint.json key made, for such a key left in a docs.json', () => {
    expect(
      notices({
        'docs.json': docsJson({
          feedback: { thumbsRating: true, suggestEdit: true },
          topbarLinks: [{ name: 'Support', url: 'https://example.org' }],
          api: { baseUrl: 'https://api.example.org', mdx: { server: 'https://api.example.org' } },
        }),
      }),
    ).toEqual([
      [
        'docs.json',
        'feedback',
        'a mint.json setting, not a docs.json one: in docs.json the page rating shows unless "integrations.telemetry.enabled" is false; ignored',
      ],
      [
        'docs.json',
        'topbarLinks',
        'a mint.json setting, not a docs.json one: docs.json reads its links from "navbar.links"; ignored',
      ],
      [
        'docs.json',
        'api.baseUrl',
        'a mint.json setting, not a docs.json one: docs.json reads the server of MDX endpoint pages from "api.mdx.server"; ignored',
      ],
    ]);
  });

  it("says where docs.json takes mint.json's colours of anchors and of the page (qyl's docs.json kept both)", () => {
    expect(
      notices({
        'docs.json': docsJson({
          colors: {
            primary: '#0D9373',
            anchors: { from: '#0D9373', to: '#07C983' },
            background: { light: '#ffffff', dark: '#000000' },
          },
        }),
      }),
    ).toEqual([
      [
        'docs.json',
        'colors.anchors',
        'a mint.json setting, not a docs.json one: docs.json reads an anchor\'s colour from its "color" in "navigation.anchors"; ignored',
      ],
      [
        'docs.json',
        'colors.background',
        'a mint.json setting, not a docs.json one: docs.json reads the page colours from "background.color"; ignored',
      ],
    ]);
  });

  it('says where mint.json takes a setting a docs.json key makes, for such a key in a mint.json', () => {
    expect(
      notices({
        'mint.json': {
          name: 'Legacy',
          colors: { primary: '#112233' },
          navigation: [{ group: 'Start', pages: ['index'] }],
          background: { style: 'grid', color: { light: '#f8ece4', dark: '#000000' }, image: '/bg.png' },
        },
      }),
    ).toEqual([
      [
        'mint.json',
        'background.color',
        'a docs.json setting, not a mint.json one: mint.json reads the page colours from "colors.background"; ignored',
      ],
      [
        'mint.json',
        'background.image',
        'a docs.json setting, not a mint.json one: mint.json reads it from "backgroundImage"; ignored',
      ],
    ]);
  });

  it('names the first few of many and counts the rest', () => {
    const extra = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`custom${i}`, i]));
    const found = notices({ 'docs.json': docsJson(extra) });
    expect(found).toHaveLength(MAX_UNKNOWN_KEYS + 1);
    expect(found[0]).toEqual(['docs.json', 'custom0', 'not a docs.json setting Offprint knows; ignored']);
    expect(found.at(-1)).toEqual([
      'docs.json',
      undefined,
      `and ${150 - MAX_UNKNOWN_KEYS} more keys that are not docs.json settings Offprint knows; ignored`,
    ]);
  });
});
