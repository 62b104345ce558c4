/** Navigation normalisation: every shape of test/fixtures/all-shapes becomes one tree. */
import { describe, expect, it } from 'vitest';
import type { NavGroup, NavItem, NavPageRef, NavSection } from '../server/sites/project/model.js';
import { loadSiteProject } from '../server/sites/project/model.js';
import { ALL_SHAPES } from './helpers/siteProjects.js';

const page = (id: string, path: string): NavPageRef => ({ kind: 'page', id, page: path });
const group = (id: string, label: string, items: NavItem[], rest: Partial<NavGroup> = {}): NavGroup => ({
  kind: 'group',
  id,
  label,
  expanded: false,
  hidden: false,
  items,
  ...rest,
});
const section = (
  division: NavSection['division'],
  id: string,
  label: string,
  content: { sections?: NavSection[]; items?: NavItem[] },
  rest: Partial<NavSection> = {},
): NavSection => ({
  kind: 'section',
  division,
  id,
  label,
  hidden: false,
  sections: content.sections ?? [],
  items: content.items ?? [],
  ...rest,
});

const EN = 'navigation.languages[0]';
const V2 = `${EN}.versions[0]`;
const PLATFORM = `${V2}.products[0]`;
const START = `${PLATFORM}.tabs[0].groups[0]`;
const USERS = `${PLATFORM}.tabs[1].groups[0]`;
const TOOLS = `${PLATFORM}.tabs[2]`;
const REF = `${V2}.products[1].openapi`;
const V1 = `${EN}.versions[1]`;
const FR = 'navigation.languages[1]';

describe('the all-shapes fixture', () => {
  const model = loadSiteProject(ALL_SHAPES);

  it('normalises languages, versions, products, tabs, menus, anchors, dropdowns, groups, pages and links', () => {
    const guides = section(
      'tab',
      `${PLATFORM}.tabs[0]`,
      'Guides',
      {
        items: [
          group(
            START,
            'Get started',
            [
              page(`${START}.pages[0]`, 'index'),
              // Written "quickstart.mdx" and "/guides/getting_started-guide": extension and slash dropped.
              page(`${START}.pages[1]`, 'quickstart'),
              page(`${START}.pages[2]`, 'guides/getting_started-guide'),
              group(
                `${START}.pages[3]`,
                'Install',
                [
                  page(`${START}.pages[3].pages[0]`, 'install/linux'),
                  page(`${START}.pages[3].pages[1]`, 'install/macos'),
                ],
                { root: 'install/overview', expanded: true, tag: 'NEW' },
              ),
              group(`${START}.pages[4]`, 'Internals', [page(`${START}.pages[4].pages[0]`, 'guides/hidden-one')], {
                hidden: true,
              }),
              page(`${START}.pages[5]`, 'guides/secret'),
              // pages[6] ("guides/missing-page") is reported, not listed.
            ],
            { icon: { name: 'rocket' } },
          ),
        ],
      },
      { icon: { name: 'book' } },
    );
    const api = section(
      'tab',
      `${PLATFORM}.tabs[1]`,
      'API',
      {
        items: [
          group(USERS, 'Users', [
            page(`${USERS}.pages[0]`, 'api/overview'),
            page(`${USERS}.pages[1]`, 'api/get-user'),
            page(`${USERS}.pages[2]`, 'api-reference/users/list-users'),
            page(`${USERS}.pages[3]`, 'api-reference/users/create-a-user'),
          ]),
        ],
      },
      { icon: { name: 'code' } },
    );
    const tools = section('tab', TOOLS, 'Tools', {
      sections: [
        section(
          'menu',
          `${TOOLS}.menu[0]`,
          'CLI',
          { items: [page(`${TOOLS}.menu[0].pages[0]`, 'tools/cli')] },
          {
            icon: { name: 'terminal' },
            description: 'The command line',
          },
        ),
        section('menu', `${TOOLS}.menu[1]`, 'Status', {}, { href: 'https://status.example.org' }),
      ],
    });
    const community = section('tab', `${PLATFORM}.tabs[3]`, 'Community', {}, { href: 'https://forum.example.org' });
    const reference = section(
      'product',
      `${V2}.products[1]`,
      'Reference',
      {
        items: [
          group(`${REF}#Users`, 'User management', [
            page(`${REF}#Users.pages[0]`, 'reference/users/list-users'),
            page(`${REF}#Users.pages[1]`, 'reference/users/create-a-user'),
            page(`${REF}#Users.pages[2]`, 'reference/users/get-a-user'),
            // DELETE /users/{id} is x-hidden: a page, no entry. GET /internal is x-excluded: nothing.
          ]),
          group(`${REF}#Events`, 'Events', [page(`${REF}#Events.pages[0]`, 'reference/events/user-created')]),
          // Untagged operations: a group named as Mintlify names it.
          group(`${REF}.untagged`, 'API Reference', [page(`${REF}.untagged.pages[0]`, 'reference/get-health')]),
        ],
      },
      { icon: { name: 'braces' } },
    );
    const v2 = section(
      'version',
      V2,
      'v2',
      {
        sections: [
          section(
            'product',
            PLATFORM,
            'Platform',
            { sections: [guides, api, tools, community] },
            {
              icon: { name: 'server' },
              description: 'Run Shapes',
            },
          ),
          reference,
        ],
      },
      { default: true, tag: 'Latest' },
    );
    const v1 = section('version', V1, 'v1', {
      sections: [
        section(
          'anchor',
          `${V1}.anchors[0]`,
          'Docs',
          {
            items: [page(`${V1}.anchors[0].pages[0]`, 'v1/intro'), page(`${V1}.anchors[0].pages[1]`, 'changelog')],
          },
          { icon: { name: 'book' }, color: { light: '#111111', dark: '#EEEEEE' } },
        ),
        section(
          'anchor',
          `${V1}.anchors[1]`,
          'Help',
          { items: [page(`${V1}.anchors[1].pages[0]`, 'v1/help')] },
          {
            hidden: true,
            searchable: true,
          },
        ),
        section(
          'anchor',
          `${V1}.anchors[2]`,
          'Forum',
          {},
          { icon: { name: 'users' }, href: 'https://forum.example.org' },
        ),
      ],
    });
    const en = section(
      'language',
      EN,
      'en',
      { sections: [v2, v1] },
      { default: true, banner: { content: 'English docs' } },
    );
    // fr comes from nav/fr.json; the sibling `banner` in docs.json overrides the file's.
    const fr = section(
      'language',
      FR,
      'fr',
      {
        sections: [
          section(
            'dropdown',
            `${FR}.dropdowns[0]`,
            'Plateforme',
            { items: [page(`${FR}.dropdowns[0].pages[0]`, 'fr/index')] },
            {
              icon: { name: 'server' },
            },
          ),
          section('dropdown', `${FR}.dropdowns[1]`, 'SDK', {}, { href: 'https://sdk.example.org' }),
        ],
      },
      { banner: { content: 'Documentation en français' } },
    );

    expect(model.navigation).toEqual({
      sections: [en, fr],
      items: [],
      global: [
        section('tab', 'navigation.global.tabs[0]', 'Blog', {}, { href: 'https://blog.example.org' }),
        section(
          'anchor',
          'navigation.global.anchors[0]',
          'Status',
          {},
          { icon: { name: 'signal' }, href: 'https://status.example.org' },
        ),
      ],
    });
  });

  it('lists pages in navigation order, group roots before their pages', () => {
    expect(model.navOrder).toEqual([
      'index',
      'quickstart',
      'guides/getting_started-guide',
      'install/overview',
      'install/linux',
      'install/macos',
      'guides/hidden-one',
      'guides/secret',
      'api/overview',
      'api/get-user',
      'api-reference/users/list-users',
      'api-reference/users/create-a-user',
      'tools/cli',
      'reference/users/list-users',
      'reference/users/create-a-user',
      'reference/users/get-a-user',
      'reference/events/user-created',
      'reference/get-health',
      'v1/intro',
      'changelog',
      'v1/help',
      'fr/index',
    ]);
  });

  it('generates endpoint pages from OpenAPI page strings and openapi-only divisions', () => {
    const generated = [...model.pages.values()].filter((p) => p.format === 'openapi');
    expect(generated.map((p) => [p.path, p.operation?.key, p.title, p.inNavigation])).toEqual([
      ['api-reference/users/list-users', 'specs/api.yaml GET /users', 'List users', true],
      ['api-reference/users/create-a-user', 'specs/api.yaml POST /users', 'Create a user', true],
      ['reference/users/list-users', 'specs/api.yaml GET /users', 'List users', true],
      ['reference/users/create-a-user', 'specs/api.yaml POST /users', 'Create a user', true],
      ['reference/users/get-a-user', 'specs/api.yaml GET /users/{id}', 'Get a user', true],
      ['reference/users/delete-a-user', 'specs/api.yaml DELETE /users/{id}', 'Delete a user', false],
      ['reference/events/user-created', 'specs/api.yaml webhook userCreated', 'User created', true],
      ['reference/get-health', 'specs/api.yaml GET /health', 'GET /health', true],
    ]);
    const hidden = model.pages.get('reference/users/delete-a-user');
    expect(hidden).toMatchObject({ file: null, url: '/reference/users/delete-a-user', indexed: false });
    expect(hidden?.frontmatter).toEqual({
      title: 'Delete a user',
      deprecated: true,
      openapi: 'specs/api.yaml DELETE /users/{id}',
    });
    expect(hidden?.operation?.pathItem['parameters']).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
    ]);
  });

  it('reports the nav reference to a missing page with its key path', () => {
    expect(model.problems.filter((p) => p.code === 'missing-page')).toEqual([
      {
        code: 'missing-page',
        file: 'docs.json',
        keyPath: `${START}.pages[6]`,
        message: '"guides/missing-page": no page guides/missing-page.mdx or guides/missing-page.md in the project',
      },
    ]);
  });
});
