/** Navigation edge cases: unknown operations, remote specs, generated pages next to file pages. */
import { describe, expect, it } from 'vitest';
import type { NavPageRef } from '../server/sites/project/model.js';
import { loadSiteProject } from '../server/sites/project/model.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

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
      ['missing-operation', 'navigation.groups[2].openapi', 'missing.yaml: no OpenAPI spec at this path'],
    ]);
    expect(model.navigation.items.map((g) => (g.kind === 'group' ? g.items.length : -1))).toEqual([1, 0, 0]);
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
      page('navigation.pages[1]', 'api-reference/list-items-get'),
    ]);
  });
});
