/**
 * Generated endpoint pages get the URLs and sidebar groups Mintlify documents (api-playground/endpoint-urls
 * and organize-endpoints), so that links written against a Mintlify site lead to the same pages offline:
 * a summary or tag keeps its case-folded words and `&`, loses only `{ } ( ) , . ' /`; an operation without
 * a summary is named by its method and path; a repeat is numbered -1, -2; a tag's x-displayName labels its
 * group; untagged operations form a group named "API Reference".
 */
import { describe, expect, it } from 'vitest';
import type { NavItem } from '../server/sites/project/model.js';
import { loadSiteProject } from '../server/sites/project/model.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

const ok = { responses: { '200': { description: 'OK' } } };
const spec = {
  openapi: '3.1.0',
  info: { title: 'T', version: '1' },
  tags: [{ name: 'ChatCompletions', 'x-displayName': 'Chat completions' }, { name: 'Items' }],
  paths: {
    '/entities': { get: { tags: ['ChatCompletions'], summary: 'Search & list entities', ...ok } },
    '/health': { get: { tags: ['ChatCompletions'], summary: 'getHealth', ...ok } },
    '/clients': { post: { tags: ['ChatCompletions'], summary: 'Créer un client', ...ok } },
    '/news': { get: { tags: ['ChatCompletions'], summary: "What's new? (v2.1)", ...ok } },
    '/items/{id}': {
      get: { tags: ['Items'], summary: 'Get item', ...ok },
      put: { tags: ['Items'], summary: 'Get item', ...ok },
    },
    '/users/{id}/posts': { get: { operationId: 'listPosts', ...ok } },
  },
};

function groups(items: readonly NavItem[]): [string, string[]][] {
  return items.flatMap((item) =>
    item.kind === 'group'
      ? [[item.label, item.items.flatMap((i) => (i.kind === 'page' ? [i.page] : []))] as [string, string[]]]
      : [],
  );
}

describe('generated endpoint page URLs and groups', () => {
  it("follow Mintlify's documented rules", () => {
    const model = loadSiteProject(
      writeProject({ 'docs.json': docsJson({ navigation: { openapi: 'openapi.json' } }), 'openapi.json': spec }),
    );
    expect(groups(model.navigation.items)).toEqual([
      [
        'Chat completions',
        [
          'api-reference/chatcompletions/search-&-list-entities',
          'api-reference/chatcompletions/gethealth',
          'api-reference/chatcompletions/créer-un-client',
          // Mintlify keeps the `?`; a bundle's file name and a URL path cannot.
          'api-reference/chatcompletions/whats-new-v21',
        ],
      ],
      ['Items', ['api-reference/items/get-item', 'api-reference/items/get-item-1']],
      ['API Reference', ['api-reference/get-users-posts']],
    ]);
    expect(model.problems).toEqual([]);
  });

  it('write the directory in lower case', () => {
    const model = loadSiteProject(
      writeProject({
        'docs.json': docsJson({ navigation: { openapi: { source: 'openapi.json', directory: 'Reference' } } }),
        'openapi.json': spec,
      }),
    );
    expect(groups(model.navigation.items)[0]?.[1][0]).toBe('reference/chatcompletions/search-&-list-entities');
  });
});
