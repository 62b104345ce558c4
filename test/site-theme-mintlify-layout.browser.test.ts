/**
 * A project's style.css written against Mintlify's layout identifiers applies in real Chromium, each on the
 * element that plays that part (customize/custom-scripts): `#body-content` (sidebar and content),
 * `#content-container` (the content and its right-hand column), `#content-side-layout` (that column),
 * `#panel` (a page's `<Panel>`), `#search-input` (the search dialog's field), `.method-pill` (an API page's
 * method badge) and the navigation dropdown's `.nav-dropdown-*` parts, with `data-active` on the current item.
 */
import { expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { computedStyle, themeInChromium } from './helpers/themeInChromium.js';

const STYLE = [
  '#body-content { border-top: 3px solid rgb(1, 2, 3); }',
  '#content-container { border-top: 3px solid rgb(4, 5, 6); }',
  '#content-side-layout { border-top: 3px solid rgb(7, 8, 9); }',
  '#panel { border-top: 3px solid rgb(10, 11, 12); }',
  '#search-input { color: rgb(13, 14, 15); }',
  '.method-pill { color: rgb(16, 17, 18); }',
  '.nav-dropdown-trigger { color: rgb(19, 20, 21); }',
  '.nav-dropdown-content { border-top: 3px solid rgb(22, 23, 24); }',
  '.nav-dropdown-item[data-active] { color: rgb(25, 26, 27); }',
  '.nav-dropdown-item-title { text-decoration-line: underline; }',
  '.nav-dropdown-item-description { color: rgb(28, 29, 30); }',
].join('\n');

function styledProject(): string {
  return writeProject({
    'docs.json': docsJson({
      navigation: {
        dropdowns: [
          { dropdown: 'Guides', description: 'How to', pages: ['index', 'api'] },
          { dropdown: 'Reference', description: 'What is', pages: ['more'] },
        ],
      },
    }),
    'index.mdx': '---\ntitle: Home\n---\n\n## Alpha\n\nText.\n\n<Panel>\nPinned.\n</Panel>\n',
    'api.mdx': '---\ntitle: Users\napi: GET https://api.example.com/users\n---\n\nLists users.\n',
    'more.mdx': '---\ntitle: More\n---\n\nText.\n',
    'style.css': `${STYLE}\n`,
  });
}

const site = themeInChromium(styledProject);

site.describe("a project's stylesheet on Mintlify's layout identifiers, in Chromium", () => {
  it('applies each rule to the element that plays that part', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1400, height: 800 } });
    await page.goto(`${site.server.url}/`);
    expect(await computedStyle(page, '.op-layout', 'border-top-color')).toBe('rgb(1, 2, 3)');
    expect(await computedStyle(page, '.op-content-wrap', 'border-top-color')).toBe('rgb(4, 5, 6)');
    expect(await computedStyle(page, 'aside.op-aside', 'border-top-color')).toBe('rgb(7, 8, 9)');
    expect(await computedStyle(page, '.op-panel', 'border-top-color')).toBe('rgb(10, 11, 12)');
    expect(await computedStyle(page, '.op-switcher-dropdown .op-switcher-button', 'color')).toBe('rgb(19, 20, 21)');
    expect(await computedStyle(page, '.op-switcher-dropdown .op-switcher-panel', 'border-top-color')).toBe(
      'rgb(22, 23, 24)',
    );
    expect(await computedStyle(page, '.op-switcher-dropdown .op-switcher-option.is-active', 'color')).toBe(
      'rgb(25, 26, 27)',
    );
    expect(await computedStyle(page, '.op-switcher-dropdown .op-switcher-label', 'text-decoration-line')).toBe(
      'underline',
    );
    expect(await computedStyle(page, '.op-switcher-dropdown .op-switcher-description', 'color')).toBe(
      'rgb(28, 29, 30)',
    );
    await page.locator('.op-search-button').click();
    expect(await computedStyle(page, '.op-search-dialog .op-search-input', 'color')).toBe('rgb(13, 14, 15)');
    await page.close();
  }, 60_000);

  it("puts .method-pill on an API page's method badge, not on the sidebar's", async () => {
    const page = await site.browser.newPage({ viewport: { width: 1400, height: 800 } });
    await page.goto(`${site.server.url}/api`);
    expect(await computedStyle(page, '.op-endpoint-bar .op-method', 'color')).toBe('rgb(16, 17, 18)');
    expect(await page.locator('.op-sidebar .method-pill').count()).toBe(0);
    await page.close();
  }, 60_000);
});
