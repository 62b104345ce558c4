/** Navigation edge cases: unknown operations, remote specs, generated pages next to file pages. */
import { describe, expect, it } from 'vitest';
import { parse } from 'node-html-parser';
import type { NavItem, NavPageRef } from '../server/sites/project/model.js';
import { loadSiteProject } from '../server/sites/project/model.js';
import { renderDocument } from '../server/sites/theme/document.js';
import { BLANK_BODY, docsJson, writeProject } from './helpers/siteProjects.js';

const page = (id: string, path: string): NavPageRef => ({ kind: 'page', id, page: path });

describe('navigation edge cases', () => {
  const mdx = '---\ntitle: T\n---\n';

  it('reports unknown operations and remote specs instead of failing', () => {
    const dir = writeProject({
      'docs.json': docsJson({
        navigation: {
          groups: [
            {
              group: 'A',
              openapi: 'openapi.json',
              pages: ['index', 'GET /nope', 'https://api.example.org/spec.json GET /x'],
            },
            { group: 'B', openapi: 'https://api.example.org/spec.json' },
            { group: 'C', openapi: 'missing.yaml' },
          ],
        },
      }),
      'index.mdx': mdx,
      'openapi.json': {
        openapi: '3.0.3',
        info: { title: 'T', version: '1' },
        paths: { '/a': { get: { summary: 'A' } } },
      },
    });
    const model = loadSiteProject(dir);
    expect(model.problems.map((p) => [p.code, p.keyPath, p.message])).toEqual([
      ['missing-operation', 'navigation.groups[0].pages[1]', '"GET /nope": no local OpenAPI spec has this operation'],
      [
        'remote-spec',
        'navigation.groups[0].pages[2]',
        '"https://api.example.org/spec.json GET /x": the spec is a URL, which an offline import cannot fetch; run `offprint pack` on a connected machine',
      ],
      [
        'remote-spec',
        'navigation.groups[1].openapi',
        'https://api.example.org/spec.json: the spec is a URL, which an offline import cannot fetch; run `offprint pack` on a connected machine',
      ],
      ['missing-spec', 'navigation.groups[2].openapi', 'missing.yaml: file not found in the project'],
    ]);
    // B and C list nothing their specs could give: reported above, and no bare headings in the sidebar.
    expect(model.navigation.items.map((g) => (g.kind === 'group' ? g.items.length : -1))).toEqual([1]);
  });

  it('reports a top-level spec file the project lacks, naming the file and the key', () => {
    const spec = { openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: {} };
    const dir = writeProject({
      'docs.json': docsJson({
        api: {
          openapi: ['swagger.json', 'api/present.json', '/api/gone.yaml', 'notes.json', 'https://x.example/o.json'],
        },
        navigation: { pages: ['index'], tabs: [{ tab: 'API', openapi: './v3.yaml', pages: ['index'] }] },
      }),
      'index.mdx': mdx,
      'api/present.json': spec,
      'notes.json': { not: 'a spec' },
    });
    expect(loadSiteProject(dir).problems.map((p) => [p.code, p.file, p.keyPath, p.message])).toEqual([
      ['missing-spec', 'docs.json', 'api.openapi[0]', 'swagger.json: file not found in the project'],
      ['missing-spec', 'docs.json', 'api.openapi[2]', '/api/gone.yaml: file not found in the project'],
      ['invalid-spec', 'docs.json', 'api.openapi[3]', 'notes.json: not an OpenAPI document'],
      [
        'remote-spec',
        'docs.json',
        'api.openapi[4]',
        'https://x.example/o.json: the spec is a URL, which an offline import cannot fetch; run `offprint pack` on a connected machine',
      ],
      ['missing-spec', 'docs.json', 'navigation.tabs[0].openapi', './v3.yaml: file not found in the project'],
    ]);
  });

  it("reports a mint.json's missing spec under the key it writes, openapi", () => {
    const dir = writeProject({
      'mint.json': {
        name: 'M',
        colors: { primary: '#112233' },
        openapi: ['/composio.yaml'],
        navigation: [{ group: 'G', pages: ['index'] }],
      },
      'index.mdx': mdx,
    });
    expect(loadSiteProject(dir).problems.map((p) => [p.code, p.file, p.keyPath, p.message])).toEqual([
      ['missing-spec', 'mint.json', 'openapi', '/composio.yaml: file not found in the project'],
    ]);
  });

  it("says a page's operation is missing because the spec the config names by URL is not fetched (Julep's)", () => {
    const dir = writeProject({
      'mint.json': {
        name: 'M',
        colors: { primary: '#112233' },
        openapi: ['https://api.example.test/openapi.json'],
        navigation: [{ group: 'G', pages: ['create'] }],
      },
      'create.mdx': '---\ntitle: Create\nopenapi: post /agents\n---\n',
    });
    expect(loadSiteProject(dir).problems.map((p) => [p.code, p.file, p.message])).toEqual([
      [
        'remote-spec',
        'mint.json',
        'https://api.example.test/openapi.json: the spec is a URL, which an offline import cannot fetch; run `offprint pack` on a connected machine',
      ],
      [
        'missing-operation',
        'create.mdx',
        'openapi "post /agents": the spec the config names by URL is not fetched (see its remote-spec problem), and no local one has it',
      ],
    ]);
  });

  it('keeps a generated page off a file page of the same path', () => {
    const dir = writeProject({
      'docs.json': docsJson({
        navigation: { openapi: 'spec.yaml', pages: ['api-reference/list-items', 'GET /items'] },
      }),
      'api-reference/list-items.mdx': mdx,
      'spec.yaml':
        'openapi: 3.0.0\ninfo: {title: T, version: "1"}\npaths:\n  /items:\n    get:\n      summary: List items\n',
    });
    const model = loadSiteProject(dir);
    expect(model.navigation.items).toEqual([
      page('navigation.pages[0]', 'api-reference/list-items'),
      // Mintlify numbers a repeated endpoint URL -1, -2, ...
      page('navigation.pages[1]', 'api-reference/list-items-1'),
    ]);
  });

  it("puts an operation's page at its x-mint href, or links the page already there (Mintlify's x-mint: href)", () => {
    const op = (summary: string, href: string): Record<string, unknown> => ({ summary, 'x-mint': { href } });
    const dir = writeProject({
      'docs.json': docsJson({
        navigation: { openapi: 'spec.json', pages: ['POST /generate', 'GET /guide', 'GET /plain'] },
      }),
      'guides/special.mdx': mdx,
      'spec.json': {
        openapi: '3.1.0',
        info: { title: 'T', version: '1' },
        paths: {
          '/generate': { post: op('Generate a response', '/api/generate') },
          '/guide': { get: op('Special endpoint', '/guides/special') },
          '/plain': { get: { summary: 'Plain', 'x-mint': { href: 'https://example.com/elsewhere' } } },
        },
      },
    });
    const model = loadSiteProject(dir);
    expect(model.navigation.items).toEqual([
      page('navigation.pages[0]', 'api/generate'),
      page('navigation.pages[1]', 'guides/special'),
      page('navigation.pages[2]', 'api-reference/plain'),
    ]);
    expect(model.pages.get('api/generate')).toMatchObject({ url: '/api/generate', format: 'openapi' });
    expect(model.pages.get('guides/special')?.format).not.toBe('openapi');
  });

  it('keeps the default path for an x-mint href that would leave the site or is no plain path', () => {
    const hrefs = ['../../evil', '/api/../../../up', '/api/%2e%2e/c', '/api/.hidden', '/api/with space', '/api/a:b'];
    const paths = Object.fromEntries(
      hrefs.map((href, i) => [`/op${i}`, { get: { summary: `Op ${i}`, 'x-mint': { href } } }]),
    );
    const dir = writeProject({
      'docs.json': docsJson({ navigation: { openapi: 'spec.json', pages: hrefs.map((_, i) => `GET /op${i}`) } }),
      'spec.json': { openapi: '3.1.0', info: { title: 'T', version: '1' }, paths },
    });
    const model = loadSiteProject(dir);
    expect([...model.pages.keys()].sort()).toEqual(hrefs.map((_, i) => `api-reference/op-${i}`).sort());
  });

  it('puts endpoint pages under api-reference when the openapi directory would leave the site, and says so', () => {
    const dirs = ['../../../../escaped', 'api/%2e%2e/%2E%2E/up', './.hidden', 'api/v2/'];
    const dir = writeProject({
      'docs.json': docsJson({
        navigation: {
          groups: dirs.map((directory, i) => ({ group: `G${i}`, openapi: { source: `spec${i}.json`, directory } })),
        },
      }),
      ...Object.fromEntries(
        dirs.map((_, i) => [
          `spec${i}.json`,
          {
            openapi: '3.1.0',
            info: { title: 'T', version: '1' },
            paths: { [`/op${i}`]: { get: { summary: `Op ${i}` } } },
          },
        ]),
      ),
    });
    const model = loadSiteProject(dir);
    expect([...model.pages.keys()].sort()).toEqual([
      'api-reference/op-0',
      'api-reference/op-1',
      'api-reference/op-2',
      'api/v2/op-3',
    ]);
    expect(model.problems.map((p) => [p.code, p.message])).toEqual(
      dirs
        .slice(0, 3)
        .map((d) => [
          'invalid-config',
          `openapi directory "${d}": not a plain site path (segments of letters, digits and -_.~, none starting with a dot); its endpoint pages are under /api-reference`,
        ]),
    );
  });

  it("takes a generated page's metadata from its operation's x-mint metadata, except openapi", () => {
    const metadata = {
      title: 'List all users',
      description: 'Paginated users',
      'og:title': 'Users',
      openapi: 'x GET /y',
    };
    const dir = writeProject({
      'docs.json': docsJson({ navigation: { openapi: 'spec.json', pages: ['GET /users'] } }),
      'spec.json': {
        openapi: '3.1.0',
        info: { title: 'T', version: '1' },
        paths: { '/users': { get: { summary: 'Get users', description: 'Retrieve users', 'x-mint': { metadata } } } },
      },
    });
    const page = loadSiteProject(dir).pages.get('api-reference/get-users');
    expect(page?.title).toBe('List all users');
    expect(page?.frontmatter).toEqual({
      title: 'List all users',
      description: 'Paginated users',
      'og:title': 'Users',
      openapi: 'spec.json GET /users',
    });
  });

  it('leaves out groups with nothing to open, nested ones too, and keeps a group with only a root', () => {
    const dir = writeProject({
      'docs.json': docsJson({
        navigation: {
          groups: [
            { group: 'Start', pages: ['index'] },
            { group: 'Gone', pages: ['missing/one', 'missing/two'] },
            { group: 'Empty', pages: [] },
            {
              group: 'Outer',
              pages: [
                { group: 'Inner', pages: ['missing/three'] },
                { group: 'Bare', pages: [] },
              ],
            },
            { group: 'Mixed', pages: [{ group: 'Inner', pages: ['missing/four'] }, 'guide'] },
            { group: 'Rooted', root: 'guide', pages: [] },
          ],
        },
      }),
      'index.mdx': mdx,
      'guide.mdx': mdx,
    });
    const model = loadSiteProject(dir);
    const labels = (items: readonly NavItem[]): unknown[] =>
      items.map((item) => (item.kind === 'group' ? [item.label, labels(item.items)] : item.kind));
    expect(labels(model.navigation.items)).toEqual([
      ['Start', ['page']],
      ['Mixed', ['page']],
      ['Rooted', []],
    ]);
    // The missing pages are still reported.
    expect(model.problems.map((p) => p.keyPath)).toEqual([
      'navigation.groups[1].pages[0]',
      'navigation.groups[1].pages[1]',
      'navigation.groups[3].pages[0].pages[0]',
      'navigation.groups[4].pages[0].pages[0]',
    ]);
    const index = model.pages.get('index');
    if (index === undefined) throw new Error('no index page');
    const html = parse(renderDocument({ site: model, page: index, rendered: BLANK_BODY }));
    expect(html.querySelectorAll('.op-nav-group-title').map((e) => e.textContent.trim())).toEqual([
      'Start',
      'Mixed',
      'Rooted',
    ]);
  });

  it('links a collapsible group to its first page with interaction.drilldown, and only then', () => {
    const summaries = (interaction: object | undefined): [string, string | undefined][] => {
      const dir = writeProject({
        'docs.json': docsJson({
          ...(interaction === undefined ? {} : { interaction }),
          navigation: {
            groups: [
              {
                group: 'Start',
                pages: ['index', { group: 'Setup', pages: [{ group: 'Deep', pages: ['setup/b'] }, 'setup/a'] }],
              },
            ],
          },
        }),
        'index.mdx': mdx,
        'setup/a.mdx': mdx,
        'setup/b.mdx': mdx,
      });
      const model = loadSiteProject(dir);
      const index = model.pages.get('index');
      if (index === undefined) throw new Error('no index page');
      const html = parse(renderDocument({ site: model, page: index, rendered: BLANK_BODY }));
      return html.querySelectorAll('.op-nav-sub-summary').map((s) => {
        const link = s.querySelector('a');
        return [s.textContent.trim(), link?.getAttribute('href')];
      });
    };
    expect(summaries({ drilldown: true })).toEqual([
      ['Setup', '/setup/b'],
      ['Deep', '/setup/b'],
    ]);
    expect(summaries({ drilldown: false })).toEqual([
      ['Setup', undefined],
      ['Deep', undefined],
    ]);
    expect(summaries(undefined)).toEqual([
      ['Setup', undefined],
      ['Deep', undefined],
    ]);
  });

  it('shows no heading for a group whose pages are all hidden, nested or not', () => {
    const hidden = '---\ntitle: Hidden\nhidden: true\n---\n';
    const dir = writeProject({
      'docs.json': docsJson({
        navigation: {
          groups: [
            { group: 'Start', pages: ['index'] },
            { group: 'Internal', pages: ['internal/a', 'internal/b'] },
            { group: 'Outer', pages: [{ group: 'Inner', pages: ['internal/c'] }, 'guide'] },
          ],
        },
      }),
      'index.mdx': mdx,
      'guide.mdx': mdx,
      'internal/a.mdx': hidden,
      'internal/b.mdx': hidden,
      'internal/c.mdx': hidden,
    });
    const model = loadSiteProject(dir);
    const index = model.pages.get('index');
    if (index === undefined) throw new Error('no index page');
    const html = parse(renderDocument({ site: model, page: index, rendered: BLANK_BODY }));
    expect(html.querySelectorAll('.op-nav-group-title').map((e) => e.textContent.trim())).toEqual(['Start', 'Outer']);
    expect(html.querySelectorAll('.op-nav-sub-summary')).toEqual([]);
  });
});
