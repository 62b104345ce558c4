/**
 * A project's style.css written against Mintlify's identifiers and selectors applies in real Chromium:
 * `#navbar`, `#sidebar`, `#footer`, `.eyebrow`, and a callout or card picked by Mintlify's data attributes
 * (`.callout[data-callout-type="note"]`, `.card [data-component-part="card-title"]`), as LangChain's
 * stylesheet picks them; the sidebar's groups, the tab bar's and content Tabs' active tab, an API page's
 * request example, and the table of contents' item of the heading being read (`.toc-item[data-active]`),
 * which follows the scrolling; a page picked by its path (`html[data-current-path="/"]`).
 */
import { expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { computedStyle, themeInChromium } from './helpers/themeInChromium.js';

const STYLE = [
  '#navbar { background: rgb(1, 2, 3); }',
  '#sidebar { background-color: rgb(4, 5, 6); }',
  '#footer { border-top: 3px solid rgb(7, 8, 9); }',
  '.eyebrow { color: rgb(10, 11, 12); }',
  '.callout[data-callout-type="note"] { background-color: rgb(13, 14, 15); }',
  '.card [data-component-part="card-title"] { color: rgb(16, 17, 18); }',
  '.sidebar-group-header { color: rgb(19, 20, 21); }',
  '.sidebar-title { text-decoration-line: underline; }',
  '#sidebar-content .sidebar-group[data-active] { background-color: rgb(22, 23, 24); }',
  '.nav-tabs-item[data-active] { color: rgb(25, 26, 27); }',
  '.tab[data-active="true"] { background-color: rgb(28, 29, 30); }',
  '[data-component-part="card-icon"] { color: rgb(31, 32, 33); }',
  '.toc-item[data-active] { background-color: rgb(34, 35, 36); }',
  '.toc-item[data-active-deepest] { color: rgb(37, 38, 39); }',
  '#request-example { border-top: 3px solid rgb(40, 41, 42); }',
  'html[data-current-path="/"] #footer { border-bottom: 3px solid rgb(43, 44, 45); }',
  // Less specific than the theme's own rules for the same elements: on Mintlify, whose styles are in cascade
  // layers, a project's rule wins all the same.
  '.tab[data-active="true"] { color: rgb(46, 47, 48); }',
  'p { margin-bottom: 7px; }',
].join('\n');

const FILLER = `${'Filler text to scroll past. '.repeat(60)}\n\n`;

function styledProject(): string {
  return writeProject({
    'docs.json': docsJson({
      footer: { socials: { github: 'https://github.com/x' } },
      navigation: {
        tabs: [
          { tab: 'Guides', groups: [{ group: 'Start', pages: ['index', 'api'] }] },
          { tab: 'More', pages: ['more'] },
        ],
      },
    }),
    'index.mdx':
      '---\ntitle: Home\n---\n\n<Note>A note.</Note>\n\n<Card title="A card" icon="rocket">Body.</Card>\n\n' +
      '<Tabs>\n<Tab title="One">1</Tab>\n<Tab title="Two">2</Tab>\n</Tabs>\n\n' +
      `## Alpha\n\n${FILLER}### Alpha detail\n\n${FILLER}## Beta\n\n${FILLER}${FILLER}${FILLER}`,
    'api.mdx': '---\ntitle: Api\n---\n\n<RequestExample>\n```bash curl\ncurl /x\n```\n</RequestExample>\n',
    'more.mdx': '---\ntitle: More\n---\n\nText.\n',
    'style.css': `${STYLE}\n`,
  });
}

const site = themeInChromium(styledProject);

site.describe("a project's stylesheet on Mintlify's selectors, in Chromium", () => {
  it('applies each rule to the element Mintlify names so', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.server.url}/`);
    expect(await computedStyle(page, 'header.op-header', 'background-color')).toBe('rgb(1, 2, 3)');
    expect(await computedStyle(page, 'aside.op-sidebar', 'background-color')).toBe('rgb(4, 5, 6)');
    expect(await computedStyle(page, 'footer.op-footer', 'border-top-color')).toBe('rgb(7, 8, 9)');
    expect(await computedStyle(page, 'footer.op-footer', 'border-bottom-color')).toBe('rgb(43, 44, 45)');
    expect(await computedStyle(page, '.op-eyebrow', 'color')).toBe('rgb(10, 11, 12)');
    expect(await computedStyle(page, '.op-callout-note', 'background-color')).toBe('rgb(13, 14, 15)');
    expect(await computedStyle(page, '.op-card-title', 'color')).toBe('rgb(16, 17, 18)');
    expect(await computedStyle(page, 'p.op-nav-group-title', 'color')).toBe('rgb(19, 20, 21)');
    expect(await computedStyle(page, '.op-nav-group-title .op-nav-label', 'text-decoration-line')).toBe('underline');
    expect(await computedStyle(page, '.op-nav-group .op-nav-list', 'background-color')).toBe('rgb(22, 23, 24)');
    expect(await computedStyle(page, '.op-tab-link.is-active', 'color')).toBe('rgb(25, 26, 27)');
    expect(await computedStyle(page, '.op-card-icon', 'color')).toBe('rgb(31, 32, 33)');
    await page.close();
  }, 60_000);

  it("follows the selected content tab with Mintlify's data-active", async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.server.url}/`);
    const color = (label: string): Promise<string> =>
      computedStyle(page, `.op-tabs-content [data-op-tab="${label}"]`, 'background-color');
    expect(await color('One')).toBe('rgb(28, 29, 30)');
    await page.locator('.op-tabs-content [data-op-tab="Two"]').click();
    expect(await color('Two')).toBe('rgb(28, 29, 30)');
    expect(await color('One')).not.toBe('rgb(28, 29, 30)');
    await page.close();
  }, 60_000);

  it('marks the TOC link a reader followed, below a header with a tab bar', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.server.url}/`);
    await page.locator('.op-toc-link', { hasText: 'Alpha detail' }).click();
    await expect.poll(() => page.locator('.op-toc-link.is-active').textContent()).toBe('Alpha detail');
    await page.close();
  }, 60_000);

  it("applies a project's rule over the theme's own, however much more specific the theme's is", async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.server.url}/`);
    expect(await computedStyle(page, ".op-tabs-content .op-tab[aria-selected='true']", 'color')).toBe(
      'rgb(46, 47, 48)',
    );
    expect(await computedStyle(page, '.op-prose p', 'margin-bottom')).toBe('7px');
    await page.close();
  }, 60_000);

  it("marks the table of contents' item of the heading being read, and its parent, as the page scrolls", async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.server.url}/`);
    const marks = (): Promise<string[]> =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('.toc-item')).map((li) => {
          const style = getComputedStyle(li);
          const active = style.backgroundColor === 'rgb(34, 35, 36)' ? 'active' : '';
          return `${li.textContent ?? ''}:${active}${style.color === 'rgb(37, 38, 39)' ? '+deepest' : ''}`;
        }),
      );
    expect(await marks()).toEqual(['Alpha:active+deepest', 'Alpha detail:', 'Beta:']);
    await page.evaluate(() => document.getElementById('alpha-detail')?.scrollIntoView());
    await expect.poll(marks).toEqual(['Alpha:active', 'Alpha detail:active+deepest', 'Beta:']);
    await page.evaluate(() => document.getElementById('beta')?.scrollIntoView());
    await expect.poll(marks).toEqual(['Alpha:', 'Alpha detail:', 'Beta:active+deepest']);
    await page.close();
  }, 60_000);

  it('puts #request-example on the request example of an API page', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1400, height: 800 } });
    await page.goto(`${site.server.url}/api`);
    expect(await computedStyle(page, '[data-op-example="request"]', 'border-top-color')).toBe('rgb(40, 41, 42)');
    await page.close();
  }, 60_000);
});
