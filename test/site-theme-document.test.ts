/** The page shell around rendered pages: head, header tabs, sidebar state, TOC, pagination, widgets. */
import { parse, type HTMLElement } from 'node-html-parser';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderDocument, renderNotFound } from '../server/sites/theme/document.js';
import { renderSite, THEME_MINI, type RenderedSite } from './helpers/themeSite.js';

const ALL_SHAPES = fileURLToPath(new URL('./fixtures/all-shapes', import.meta.url));
const ORIGIN = 'http://127.0.0.1:4999';

let mini: RenderedSite;
let shapes: RenderedSite;

beforeAll(async () => {
  mini = await renderSite(THEME_MINI, ORIGIN);
  shapes = await renderSite(ALL_SHAPES, ORIGIN);
});

function doc(site: RenderedSite, url: string): HTMLElement {
  const page = site.pages.get(url);
  if (!page) throw new Error(`no page at ${url}`);
  return parse(page.html);
}

function texts(root: HTMLElement, selector: string): string[] {
  return root.querySelectorAll(selector).map((e) => e.textContent.trim());
}

function hrefs(root: HTMLElement, selector: string): string[] {
  return root.querySelectorAll(selector).map((e) => e.getAttribute('href') ?? '');
}

describe('head', () => {
  it('titles the page "<page> - <site>" and describes it', () => {
    const root = doc(mini, '/guides/setup');
    expect(root.querySelector('title')?.textContent).toBe('Set up a project - Acme Docs');
    expect(root.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Credentials, environments and your first workflow.',
    );
    expect(root.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${ORIGIN}/guides/setup`);
    expect(root.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/logo/light.svg');
  });

  it('loads only same-origin theme files, the early theme script blocking and the bundle deferred', () => {
    const root = doc(mini, '/');
    const scripts = root.querySelectorAll('script').map((s) => [s.getAttribute('src'), s.hasAttribute('defer')]);
    expect(scripts).toEqual([
      ['/_offprint/theme-init.js', false],
      ['/_offprint/theme.js', true],
    ]);
    // The utility classes' stylesheet: landing.mdx writes a className.
    expect(hrefs(root, 'link[rel="stylesheet"]')).toEqual([
      '/_offprint/theme.css',
      '/_offprint/site.css',
      '/_offprint/utilities.css',
    ]);
    expect(root.querySelector('html')?.getAttribute('data-appearance')).toBe('system');
  });

  it('marks hidden pages noindex and keeps them out of every sidebar', () => {
    expect(doc(mini, '/guides/hidden').querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(doc(mini, '/guides/setup').querySelector('meta[name="robots"]')).toBeNull();
    for (const page of mini.pages.values()) {
      expect(hrefs(parse(page.html), '.op-sidebar a')).not.toContain('/guides/hidden');
    }
  });
});

describe('header and sidebar', () => {
  it('lists the tabs in the header with the current one active', () => {
    const home = doc(mini, '/');
    expect(texts(home, '.op-tabbar .op-tab-link')).toEqual(['Guides', 'API Reference']);
    expect(texts(home, '.op-tabbar .is-active')).toEqual(['Guides']);
    expect(texts(doc(mini, '/api/users'), '.op-tabbar .is-active')).toEqual(['API Reference']);
    // A tab links to its first page.
    expect(hrefs(home, '.op-tabbar .op-tab-link')).toEqual(['/', '/api/users']);
  });

  it('highlights the current page and opens the groups around it, and only those or expanded ones', () => {
    const deep = doc(mini, '/guides/advanced/deep');
    expect(hrefs(deep, '.op-sidebar a[aria-current="page"]')).toEqual(['/guides/advanced/deep']);
    const groups = deep.querySelectorAll('.op-sidebar details.op-nav-sub');
    const state = groups.map((g) => [g.querySelector('summary')?.textContent.trim(), g.hasAttribute('open')]);
    expect(state).toEqual([
      ['Advanced', true],
      ['Open by default', true],
    ]);
    const home = doc(mini, '/');
    const homeState = home.querySelectorAll('.op-sidebar details.op-nav-sub').map((g) => g.hasAttribute('open'));
    expect(homeState).toEqual([false, true]);
    expect(hrefs(home, '.op-sidebar a[aria-current="page"]')).toEqual(['/']);
    // Top-level groups are headings; the sidebar shows the Guides tab only.
    expect(texts(home, '.op-nav-group-title')).toEqual(['Getting started', 'Extras']);
  });

  it('shows method badges on endpoint pages, icons, tags and external links', () => {
    const api = doc(mini, '/api/users');
    expect(texts(api, '.op-sidebar .op-nav-link .op-method')).toEqual(['GET', 'POST', 'GET']);
    const home = doc(mini, '/');
    const tuning = home.querySelector('.op-sidebar a[href="/guides/advanced/tuning"]');
    expect(tuning?.querySelector('.op-pill')?.textContent).toBe('NEW');
    expect(home.querySelector('.op-sidebar a[href="/guides/advanced/deep"] .op-icon svg')).not.toBeNull();
    const status = home.querySelector('.op-anchors a[href="https://status.example.org"]');
    expect(status?.getAttribute('target')).toBe('_blank');
    expect(status?.querySelector('.op-external')).not.toBeNull();
  });

  it('turns languages, versions, products, menus and anchors into switchers', () => {
    const home = doc(shapes, '/');
    expect(texts(home, '.op-header .op-switcher-version .op-switcher-option .op-switcher-label')).toEqual([
      'v2 Latest',
      'v1',
    ]);
    expect(texts(home, '.op-header .op-switcher-language .op-switcher-label')).toEqual(['English', 'Français']);
    // The phone drawer repeats both (the header hides them on small screens).
    expect(texts(home, '.op-drawer-switchers .op-switcher-current')).toEqual(['v2', 'English']);
    expect(texts(home, '.op-switcher-product .op-switcher-label')).toEqual(['Platform', 'Reference']);
    // Global tabs join the tab bar as external links.
    expect(texts(home, '.op-tabbar .op-tab-link')).toEqual(['Guides', 'API', 'Tools', 'Community', 'Blog']);
    expect(hrefs(home, '.op-tabbar .op-tab-link').at(-1)).toBe('https://blog.example.org');
    const cli = doc(shapes, '/tools/cli');
    // The menu division's switcher is a block of the sidebar; its options are in its panel (its own class).
    expect(
      texts(cli, 'details.op-switcher-menu > .op-switcher-panel .op-switcher-option.is-active .op-switcher-label'),
    ).toContain('CLI');
    const v1 = doc(shapes, '/v1/intro');
    expect(texts(v1, '.op-header .op-switcher-version .op-switcher-current')).toEqual(['v1']);
    // The hidden Help anchor is not listed; the global Status anchor is.
    expect(texts(v1, '.op-anchors .op-anchor')).toEqual(['Docs', 'Forum', 'Status']);
    expect(texts(v1, '.op-anchors .is-active')).toEqual(['Docs']);
  });

  it('applies per-language banner and lang, and omits hidden groups', () => {
    const fr = doc(shapes, '/fr/index');
    expect(fr.querySelector('html')?.getAttribute('lang')).toBe('fr');
    expect(fr.querySelector('.op-banner-content')?.textContent).toBe('Documentation en français');
    const home = doc(shapes, '/');
    expect(texts(home, '.op-sidebar .op-nav-label')).not.toContain('Internals');
    expect(hrefs(home, '.op-sidebar a')).not.toContain('/guides/secret');
    // Nested group with a root page: its title links to the root.
    expect(hrefs(home, '.op-nav-sub-summary a')).toEqual(['/install/overview']);
  });
});

describe('content column', () => {
  it('builds the table of contents from the rendered headings', () => {
    const page = mini.pages.get('/guides/setup');
    const root = doc(mini, '/guides/setup');
    expect(hrefs(root, '.op-toc a')).toEqual(page?.rendered.headings.map((h) => `#${h.id}`));
    expect(texts(root, '.op-toc a')).toEqual(['Credentials', 'Environments', 'Workflows']);
    // Wide pages have no TOC; endpoint pages use the right column for examples instead.
    expect(doc(mini, '/guides/wide').querySelector('.op-toc')).toBeNull();
    expect(doc(mini, '/api/users').querySelector('.op-toc')).toBeNull();
    expect(doc(mini, '/api/users').querySelector('[data-op-examples]')).not.toBeNull();
  });

  it('links previous and next pages in sidebar order, skipping hidden pages', () => {
    const pagination = (url: string): string[] => hrefs(doc(mini, url), '.op-pagination a');
    expect(pagination('/')).toEqual(['/guides/setup']);
    expect(pagination('/guides/setup')).toEqual(['/', '/guides/advanced/deep']);
    expect(pagination('/guides/advanced/open')).toEqual(['/guides/advanced/tuning', '/guides/wide']);
    expect(pagination('/api/users')).toEqual(['/api-reference/users/create-a-user']);
    // hideFooterPagination.
    expect(doc(mini, '/guides/wide').querySelector('.op-pagination')).toBeNull();
  });

  it('shows the group path as the eyebrow with styling.eyebrows "breadcrumbs"', () => {
    const page = mini.pages.get('/guides/advanced/deep');
    if (!page) throw new Error('no deep page');
    const site = { ...mini.site, settings: { ...mini.site.settings, eyebrows: 'breadcrumbs' as const } };
    const root = parse(renderDocument({ site, page: page.page, rendered: page.rendered, origin: ORIGIN }));
    expect(texts(root, '.op-eyebrow > span:not(.op-eyebrow-sep)')).toEqual(['Getting started', 'Advanced']);
    expect(root.querySelectorAll('.op-eyebrow-sep[aria-hidden="true"]')).toHaveLength(1);
    // The default (section) names the innermost group alone.
    expect(texts(doc(mini, '/guides/advanced/deep'), '.op-eyebrow > span')).toEqual(['Advanced']);
  });

  it('shows title, eyebrow, description and the feedback widget for the page path', () => {
    const root = doc(mini, '/guides/advanced/deep');
    expect(root.querySelector('h1.op-page-title')?.textContent).toBe('Deep dive');
    expect(root.querySelector('.op-eyebrow')?.textContent).toBe('Advanced');
    const widget = root.querySelector('[data-op-feedback]');
    expect(widget?.getAttribute('data-path')).toBe('/guides/advanced/deep');
    expect(widget?.querySelectorAll('[data-op-vote]').map((b) => b.getAttribute('data-op-vote'))).toEqual([
      'yes',
      'no',
    ]);
    expect(widget?.querySelector('textarea[name="comment"]')).not.toBeNull();
    expect(widget?.querySelector('input[type="email"][name="contact"]')).not.toBeNull();
  });

  it('shows the deprecated badge and the endpoint bar of an operation-bound page', () => {
    const root = doc(mini, '/api/users');
    expect(root.querySelector('.op-endpoint-bar .op-method')?.textContent).toBe('GET');
    expect(root.querySelector('.op-endpoint-bar')?.textContent).toContain('https://api.acme.example/v1/users');
    expect(root.querySelector('.op-endpoint-content')?.textContent).toContain('Results are paginated');
  });

  it('honours page modes: custom drops the chrome, center drops the sidebar (both keep the phone drawer), wide the TOC', () => {
    const custom = doc(mini, '/landing');
    expect(custom.querySelector('.op-layout')?.classList.contains('op-mode-custom')).toBe(true);
    // No sidebar beside the page; only the phone drawer, behind the menu button, keeps the navigation.
    expect(custom.querySelector('.op-layout')?.classList.contains('op-has-sidebar')).toBe(false);
    expect(custom.querySelector('.op-sidebar')?.classList.contains('op-sidebar-drawer-only')).toBe(true);
    expect(custom.querySelector('.op-nav-toggle')).not.toBeNull();
    expect(custom.querySelector('.op-sidebar .op-drawer-navbar')?.textContent).toContain('Dashboard');
    expect(custom.querySelector('.op-page-title')).toBeNull();
    expect(custom.querySelector('.op-footer')).toBeNull();
    expect(custom.querySelector('[data-op-feedback]')).toBeNull();
    expect(custom.querySelector('.op-header')).not.toBeNull();
    expect(custom.querySelector('.op-prose')?.textContent).toContain('custom landing page');
    const center = doc(mini, '/centered');
    expect(center.querySelector('.op-layout')?.classList.contains('op-mode-center')).toBe(true);
    expect(center.querySelector('.op-layout')?.classList.contains('op-has-sidebar')).toBe(false);
    expect(center.querySelector('.op-sidebar')?.classList.contains('op-sidebar-drawer-only')).toBe(true);
    expect(center.querySelector('.op-toc')).toBeNull();
    expect(center.querySelector('h1')?.textContent).toBe('Centered page');
    const wide = doc(mini, '/guides/wide');
    expect(wide.querySelector('.op-sidebar')).not.toBeNull();
    expect(wide.querySelector('.op-layout')?.classList.contains('op-mode-wide')).toBe(true);
  });

  it('renders the 404 page in the default section with the configured title', () => {
    const root = parse(renderNotFound(shapes.site));
    expect(root.querySelector('title')?.textContent).toBe('Nothing here - All Shapes');
    expect(root.querySelector('h1')?.textContent).toBe('Nothing here');
    expect(root.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(texts(root, '.op-tabbar .is-active')).toEqual(['Guides']);
    expect(root.querySelector('[data-op-feedback]')).toBeNull();
  });

  it("shows its description's Markdown and gives its words to the meta tags (langwatch's link)", () => {
    const description = 'Start from the [introduction](/intro) or **search**.';
    const settings = { ...shapes.site.settings, notFound: { ...shapes.site.settings.notFound, description } };
    const root = parse(renderNotFound({ ...shapes.site, settings }));
    expect(root.querySelector('.op-not-found a[href="/intro"]')?.textContent).toBe('introduction');
    const words = 'Start from the introduction or search.';
    expect(root.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(words);
    expect(root.querySelector('meta[property="og:description"]')?.getAttribute('content')).toBe(words);
  });
});

describe('safety of every page', () => {
  it('has no inline script, no inline event handler and no javascript: URL', () => {
    for (const site of [mini, shapes]) {
      const documents = [...[...site.pages.values()].map((p) => p.html), renderNotFound(site.site)];
      for (const html of documents) {
        const root = parse(html);
        for (const script of root.querySelectorAll('script')) {
          expect(script.getAttribute('src')).toMatch(/^\/_offprint\//);
          expect(script.innerHTML).toBe('');
        }
        for (const el of root.querySelectorAll('*')) {
          expect(Object.keys(el.attributes).filter((a) => /^on/i.test(a))).toEqual([]);
        }
        expect(html).not.toMatch(/(href|src)="\s*javascript:/i);
      }
    }
  });
});
