/**
 * Mintlify's documented identifiers and selectors for custom CSS (docs: customize/custom-scripts), and the
 * data attributes its callouts and cards carry (`data-callout-type`, `data-component-part`). A project's
 * style.css is written against them (`#navbar { … }`, `.callout[data-callout-type="note"]`,
 * `.card [data-component-part="card-title"]`), so each is on the element of Offprint's theme that plays
 * that part, and on no other; an id the page's own content already uses is left to the content.
 */
import { parse, type HTMLElement } from 'node-html-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { renderSite, type RenderedSite } from './helpers/themeSite.js';

const COMPONENTS = [
  '---\ntitle: Probe\ndescription: Parts.\n---\n',
  '## First\n',
  '<Note>A note.</Note>\n',
  '<Callout title="Heads up" icon="star">Custom.</Callout>\n',
  '<CardGroup cols={2}>\n<Card title="One" icon="rocket" href="/next">Body one.</Card>\n<Card title="Two" cta="Read">Body two.</Card>\n</CardGroup>\n',
  '```js app.js\nconst a = 1;\n```\n',
  '<CodeGroup>\n```js a.js\na\n```\n```py b.py\nb\n```\n</CodeGroup>\n',
  '<AccordionGroup>\n<Accordion title="Acc">Inside</Accordion>\n</AccordionGroup>\n',
  '<Steps>\n<Step title="Step one">S1</Step>\n</Steps>\n',
  '<Tabs>\n<Tab title="T1" icon="star">t1</Tab>\n<Tab title="T2">t2</Tab>\n</Tabs>\n',
  '<ResponseField name="x" type="int">\n<Expandable title="props">\n<ResponseField name="y" type="int">y</ResponseField>\n</Expandable>\n</ResponseField>\n',
  '<Frame caption="cap">Framed.</Frame>\n',
  'A <Tooltip tip="tip">hover</Tooltip> word.\n',
  '<Update label="v1" description="d">Update body</Update>\n',
  'A <Badge color="blue" size="sm">New</Badge> and a <Badge>Plain</Badge>.\n',
  '<Tile href="/next" title="Tile" description="A tile.">Preview</Tile>\n',
  '<Tree>\n<Tree.Folder name="src" defaultOpen>\n<Tree.File name="a.ts" />\n</Tree.Folder>\n<Tree.Folder name="empty" />\n</Tree>\n',
  '<Color variant="table">\n<Color.Row title="Primary">\n<Color.Item name="500" value="#112233" />\n</Color.Row>\n</Color>\n',
  '<View title="JavaScript">In JavaScript.</View>\n\n<View title="Python">In Python.</View>\n',
  '### Second\n',
].join('\n');

const EXAMPLES =
  '<RequestExample>\n```bash curl\ncurl /users\n```\n</RequestExample>\n\n' +
  '<ResponseExample>\n```json 200\n{}\n```\n</ResponseExample>\n';

let site: RenderedSite;

beforeAll(async () => {
  site = await renderSite(
    writeProject({
      'docs.json': docsJson({
        navbar: {
          links: [{ label: 'Support', href: 'https://example.com' }],
          primary: { type: 'button', label: 'Get started', href: 'https://example.com' },
        },
        footer: { socials: { github: 'https://github.com/x' } },
        banner: { content: 'News' },
        contextual: { options: ['view', { title: 'Status', href: 'https://status.example.org' }] },
        navigation: {
          tabs: [
            {
              tab: 'Docs',
              groups: [
                { group: 'Start', icon: 'rocket', pages: ['index', 'next', 'clash'] },
                { group: 'More', tag: 'Beta', pages: ['more'] },
              ],
            },
            { tab: 'API', pages: ['api', 'examples'] },
          ],
        },
      }),
      'index.mdx': COMPONENTS,
      'next.mdx': '---\ntitle: Next\napi: GET /users\ntag: New\n---\n\nText.\n',
      'more.mdx': '---\ntitle: More\n---\n\nText.\n',
      'examples.mdx': `---\ntitle: Examples\n---\n\nText.\n\n${EXAMPLES}`,
      'api.mdx': '---\ntitle: Api\n---\n\nText.\n',
      'clash.mdx': `---\ntitle: Clash\n---\n\n## Navbar\n\nText.\n\n## Sidebar\n\nText.\n\n## Footer\n\nText.\n\n## Request example\n\n${EXAMPLES}`,
    }),
  );
});

function page(url: string): HTMLElement {
  const found = site.pages.get(url);
  if (!found) throw new Error(`no page at ${url}`);
  return parse(found.html);
}

/** Mintlify's selector and the element(s) of ours it must match, exactly. */
const SELECTORS: readonly (readonly [string, string])[] = [
  ['#navbar', 'header.op-header'],
  ['#topbar-cta-button', 'a.op-navbar-primary'],
  // The primary button is an item of the navbar links' list, as in Mintlify's topbar (Firecrawl's style.css
  // reorders it with `nav ul li:has(a[href=…]) { order: -1 }`).
  ['nav ul > li > #topbar-cta-button', 'a.op-navbar-primary'],
  ['#search-bar-entry', 'button.op-search-button'],
  ['#search-bar-entry-mobile', 'button.op-search-mobile'],
  ['#banner', '.op-banner'],
  ['#sidebar', 'aside.op-sidebar'],
  ['#sidebar-content', '.op-sidebar-inner'],
  ['#navigation-items', 'nav.op-nav'],
  ['#content-area', '.op-content-wrap > div.op-column'],
  ['#header', 'header.op-page-header'],
  ['#page-title', 'h1.op-page-title'],
  ['#page-context-menu', '.op-page-actions'],
  ['#page-context-menu-button', '.op-page-actions-toggle'],
  ['#table-of-contents', 'nav.op-toc'],
  ['#pagination', 'nav.op-pagination'],
  ['#footer', 'footer.op-footer'],
  ['#feedback-thumbs-up', '[data-op-vote="yes"]'],
  ['#feedback-thumbs-down', '[data-op-vote="no"]'],
  ['#feedback-form', 'form.op-feedback-form'],
  ['#feedback-form-cancel', '[data-op-feedback-skip]'],
  ['#feedback-form-submit', '.op-feedback-form button[type="submit"]'],
  ['.nav-logo', '.op-logo'],
  // Mintlify's navbar link is `<li class="navbar-link"><a>`: projects write `li.navbar-link a[href*=…]`.
  ['li.navbar-link', 'li.op-navbar-item:has(> a.op-navbar-link)'],
  ['li.navbar-link > a', 'a.op-navbar-link'],
  ['.topbar-right-container', '.op-header-right'],
  ['.nav-tabs', '.op-tabbar'],
  ['.nav-tabs-item', '.op-tab-link'],
  ['.eyebrow', '.op-eyebrow'],
  ['.mdx-content', '.op-prose'],
  ['.prose', '.op-prose'],
  ['.callout', '.op-callout'],
  ['.card', '.op-card'],
  ['.card-group', '.op-columns'],
  ['.code-block', '.op-code'],
  ['.code-group', '.op-code-group'],
  ['.accordion', '.op-accordion'],
  ['.accordion-group', '.op-accordion-group'],
  ['.steps', '.op-steps'],
  ['.step', '.op-step'],
  ['.tabs', '.op-tabs-content'],
  ['.field', '.op-field'],
  ['.expandable', '.op-expandable'],
  ['.frame', '.op-frame'],
  ['.tooltip', '.op-tooltip'],
  ['.update', '.op-update'],
  ['.toc', '.op-toc'],
  ['.toc-item', '.op-toc-item'],
  ['.pagination-next', '.op-pagination-next'],
  ['.pagination-title', '.op-pagination-title'],
  ['.sidebar-group-header', '.op-nav-group-title'],
  ['.sidebar-title', '.op-nav-group-title > .op-nav-label'],
  ['.sidebar-group-icon', '.op-nav-group-title > .op-nav-icon'],
  ['.sidebar-group', '.op-nav-group > .op-nav-list'],
  ['.sidebar-group[data-active]', '.op-nav-group > .op-nav-list:has(> li > a[aria-current="page"])'],
  ['.method-nav-pill', '.op-sidebar .op-method'],
  ['.nav-tag-pill', '.op-sidebar .op-pill'],
  ['.nav-tag-pill-text', '.op-sidebar .op-pill > span'],
  ['.nav-tabs-item[data-active]', '.op-tab-link.is-active'],
  ['.mobile-nav-tabs-item', '.op-drawer-tabs .op-drawer-link'],
  ['.mobile-nav-tabs-item[data-active]', '.op-drawer-tabs .op-drawer-link.is-active'],
  ['.tab', '.op-tabs-content > .op-tab-list > .op-tab'],
  ['.tab-icon', '.op-tabs-content .op-tab-icon'],
  ['[data-component-part="card-icon"]', '.op-card-icon'],
  // The parts of code blocks, code groups and Tabs that Mintlify marks with data-component-part
  // (microsandbox's style.css tints `.code-block-background[data-component-part="code-block-root"]` and
  // styles `.tabs [data-component-part="tab-button"][data-active="false"]:hover`).
  ['[data-component-part="code-block-root"]', '.op-code-body'],
  ['.code-block-background', '.op-code-body'],
  ['[data-component-part="code-block-header"]', '.op-code-header'],
  ['[data-component-part="code-block-header-filename"]', '.op-code-title'],
  ['[data-component-part="code-group-tab-bar"]', '.op-code-group > .op-tab-list'],
  ['[data-component-part="tab-button"]', '.op-tabs-content > .op-tab-list > .op-tab'],
  ['.tabs [data-component-part="tab-button"][data-active="false"]', '.op-tabs-content .op-tab[aria-selected="false"]'],
  ['[data-component-part="tab-content"]', '.op-tabs-content > .op-tab-panel'],
  // A tab's first child is the <div> holding its icon and label, as in Mintlify's tab buttons:
  // microsandbox's style.css tints `.code-group [data-component-part="code-group-tab-bar"] [role="tab"] >
  // div:first-child` on hover.
  [
    '.code-group [data-component-part="code-group-tab-bar"] [role="tab"] > div:first-child',
    '.op-code-group .op-tab-inner',
  ],
  // Mintlify's component classes (constants/selectors.ts) on View, Tile, Tree and Color.
  ['.multi-view-item', '.op-view'],
  ['.tile', '.op-tile'],
  ['.tree', '.op-tree'],
  ['.tree-folder', '.op-tree-folder'],
  ['.tree-file', '.op-tree-file'],
  ['.color', '.op-color'],
  ['.color-row', '.op-color-row'],
  ['.color-item', '.op-color-item'],
];

describe("Mintlify's identifiers and selectors", () => {
  it.each(SELECTORS)('puts %s on %s', (theirs, ours) => {
    const root = page('/');
    const expected = root.querySelectorAll(ours);
    expect(expected.length).toBeGreaterThan(0);
    expect(root.querySelectorAll(theirs)).toEqual(expected);
  });

  it("marks the current page's sidebar item data-active, as Mintlify does", () => {
    const root = page('/');
    const current = root.querySelectorAll('#sidebar-content li[data-active]');
    expect(current.map((li) => li.querySelector('a')?.getAttribute('aria-current'))).toEqual(['page']);
  });

  it("marks badges with Mintlify's data-badge and their data-color and data-size", () => {
    const root = page('/');
    expect(root.querySelectorAll('[data-badge]')).toEqual(root.querySelectorAll('.op-badge'));
    expect(root.querySelectorAll('[data-badge][data-color="blue"][data-size="sm"]').map((b) => b.text)).toEqual([
      'New',
    ]);
    expect(root.querySelectorAll('[data-badge][data-color="gray"][data-size="md"]').map((b) => b.text)).toEqual([
      'Plain',
    ]);
  });

  it("names the page's path on <html data-current-path>, as Mintlify does", () => {
    expect(page('/').querySelector('html')?.getAttribute('data-current-path')).toBe('/');
    expect(page('/next').querySelector('html')?.getAttribute('data-current-path')).toBe('/next');
  });

  // Mintlify's `<div id="content" class="mdx-content" data-page-title data-page-href>`: nango's style.css
  // scopes its changelog layout with `body:has([data-page-href*="updates/changelog"])`.
  it("names the page's title and path on Mintlify's #content, the page's Markdown", () => {
    const content = page('/next').querySelector('#content');
    expect(content?.classList.contains('mdx-content')).toBe(true);
    expect([content?.getAttribute('data-page-title'), content?.getAttribute('data-page-href')]).toEqual([
      'Next',
      '/next',
    ]);
  });

  it("marks content tabs' selected tab data-active, as Mintlify's Tabs does", () => {
    const tabs = page('/').querySelectorAll('.tab');
    expect(tabs.map((t) => [t.getAttribute('data-op-tab'), t.getAttribute('data-active')])).toEqual([
      ['T1', 'true'],
      ['T2', 'false'],
    ]);
  });

  it("gives each icon Mintlify's class icon: components', inline and navigation icons", () => {
    const root = page('/');
    expect(root.querySelectorAll('.op-card-icon.icon, .op-tab-icon.icon, .sidebar-group-icon.icon')).toHaveLength(3);
  });

  it('puts #request-example and #response-example on the examples, unless a heading has the id', () => {
    const root = page('/examples');
    expect(root.querySelector('#request-example')?.getAttribute('data-op-example')).toBe('request');
    expect(root.querySelector('#response-example')?.getAttribute('data-op-example')).toBe('response');
    const clash = page('/clash');
    expect(clash.querySelectorAll('#request-example').map((e) => e.tagName)).toEqual(['H2']);
    expect(clash.querySelector('#response-example')?.getAttribute('data-op-example')).toBe('response');
  });

  it('marks callouts with their type and parts, as Mintlify does', () => {
    const root = page('/');
    const types = root.querySelectorAll('.callout').map((c) => c.getAttribute('data-callout-type'));
    expect(types).toEqual(['note', 'custom']);
    const parts = (selector: string): string[] =>
      root
        .querySelectorAll(`${selector} [data-component-part]`)
        .map((e) => e.getAttribute('data-component-part') ?? '');
    expect(parts('.callout[data-callout-type="custom"]')).toEqual(['callout-icon', 'callout-content', 'callout-title']);
    expect(parts('.card')).toEqual([
      'card-icon',
      'card-title',
      'card-content',
      'card-title',
      'card-content',
      'card-cta',
    ]);
  });

  it('leaves an id the page content already has to the content, keeping each id once on the page', () => {
    const root = page('/clash');
    for (const id of ['navbar', 'sidebar', 'footer']) {
      expect(root.querySelectorAll(`#${id}`).map((e) => e.tagName)).toEqual(['H2']);
    }
    // The menu button still names the sidebar it opens.
    const toggle = root.querySelector('[data-op-nav-toggle]')?.getAttribute('aria-controls') ?? '';
    expect(root.querySelector(`#${toggle}`)?.classList.contains('op-sidebar')).toBe(true);
    expect(root.querySelectorAll('#header').map((e) => e.tagName)).toEqual(['HEADER']);
  });
});

describe("Mintlify's nav-logo", () => {
  // Mintlify's is on each logo image: projects size it (Delora's `.nav-logo { height: 40px !important }`).
  it('is on the logo images, light and dark, and on the name where there is no image', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="20"/>';
    const logo = { light: '/logo/light.svg', dark: '/logo/dark.svg' };
    const withLogo = await renderSite(
      writeProject({
        'docs.json': docsJson({ logo, navigation: { pages: ['index'] } }),
        'logo/light.svg': svg,
        'logo/dark.svg': svg,
        'index.mdx': '# Home\n',
      }),
    );
    const root = parse(withLogo.pages.get('/')?.html ?? '');
    expect(root.querySelectorAll('.nav-logo').map((img) => [img.tagName, img.getAttribute('src')])).toEqual([
      ['IMG', '/logo/light.svg'],
      ['IMG', '/logo/dark.svg'],
    ]);
    expect(
      page('/')
        .querySelectorAll('.nav-logo')
        .map((el) => el.tagName),
    ).toEqual(['A']);
  });
});
