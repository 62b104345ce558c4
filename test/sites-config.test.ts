/** Loading docs.json ($ref splicing, validation errors) and converting legacy mint.json. */
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSiteProject } from '../server/sites/project/model.js';
import { tempDir } from './helpers/dataDirs.js';
import { appErrorOf, detailMessages, docsJson, LEGACY_MINT, writeProject } from './helpers/siteProjects.js';

const page = (title: string): string => `---\ntitle: ${title}\n---\n\nText.\n`;

describe('$ref splicing', () => {
  it('splices files anywhere, relative to the file holding the $ref, merging sibling keys over objects', () => {
    const dir = writeProject({
      'docs.json': docsJson({
        navigation: { $ref: './nav/main.json', global: { anchors: [{ anchor: 'Home', href: '/' }] } },
        redirects: { $ref: './redirects.json', ignored: 'siblings of an array target are dropped' },
        footer: { $ref: './nav/footer.json', socials: { x: 'https://x.example' } },
      }),
      // Nested refs resolve from nav/, not from the root.
      'nav/main.json': { groups: [{ $ref: './group.json' }, { $ref: '../more/group.json', group: 'Renamed' }] },
      'nav/group.json': { group: 'First', pages: ['index'] },
      'more/group.json': { group: 'Second', icon: 'star', pages: ['second'] },
      'redirects.json': [{ source: '/old', destination: '/' }],
      'nav/footer.json': {
        socials: { github: 'https://github.example' },
        links: [{ items: [{ label: 'A', href: '/a' }] }],
      },
      'index.mdx': page('Home'),
      'second.mdx': page('Second'),
    });
    const model = loadSiteProject(dir);
    expect(model.config.navigation).toEqual({
      groups: [
        { group: 'First', pages: ['index'] },
        { group: 'Renamed', icon: 'star', pages: ['second'] },
      ],
      global: { anchors: [{ anchor: 'Home', href: '/' }] },
    });
    expect(model.redirects).toEqual([{ source: '/old', destination: '/', permanent: true }]);
    // Siblings win over the target's keys (shallow merge).
    expect(model.config.footer).toEqual({
      socials: { x: 'https://x.example' },
      links: [{ items: [{ label: 'A', href: '/a' }] }],
    });
  });

  it('rejects a $ref leaving the project, naming the file and key', () => {
    const dir = writeProject({
      'docs.json': docsJson({ navigation: { $ref: './nav.json' } }),
      'nav.json': { groups: [{ $ref: '../../etc/x.json' }] },
    });
    const error = appErrorOf(() => loadSiteProject(dir));
    expect(error.status).toBe(400);
    expect(detailMessages(error)).toEqual(['nav.json: groups[0].$ref: "../../etc/x.json" points outside the project']);
  });

  it('rejects absolute paths and URLs as $ref targets', () => {
    for (const ref of ['/etc/passwd', 'https://example.org/nav.json', 'C:\\nav.json']) {
      const dir = writeProject({ 'docs.json': docsJson({ navigation: { $ref: ref } }) });
      expect(detailMessages(appErrorOf(() => loadSiteProject(dir)))).toEqual([
        `docs.json: navigation.$ref: "${ref}" must be a relative path inside the project (like "./nav/en.json")`,
      ]);
    }
  });

  it('rejects a symlink inside the project that leads out of it', () => {
    const outside = writeProject({ 'nav.json': { pages: ['index'] } });
    const dir = writeProject({ 'docs.json': docsJson({ navigation: { $ref: './linked.json' } }) });
    symlinkSync(join(outside, 'nav.json'), join(dir, 'linked.json'));
    expect(detailMessages(appErrorOf(() => loadSiteProject(dir)))).toEqual([
      'docs.json: navigation.$ref: "./linked.json" points outside the project',
    ]);
  });

  it('reports a cycle with the whole chain, and a missing target', () => {
    const cyclic = writeProject({
      'docs.json': docsJson({ navigation: { $ref: './a.json' } }),
      'a.json': { groups: [{ $ref: './b.json' }] },
      'b.json': { group: 'B', pages: [{ $ref: './a.json' }] },
    });
    expect(detailMessages(appErrorOf(() => loadSiteProject(cyclic)))).toEqual([
      'b.json: pages[0].$ref: circular reference: docs.json -> a.json -> b.json -> a.json',
    ]);
    const self = writeProject({ 'docs.json': docsJson({ navigation: { $ref: './docs.json' } }) });
    expect(detailMessages(appErrorOf(() => loadSiteProject(self)))).toEqual([
      'docs.json: navigation.$ref: circular reference: docs.json -> docs.json',
    ]);
    const missing = writeProject({ 'docs.json': docsJson({ redirects: { $ref: './nav/redirects.json' } }) });
    expect(detailMessages(appErrorOf(() => loadSiteProject(missing)))).toEqual([
      'docs.json: redirects.$ref: "./nav/redirects.json" does not exist (looked for nav/redirects.json)',
    ]);
  });

  it('allows the same file to be referenced twice when there is no cycle', () => {
    const dir = writeProject({
      'docs.json': docsJson({ navigation: { tabs: [{ $ref: './tab.json' }, { $ref: './tab.json', tab: 'Copy' }] } }),
      'tab.json': { tab: 'Docs', pages: ['index'] },
      'index.mdx': page('Home'),
    });
    expect(loadSiteProject(dir).navigation.sections.map((s) => s.label)).toEqual(['Docs', 'Copy']);
  });
});

describe('broken configs', () => {
  const broken = (config: unknown, extra: Record<string, unknown> = {}): string[] =>
    detailMessages(appErrorOf(() => loadSiteProject(writeProject({ 'docs.json': config, ...extra }))));

  it('names file, line and column of invalid JSON, also in a $ref target', () => {
    const error = appErrorOf(() =>
      loadSiteProject(writeProject({ 'docs.json': '{\n  "name": "x",\n  "theme": "mint"\n  "colors": {}\n}' })),
    );
    expect(error.message).toBe('docs.json is not valid JSON');
    expect(detailMessages(error)).toEqual([`docs.json: line 4, column 3: Expected ',' or '}' after property value`]);
    expect(broken(docsJson({ navigation: { $ref: './nav/en.json' } }), { 'nav/en.json': '{"groups": [}' })).toEqual([
      `nav/en.json: line 1, column 14: Unexpected token '}'`,
    ]);
  });

  it('names the file the bad value came from and its full key path', () => {
    const tabs = [
      { tab: 'A', pages: [] },
      { tab: 'B', pages: [] },
      { tab: 'C', groups: [{ group: 'G', pages: ['a', 'b', 'c', 7] }] },
    ];
    expect(broken(docsJson({ navigation: { tabs } }))).toEqual([
      'docs.json: navigation.tabs[2].groups[0].pages[3]: must be a page path string or a group object',
    ]);
    expect(
      broken(docsJson({ navigation: { $ref: './nav/en.json' } }), {
        'nav/en.json': { groups: [{ group: 'G', hidden: 'yes', pages: [] }] },
      }),
    ).toEqual(['nav/en.json: navigation.groups[0].hidden: must be a boolean, found string "yes"']);
  });

  it('requires the label of each division item, name, theme, a hex primary color and navigation', () => {
    expect(broken(docsJson({ navigation: { tabs: [{ groups: [{ pages: ['index'] }] }] } }))).toEqual([
      'docs.json: navigation.tabs[0].tab: is required: each tab needs a "tab" label',
      'docs.json: navigation.tabs[0].groups[0].group: is required: each group needs a "group" label',
    ]);
    expect(broken({ colors: { primary: 'red' } })).toEqual([
      'docs.json: name: is required',
      'docs.json: theme: is required',
      'docs.json: colors.primary: must be a hex color such as #0D9373',
      'docs.json: navigation: is required',
    ]);
    expect(broken(docsJson({ appearance: { default: 'blue' } }))).toEqual([
      'docs.json: appearance.default: must be one of "system", "light", "dark", found string "blue"',
    ]);
  });

  it('puts the first problem in the message, for one-line displays', () => {
    const error = appErrorOf(() =>
      loadSiteProject(writeProject({ 'docs.json': docsJson({ redirects: [{ source: '/a' }] }) })),
    );
    expect(error.message).toBe(
      'docs.json is not a valid docs configuration: docs.json: redirects[0].destination: is required',
    );
  });

  it('fails clearly without any config, or when the source is not a folder', () => {
    expect(detailMessages(appErrorOf(() => loadSiteProject(writeProject({ 'index.mdx': page('x') }))))).toEqual([
      'docs.json: not found at the root of the project',
    ]);
    const missing = join(tempDir(), 'nope');
    expect(detailMessages(appErrorOf(() => loadSiteProject(missing)))).toEqual([`${missing}: no such folder`]);
  });

  it('keeps unknown keys instead of rejecting them', () => {
    const dir = writeProject({
      'docs.json': docsJson({ futureKey: { a: 1 }, navigation: { pages: ['index'], futureNav: true } }),
      'index.mdx': page('x'),
    });
    const model = loadSiteProject(dir);
    expect(model.config['futureKey']).toEqual({ a: 1 });
    expect(model.config.navigation['futureNav']).toBe(true);
  });
});

describe('legacy mint.json', () => {
  it('leaves a GitHub button without a name to the theme to label, not its URL', () => {
    const mint = (button: Record<string, string>) =>
      writeProject({
        'mint.json': JSON.stringify({
          name: 'Bytes',
          colors: { primary: '#0D9373' },
          navigation: [{ group: 'Start', pages: ['index'] }],
          topbarCtaButton: button,
        }),
        'index.mdx': '# Home\n',
      });
    const github = loadSiteProject(mint({ type: 'github', url: 'https://github.com/example/docs' }));
    expect(github.config.navbar).toEqual({ primary: { type: 'github', href: 'https://github.com/example/docs' } });
    const named = loadSiteProject(mint({ type: 'github', name: 'Star us', url: 'https://github.com/example/docs' }));
    expect(named.config.navbar?.primary).toMatchObject({ label: 'Star us' });
  });

  it('converts navigation, tabs by URL prefix, versions, anchors and settings to the docs.json shape', () => {
    const model = loadSiteProject(LEGACY_MINT);
    expect(model.configFile).toBe('mint.json');
    const tabsOf = (legacyGroup: boolean) => [
      {
        tab: 'Documentation',
        groups: [
          { group: 'Get Started', pages: ['introduction', 'quickstart'] },
          ...(legacyGroup ? [{ group: 'Legacy', pages: ['v1/old'] }] : []),
        ],
      },
      {
        tab: 'API Reference',
        groups: [
          {
            group: 'Endpoints',
            icon: { name: 'code', style: 'solid' },
            pages: ['api-reference/introduction', { group: 'Users', pages: ['api-reference/users'] }],
          },
        ],
      },
      { tab: 'SDKs', groups: [{ group: 'Node', pages: ['sdk/node'] }] },
      { tab: 'Status', href: 'https://status.example.org' },
    ];
    expect(model.config).toEqual({
      $schema: 'https://mintlify.com/docs.json',
      name: 'Legacy Docs',
      theme: 'mint',
      logo: { light: '/images/logo.svg', dark: '/images/logo.svg' },
      favicon: '/images/logo.svg',
      colors: { primary: '#9563FF', light: '#AE87FF', dark: '#9563FF' },
      background: { color: { dark: '#0F1117' } },
      appearance: { default: 'light', strict: true },
      navigation: {
        versions: [
          { version: 'v2', tabs: tabsOf(false) },
          { version: 'v1', tabs: tabsOf(true) },
        ],
        global: { anchors: [{ anchor: 'Community', icon: 'discord', href: 'https://discord.example.org' }] },
      },
      navbar: {
        links: [{ label: 'Support', href: 'mailto:support@example.org' }],
        primary: { type: 'button', label: 'Get started', href: 'https://app.example.org' },
      },
      footer: { socials: { github: 'https://github.com/example/legacy' } },
      integrations: { ga4: { measurementId: 'G-TEST' } },
      seo: { indexing: 'all' },
    });
    expect(model.settings.readerFeedback).toBe(true);
    expect(model.problems).toEqual([]);
    expect(model.settings.appearance).toEqual({ default: 'light', strict: true });
    expect([...model.pages.keys()].sort()).toEqual([
      'api-reference/introduction',
      'api-reference/users',
      'introduction',
      'quickstart',
      'sdk/node',
      'v1/old',
    ]);
  });

  it('puts groups under prefix anchors when there are no tabs', () => {
    const dir = writeProject({
      'mint.json': {
        name: 'A',
        colors: { primary: '#000000' },
        topAnchor: { name: 'Guides', icon: 'book' },
        anchors: [{ name: 'API', icon: 'code', url: 'api', color: '#FF0000' }],
        navigation: [
          { group: 'Start', pages: ['index'] },
          { group: 'Endpoints', pages: ['api/users'] },
        ],
      },
      'index.mdx': page('Home'),
      'api/users.mdx': page('Users'),
    });
    expect(loadSiteProject(dir).config.navigation).toEqual({
      anchors: [
        { anchor: 'Guides', icon: 'book', groups: [{ group: 'Start', pages: ['index'] }] },
        {
          anchor: 'API',
          icon: 'code',
          color: { light: '#FF0000', dark: '#FF0000' },
          groups: [{ group: 'Endpoints', pages: ['api/users'] }],
        },
      ],
    });
  });

  it('reports mint.json problems with mint.json key paths', () => {
    const dir = writeProject({
      'mint.json': { name: 'A', colors: { primary: '#000000' }, navigation: [{ group: 'G', pages: [1] }] },
    });
    expect(detailMessages(appErrorOf(() => loadSiteProject(dir)))).toEqual([
      'mint.json: navigation[0].pages[0]: must be a page path string or a group object',
    ]);
  });

  it('prefers docs.json when both exist', () => {
    const dir = writeProject({ 'docs.json': docsJson(), 'mint.json': '{ broken', 'index.mdx': page('Home') });
    expect(loadSiteProject(dir).configFile).toBe('docs.json');
  });
});
