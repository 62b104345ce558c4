/** The page set: which files are pages, their frontmatter, visibility flags and reference problems. */
import { describe, expect, it } from 'vitest';
import { loadSiteProject } from '../server/sites/project/model.js';
import { fontsCss } from '../server/sites/theme/siteFonts.js';
import { ALL_SHAPES, docsJson, writeProject } from './helpers/siteProjects.js';

describe('pages of the all-shapes fixture', () => {
  const model = loadSiteProject(ALL_SHAPES);
  const filePages = [...model.pages.values()].filter((p) => p.file !== null);

  it('are the .mdx/.md files outside snippets/, ignored folders and the root README', () => {
    expect(filePages.map((p) => p.file)).toEqual([
      'api/get-user.mdx',
      'api/overview.mdx',
      'changelog.mdx',
      'fr/index.mdx',
      'guides/getting_started-guide.mdx',
      'guides/hidden-one.mdx',
      'guides/orphan.mdx',
      'guides/secret.mdx',
      'index.mdx',
      'install/linux.mdx',
      'install/macos.md',
      'install/overview.mdx',
      'quickstart.mdx',
      'tools/cli.mdx',
      'v1/help.mdx',
      'v1/intro.mdx',
    ]);
    expect(model.counts).toEqual({
      pages: 24,
      filePages: 16,
      generatedPages: 8,
      navPages: 22,
      outOfNavPages: 1,
      snippets: 2,
      specs: 1,
      operations: 6,
      redirects: 2,
    });
  });

  it('have URLs, titles (derived from the file name when absent) and nav labels', () => {
    expect(filePages.map((p) => [p.url, p.title, p.sidebarTitle, p.format])).toEqual([
      ['/api/get-user', 'Get a user', 'Get a user', 'mdx'],
      ['/api/overview', 'API overview', 'API overview', 'mdx'],
      ['/changelog', 'Changelog', 'Changelog', 'mdx'],
      ['/fr/index', 'Bienvenue', 'Bienvenue', 'mdx'],
      ['/guides/getting_started-guide', 'Getting started guide', 'Getting started guide', 'mdx'],
      ['/guides/hidden-one', 'Internals', 'Internals', 'mdx'],
      ['/guides/orphan', 'Orphan', 'Orphan', 'mdx'],
      ['/guides/secret', 'Secret', 'Secret', 'mdx'],
      ['/', 'Welcome', 'Welcome', 'mdx'],
      ['/install/linux', 'Linux', 'Linux', 'mdx'],
      ['/install/macos', 'macOS', 'macOS', 'md'],
      ['/install/overview', 'Installation', 'Installation', 'mdx'],
      ['/quickstart', 'Quickstart', 'Start', 'mdx'],
      ['/tools/cli', 'CLI', 'CLI', 'mdx'],
      ['/v1/help', 'Help', 'Help', 'mdx'],
      ['/v1/intro', 'Version 1', 'Version 1', 'mdx'],
    ]);
    expect(model.pages.get('index')).toMatchObject({
      description: 'Start here.',
      icon: { name: 'house' },
      keywords: ['home', 'start'],
    });
    expect(model.pages.get('install/linux')?.boost).toBe(3);
  });

  it('flag navigation, hidden, noindex, sitemap/search inclusion per the visibility rules', () => {
    const flags = (path: string) => {
      const p = model.pages.get(path);
      return p && [p.inNavigation, p.hidden, p.noindex, p.indexed, p.searchable];
    };
    // [inNavigation, hidden, noindex, indexed, searchable]
    expect(flags('index')).toEqual([true, false, false, true, true]);
    expect(flags('guides/orphan')).toEqual([false, false, false, false, false]); // by URL only
    expect(flags('guides/secret')).toEqual([true, true, true, false, false]); // frontmatter hidden
    expect(flags('guides/hidden-one')).toEqual([true, false, false, false, false]); // in a hidden group
    expect(flags('v1/help')).toEqual([true, false, false, true, true]); // hidden anchor, searchable: true
    expect(flags('tools/cli')).toEqual([true, false, true, false, false]); // noindex
  });

  it('bind frontmatter openapi pages to their operation, searching every spec when none is named', () => {
    const operation = model.pages.get('api/get-user')?.operation;
    expect(operation).toMatchObject({
      key: 'specs/api.yaml GET /users/{id}',
      spec: 'specs/api.yaml',
      summary: 'Get a user',
      tags: ['Users'],
    });
    expect(model.specs.get('specs/api.yaml')?.document['info']).toEqual({ title: 'Shapes API', version: '2.0.0' });
  });

  it('report missing images and snippets, but not references inside code blocks', () => {
    expect(model.problems.filter((p) => p.code !== 'missing-page')).toEqual([
      // The fixture's own key, kept in the config, is reported as one Offprint does not know.
      {
        code: 'unknown-config',
        file: 'docs.json',
        keyPath: 'customKey',
        message: 'not a docs.json setting Offprint knows; ignored',
      },
      {
        code: 'missing-asset',
        file: 'v1/intro.mdx',
        message: '/images/old-diagram.png: file not found in the project',
      },
      {
        code: 'missing-snippet',
        file: 'v1/intro.mdx',
        message: 'import "/snippets/gone.mdx": file not found in the project',
      },
    ]);
  });

  it('keep the theme settings and redirects', () => {
    expect(model.settings).toEqual({
      name: 'All Shapes',
      description: 'A small project that uses every navigation shape.',
      theme: 'mint',
      colors: { primary: '#0D9373', light: '#07C983', dark: '#0D9373' },
      logo: { light: '/logo/light.svg', dark: '/logo/dark.svg', href: '/' },
      favicon: { light: '/favicon.svg', dark: '/favicon.svg' },
      appearance: { default: 'dark', strict: false },
      background: {},
      readerFeedback: true,
      contextual: [],
      iconLibrary: 'lucide',
      variables: { product: 'Shapes' },
      navbar: {
        links: [{ label: 'Support', href: 'mailto:help@example.org' }],
        primary: { type: 'button', label: 'Dashboard', href: 'https://dashboard.example.org' },
      },
      footer: { socials: { github: 'https://github.com/example/shapes' } },
      banner: { content: 'Welcome to **Shapes**', dismissible: true },
      notFound: { redirect: false, title: 'Nothing here' },
    });
    expect(model.redirects).toEqual([
      { source: '/old-start', destination: '/quickstart', permanent: true },
      { source: '/beta/:slug*', destination: '/v1/:slug*', permanent: false },
    ]);
  });
});

describe('page set rules', () => {
  const fm = (title: string): string => `---\ntitle: ${title}\n---\n\nBody.\n`;

  it('skips snippets, dot folders, node_modules, ignored files and root repository files; keeps nested READMEs', () => {
    const dir = writeProject({
      'docs.json': docsJson(),
      '.mintignore': '# comment\n*.draft.mdx\n/private/\n!private/keep.mdx\nscratch/\n',
      'index.mdx': fm('Home'),
      'a.mdx': fm('MDX wins'),
      'a.md': fm('Markdown loses'),
      'README.md': '# Repo readme',
      'CONTRIBUTING.md': '# How to contribute',
      'AGENTS.md': '# Agent instructions',
      'guide/README.md': '# A nested readme is a page',
      'guide/post.draft.mdx': fm('Draft'),
      'private/secret.mdx': fm('Private'),
      'private/keep.mdx': fm('Inside an ignored folder: stays ignored, as in git'),
      'deep/scratch/x.mdx': fm('Scratch'),
      'snippets/part.mdx': 'Snippet',
      'snippets/nested/deep.md': 'Snippet',
      '_snippets/get-help.mdx': 'Legacy snippet for <Snippet file>',
      '.github/issue.md': '# Not docs',
      'node_modules/pkg/README.mdx': '# Not docs',
    });
    const model = loadSiteProject(dir);
    expect([...model.pages.keys()]).toEqual(['a', 'guide/README', 'index']);
    expect(model.pages.get('a')).toMatchObject({ file: 'a.mdx', title: 'MDX wins' });
    expect(model.counts.snippets).toBe(3);
  });

  it('reports a <Snippet file> whose _snippets/ file is missing, as it renders nothing (mem0, Agno)', () => {
    const dir = writeProject({
      'docs.json': docsJson({ navigation: { pages: ['index', 'own', 'nested/page'] } }),
      'index.mdx':
        '# Home\n\n<Snippet file="get-help.mdx"/>\n\n<Snippet file="gone.mdx" />\n\n```mdx\n<Snippet file="in-code.mdx" />\n```\n',
      'nested/page.mdx': '<Steps>\n  <Snippet file="steps/venv" />\n</Steps>\n',
      'own.mdx': 'import { Snippet } from \'/snippets/snippet.jsx\'\n\n<Snippet file="anything.mdx" />\n',
      'snippets/snippet.jsx': 'export const Snippet = ({ file }) => <em>{file}</em>;\n',
      'snippets/get-help.mdx': 'In snippets/, not where <Snippet file> looks',
      '_snippets/get-help.mdx': 'Help',
    });
    const problems = loadSiteProject(dir).problems.filter((p) => p.code === 'missing-snippet');
    expect(problems).toEqual([
      {
        code: 'missing-snippet',
        file: 'index.mdx',
        message: '<Snippet file="gone.mdx">: _snippets/gone.mdx not found in the project',
      },
      {
        code: 'missing-snippet',
        file: 'nested/page.mdx',
        message: '<Snippet file="steps/venv">: _snippets/steps/venv not found in the project',
      },
    ]);
  });

  it('keeps a page with broken frontmatter, reporting it', () => {
    const dir = writeProject({
      'docs.json': docsJson({ navigation: { pages: ['index', 'list', 'open'] } }),
      'index.mdx': '---\ntitle: [unclosed\n---\n\nBody.\n',
      'list.mdx': '---\n- a\n- b\n---\n',
      'open.mdx': '---\ntitle: never closed\n',
    });
    const model = loadSiteProject(dir);
    expect([...model.pages.values()].map((p) => [p.path, p.title])).toEqual([
      ['index', 'Index'],
      ['list', 'List'],
      ['open', 'Open'],
    ]);
    expect(model.problems.map((p) => [p.code, p.file, p.message.split(':')[0]])).toEqual([
      ['invalid-frontmatter', 'index.mdx', 'frontmatter is not valid YAML'],
      ['invalid-frontmatter', 'list.mdx', 'frontmatter must be a YAML mapping (key'],
      ['invalid-frontmatter', 'open.mdx', 'frontmatter is not closed by a --- line'],
    ]);
  });

  it('reads styling.eyebrows: breadcrumbs, and nothing for the default or an unknown value', () => {
    const eyebrowsOf = (styling: unknown): unknown =>
      loadSiteProject(writeProject({ 'docs.json': docsJson({ styling }), 'index.mdx': '# Home\n' })).settings.eyebrows;
    expect(eyebrowsOf({ eyebrows: 'breadcrumbs' })).toBe('breadcrumbs');
    expect(eyebrowsOf({ eyebrows: 'section' })).toBeUndefined();
    expect(eyebrowsOf({ eyebrows: 42 })).toBeUndefined();
  });

  it("substitutes docs.json variables in a page's frontmatter text, leaving unknown names as written", () => {
    const dir = writeProject({
      'docs.json': docsJson({ navigation: { pages: ['index'] }, variables: { product: 'Acme', version: '2.1' } }),
      'index.mdx': [
        '---',
        'title: "{{product}} overview"',
        'sidebarTitle: "{{ product }} {{version}}"',
        'description: Install {{product}} and {{unknown}}.',
        'keywords: ["{{product}} cli", 3]',
        'mode: wide',
        '---',
        '',
        'Body.',
      ].join('\n'),
    });
    const page = loadSiteProject(dir).pages.get('index');
    expect(page).toMatchObject({ title: 'Acme overview', sidebarTitle: 'Acme 2.1' });
    expect(page?.frontmatter).toMatchObject({
      description: 'Install Acme and {{unknown}}.',
      keywords: ['Acme cli', 3],
      mode: 'wide',
    });
  });

  it('indexes out-of-navigation pages when seo.indexing is "all", and inherits group boosts', () => {
    const dir = writeProject({
      'docs.json': docsJson({
        seo: { indexing: 'all' },
        navigation: { groups: [{ group: 'G', boost: 2, pages: ['index'] }] },
      }),
      'index.mdx': fm('Home'),
      'orphan.mdx': fm('Orphan'),
      'quiet.mdx': '---\ntitle: Quiet\nnoindex: true\n---\n',
    });
    const model = loadSiteProject(dir);
    expect([...model.pages.values()].map((p) => [p.path, p.inNavigation, p.indexed, p.boost])).toEqual([
      ['index', true, true, 2],
      ['orphan', false, true, undefined],
      ['quiet', false, false, undefined],
    ]);
  });

  it('read a relative spec reference from the page folder, as Mintlify does, else from the root', () => {
    const spec = (path: string) =>
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Trails', version: '1' },
        paths: { [path]: { post: { summary: path, responses: { '200': { description: 'OK' } } } } },
      });
    const dir = writeProject({
      'docs.json': docsJson(),
      'index.mdx': '# Home\n',
      'api/api.json': spec('/beside'),
      'api/endpoints/quote.mdx': '---\nopenapi: ../api.json post /beside\n---\n',
      'api/endpoints/same.mdx': '---\nopenapi: ./../api.json POST /beside\n---\n',
      'root.json': spec('/rooted'),
      'api/endpoints/rooted.mdx': '---\nopenapi: ./root.json POST /rooted\n---\n',
    });
    const model = loadSiteProject(dir);
    expect(model.problems).toEqual([]);
    expect(model.pages.get('api/endpoints/quote')?.operation).toMatchObject({ spec: 'api/api.json', path: '/beside' });
    expect(model.pages.get('api/endpoints/same')?.operation).toMatchObject({ spec: 'api/api.json', path: '/beside' });
    expect(model.pages.get('api/endpoints/rooted')?.operation).toMatchObject({ spec: 'root.json', path: '/rooted' });
  });

  it("titles a frontmatter openapi page without a title by its operation's summary, and keeps a written title", () => {
    const dir = writeProject({
      'docs.json': docsJson(),
      'index.mdx': '# Home\n',
      'openapi.json': JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'T', version: '1' },
        paths: {
          '/update': { post: { summary: 'Trigger update', responses: { '200': { description: 'OK' } } } },
          '/status': { get: { responses: { '200': { description: 'OK' } } } },
        },
      }),
      'api/trigger.mdx': '---\nopenapi: POST /update\n---\n',
      'api/named.mdx': '---\ntitle: Start an update\nopenapi: POST /update\n---\n',
      'api/status.mdx': '---\nopenapi: GET /status\n---\n',
    });
    const model = loadSiteProject(dir);
    const titles = ['api/trigger', 'api/named', 'api/status'].map((p) => [
      model.pages.get(p)?.title,
      model.pages.get(p)?.sidebarTitle,
    ]);
    expect(titles).toEqual([
      ['Trigger update', 'Trigger update'],
      ['Start an update', 'Start an update'],
      ['Status', 'Status'],
    ]);
  });

  it('reports frontmatter openapi references that no local spec has', () => {
    const dir = writeProject({
      'docs.json': docsJson(),
      'index.mdx': '---\nopenapi: "POST /v2/layouts"\n---\n',
      'other.mdx': '---\nopenapi: not an operation\n---\n',
    });
    expect(loadSiteProject(dir).problems).toEqual([
      {
        code: 'missing-operation',
        file: 'index.mdx',
        message: 'openapi "POST /v2/layouts": the project has no OpenAPI spec',
      },
      {
        code: 'missing-operation',
        file: 'other.mdx',
        message: 'openapi "not an operation": is not "[spec] METHOD /path" or "[spec] webhook name"',
      },
    ]);
  });

  it('says why a named spec has no such operation: no such spec, no operations at all, or not this one', () => {
    // Trails' spec had `"paths": null`; a wrong relative path and a missing operation read the same before.
    const spec = (paths: unknown): string =>
      JSON.stringify({ openapi: '3.0.3', info: { title: 'A', version: '1' }, paths });
    const dir = writeProject({
      'docs.json': docsJson(),
      'empty.json': spec(null),
      'api.json': spec({ '/a': { get: { responses: { '200': { description: 'OK' } } } } }),
      'gone.mdx': '---\nopenapi: nowhere.json GET /a\n---\n',
      'empty.mdx': '---\nopenapi: empty.json GET /a\n---\n',
      'other.mdx': '---\nopenapi: api.json POST /a\n---\n',
      'loose.mdx': '---\nopenapi: POST /b\n---\n',
    });
    const messages = loadSiteProject(dir)
      .problems.filter((p) => p.code === 'missing-operation')
      .map((p) => `${p.file}: ${p.message}`)
      .sort();
    expect(messages).toEqual([
      'empty.mdx: openapi "empty.json GET /a": empty.json has no operations (its paths are empty)',
      'gone.mdx: openapi "nowhere.json GET /a": nowhere.json is not an OpenAPI spec of the project (no such file, or not one)',
      'loose.mdx: openapi "POST /b": no local OpenAPI spec has this operation',
      'other.mdx: openapi "api.json POST /a": api.json has no POST /a',
    ]);
  });

  it('checks logo/favicon files, keeps only those it has, and drops redirect sources that can never match', () => {
    const dir = writeProject({
      'docs.json': docsJson({
        logo: '/logo.svg',
        favicon: { light: '/fav.svg', dark: '/fav-dark.svg' },
        redirects: [
          { source: '/a#part', destination: '/b' },
          { source: '/c', destination: '/d#part' },
        ],
      }),
      'index.mdx': fm('Home'),
      'd.mdx': fm('D'),
      'fav.svg': '<svg/>',
    });
    const model = loadSiteProject(dir);
    expect(model.redirects).toEqual([{ source: '/c', destination: '/d#part', permanent: true }]);
    expect(model.problems.map((p) => [p.code, p.keyPath, p.message])).toEqual([
      [
        'invalid-redirect',
        'redirects[0].source',
        '"/a#part": a redirect source must be a path starting with /, without ? or # and without a . or .. segment',
      ],
      ['missing-asset', 'logo', '/logo.svg: file not found in the project'],
      ['missing-asset', 'favicon.dark', '/fav-dark.svg: file not found in the project'],
    ]);
    // The theme shows the site's name for the missing logo, and the light icon in both modes.
    expect(model.settings.logo).toBeUndefined();
    expect(model.settings.favicon).toEqual({ light: '/fav.svg', dark: '/fav.svg' });
  });

  it('reports a font file docs.json names but the project lacks, and loads no such file (a 404 on every page)', () => {
    const dir = writeProject({
      'docs.json': docsJson({
        fonts: {
          // LangChain's docs.json: the heading font's file is named, the body font is a family only.
          heading: { family: 'TWK Lausanne', weight: 700, source: '/fonts/TWKLausanne-700.woff2', format: 'woff2' },
          body: { family: 'Inter', source: 'fonts/Inter.woff2' },
        },
      }),
      'index.mdx': fm('Home'),
      'fonts/Inter.woff2': 'font',
    });
    const model = loadSiteProject(dir);
    expect(model.problems.map((p) => [p.code, p.keyPath, p.message])).toEqual([
      ['missing-asset', 'fonts.heading.source', '/fonts/TWKLausanne-700.woff2: file not found in the project'],
    ]);
    const css = fontsCss(model.config.fonts);
    expect(css).not.toContain('TWKLausanne');
    expect(css).toContain('src:url("/fonts/Inter.woff2")');
    // The family is still named: a reader's machine that has it installed shows it.
    expect(css).toContain('--op-font-heading:"TWK Lausanne"');
  });

  it('reports a missing image whose alt text wraps onto a second line, as prettier leaves it in a Frame', () => {
    const dir = writeProject({
      'docs.json': docsJson(),
      // pipecat's session-api page: the alt text runs over two lines inside <Frame>.
      'index.mdx': `${fm('Home')}\n<Frame>\n  ![Diagram of the deployment architecture of Session\n  API](/images/session-api.png)\n</Frame>\n\n![Alt [with] brackets](/images/nested.png)\n\n![Not an image: a blank line\n\nends the paragraph](/images/split.png)\n`,
    });
    expect(loadSiteProject(dir).problems.map((p) => [p.code, p.file, p.message])).toEqual([
      ['missing-asset', 'index.mdx', '/images/session-api.png: file not found in the project'],
      ['missing-asset', 'index.mdx', '/images/nested.png: file not found in the project'],
    ]);
  });

  it("resolves ../ at the root as the browser and renderer do: a root page's ../images/a.png is /images/a.png", () => {
    const dir = writeProject({
      'docs.json': docsJson(),
      // mem0's introduction: a root-level page reaching "up" to the images folder.
      'index.mdx': `${fm('Home')}\n<Frame>\n  <img src="../images/gone.png" />\n</Frame>\n\n![here](../images/here.png) [Other](../other) [Home](../index)\n`,
      'images/here.png': 'png',
    });
    expect(loadSiteProject(dir).problems.map((p) => [p.code, p.file, p.message])).toEqual([
      ['missing-asset', 'index.mdx', '../images/gone.png: file not found in the project'],
      ['broken-link', 'index.mdx', '"../other" (/other): no page or file at this path'],
    ]);
  });
});
