/**
 * The theme in real Chromium: tabs, accordions, copy, dark mode, search, feedback, mermaid, the phone
 * drawer (a custom page's too, which has no sidebar on a desktop); every page loads with no console error and no request leaving the local site.server.
 */
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { type Page } from '../server/render/chromium.js';
import { THEME_MINI } from './helpers/themeSite.js';
import { shotDir } from './helpers/shots.js';
import { themeInChromium } from './helpers/themeInChromium.js';
const errors: string[] = [];
const outside: string[] = [];
const requested: string[] = [];

async function open(
  path: string,
  viewport = { width: 1366, height: 900 },
  colorScheme: 'light' | 'dark' = 'light',
): Promise<Page> {
  const context = await site.browser.newContext({ viewport, colorScheme });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.server.url });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  await page.route('**/*', async (route) => {
    const url = route.request().url();
    if (new URL(url).origin === site.server.url) {
      requested.push(new URL(url).pathname);
      await route.continue();
    } else {
      outside.push(url);
      await route.abort();
    }
  });
  await page.goto(`${site.server.url}${path}`);
  return page;
}

const site = themeInChromium(() => THEME_MINI);

site.describe('theme in Chromium', () => {
  it('switches tabs and code groups, in sync by title, and opens accordions with a hash', async () => {
    const page = await open('/');
    await page.click('[data-op-tab="yarn"]');
    expect(await page.isVisible('[data-op-tab-panel="yarn"]')).toBe(true);
    expect(await page.isVisible('[data-op-tab-panel="npm"]')).toBe(false);
    await page.click('[data-op-tab="main.py"]');
    expect(await page.isVisible('[data-op-tab-panel="main.py"] pre')).toBe(true);
    expect(await page.getAttribute('[data-op-tab="index.js"]', 'aria-selected')).toBe('false');
    const accordion = page.locator('details[data-op-accordion]').first();
    expect(await accordion.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    await accordion.locator('summary').click();
    expect(await accordion.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
    expect(await accordion.isVisible()).toBe(true);
    // The theme sets the hash from the details' toggle event, which fires after the click returns.
    const id = await accordion.getAttribute('id');
    await expect.poll(() => new URL(page.url()).hash).toBe(`#${id ?? ''}`);
    await page.context().close();
  });

  it('copies a code block to the clipboard', async () => {
    const page = await open('/');
    await page.click('[data-op-tab="yarn"]');
    const block = page.locator('[data-op-tab-panel="yarn"] [data-op-code]');
    await block.hover();
    await block.locator('[data-op-copy]').click();
    await page.waitForSelector('[data-op-tab-panel="yarn"] [data-op-copy][data-copied="true"]');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('yarn add @acme/sdk');
    await page.context().close();
  });

  it("copies a code group's block with the button shown in its tab strip", async () => {
    const page = await open('/');
    await page.click('[data-op-tab="main.py"]');
    const block = page.locator('[data-op-tab-panel="main.py"] [data-op-code]');
    await block.hover();
    const copy = block.locator('[data-op-copy]');
    // Drawn in the strip, beside the tabs: not clipped away by the block below it.
    const strip = await page.locator('.op-code-group > .op-tab-list').first().boundingBox();
    const button = await copy.boundingBox();
    expect(button && strip && button.y >= strip.y && button.y + button.height <= strip.y + strip.height).toBe(true);
    // Playwright clicks only what is on top there, so this also checks that the tabs do not cover it.
    await copy.click({ timeout: 5_000 });
    await page.waitForSelector('[data-op-tab-panel="main.py"] [data-op-copy][data-copied="true"]');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('from acme import Acme');
    await page.context().close();
  });

  it('toggles dark mode and remembers it', async () => {
    const page = await open('/guides/setup');
    const dark = (): Promise<boolean> => page.evaluate(() => document.documentElement.classList.contains('dark'));
    expect(await dark()).toBe(false);
    await page.click('[data-op-theme-toggle]');
    expect(await dark()).toBe(true);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');
    await page.reload();
    expect(await dark()).toBe(true);
    await page.screenshot({ path: join(shotDir('theme'), 'desktop-dark.png') });
    await page.context().close();
  });

  it('dismisses the banner for good and follows the reading position in the TOC', async () => {
    const page = await open('/guides/setup');
    expect(await page.isVisible('[data-op-banner]')).toBe(true);
    await page.click('[data-op-banner-dismiss]');
    expect(await page.isVisible('[data-op-banner]')).toBe(false);
    await page.reload();
    expect(await page.isVisible('[data-op-banner]')).toBe(false);
    expect(await page.textContent('.op-toc-link.is-active')).toBe('Credentials');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForSelector('.op-toc-link.is-active[href="#workflows"]');
    await page.context().close();
  });

  it('searches with Ctrl+K and opens the result with Enter', async () => {
    const page = await open('/guides/setup');
    await page.keyboard.press('Control+k');
    await page.waitForSelector('dialog.op-search-dialog[open]');
    await page.keyboard.type('batching');
    await page.waitForSelector('.op-search-result[aria-selected="true"]');
    expect(await page.textContent('.op-search-result .op-search-title')).toBe('Performance tuning');
    await Promise.all([page.waitForURL('**/guides/advanced/tuning#batching'), page.keyboard.press('Enter')]);
    // "/" opens the dialog too, and the index was fetched once per page load.
    await page.keyboard.press('/');
    await page.waitForSelector('dialog.op-search-dialog[open]');
    await page.keyboard.type('credentials');
    await page.waitForSelector('.op-search-result');
    expect(await page.textContent('.op-search-result .op-search-title')).toBe('Set up a project');
    await page.context().close();
  });

  it('sends a vote, then a comment and an email, and shows thanks', async () => {
    const page = await open('/guides/setup');
    await page.click('[data-op-vote="no"]');
    await page.waitForSelector('[data-op-feedback-form]:not([hidden])');
    expect(await page.getAttribute('[data-op-vote="no"]', 'aria-pressed')).toBe('true');
    await page.fill('#op-feedback-comment', 'The YAML example lacks the region key.');
    await page.fill('#op-feedback-contact', 'reader@example.org');
    await page.click('[data-op-feedback-form] button[type="submit"]');
    await page.waitForSelector('[data-op-feedback-thanks]:not([hidden])');
    const sent = site.server.feedback.slice(-2);
    expect(sent[0]).toEqual({ url: '/_offprint/feedback/vote', body: { path: '/guides/setup', helpful: false } });
    expect(sent[1]?.url).toBe('/_offprint/feedback/details');
    expect(sent[1]?.body).toEqual({
      id: 'fb' + String(site.server.feedback.length - 1),
      token: 'tok-fb' + String(site.server.feedback.length - 1),
      helpful: false,
      comment: 'The YAML example lacks the region key.',
      contact: 'reader@example.org',
    });
    await page.context().close();
  });

  it('sends feedback on a code block with its code, filename and language', async () => {
    const page = await open('/guides/setup');
    const block = page.locator('[data-op-code][data-filename="acme.yaml"]');
    await block.hover();
    await block.locator('[data-op-code-feedback]').click();
    await block.locator('textarea').fill('environment should be "dev"');
    await block.locator('button[type="submit"]').click();
    await block.locator('.op-feedback-thanks').waitFor();
    expect(site.server.feedback.at(-1)).toEqual({
      url: '/_offprint/feedback/code',
      body: {
        path: '/guides/setup',
        code: 'project: my-app\nenvironment: development',
        filename: 'acme.yaml',
        lang: 'yaml',
        comment: 'environment should be "dev"',
      },
    });
    await page.context().close();
  });

  it('renders mermaid diagrams from the local bundle, loaded only where needed', async () => {
    const before = requested.filter((p) => p.endsWith('mermaid.min.js')).length;
    const plain = await open('/guides/setup');
    await plain.waitForLoadState('networkidle');
    expect(requested.filter((p) => p.endsWith('mermaid.min.js')).length).toBe(before);
    await plain.context().close();
    const page = await open('/guides/advanced/tuning');
    await page.waitForSelector('[data-op-mermaid][data-state="rendered"] svg');
    expect(await page.locator('[data-op-mermaid] svg').textContent()).toContain('Router');
    await page.context().close();
  });

  it('opens the sidebar as a drawer on a phone', async () => {
    const page = await open('/guides/setup', { width: 390, height: 844 });
    expect(await page.isVisible('.op-sidebar')).toBe(false);
    await page.screenshot({ path: join(shotDir('theme'), 'phone.png') });
    await page.click('[data-op-nav-toggle]');
    await page.waitForFunction(() => document.documentElement.classList.contains('op-nav-open'));
    await page.locator('.op-sidebar a[aria-current="page"]').waitFor({ state: 'visible' });
    await page.waitForTimeout(250); // let the slide-in finish before the picture
    await page.screenshot({ path: join(shotDir('theme'), 'phone-drawer.png') });
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.documentElement.classList.contains('op-nav-open'));
    await page.context().close();
  });

  it("opens the drawer from a custom page on a phone, with the navbar's links, and shows no sidebar on a desktop", async () => {
    const phone = await open('/landing', { width: 390, height: 844 });
    await phone.click('[data-op-nav-toggle]');
    await phone.locator('.op-sidebar .op-drawer-navbar a', { hasText: 'Dashboard' }).waitFor({ state: 'visible' });
    await phone.context().close();
    const desktop = await open('/landing');
    expect(await desktop.isVisible('.op-sidebar')).toBe(false);
    expect(await desktop.isVisible('[data-op-nav-toggle]')).toBe(false);
    // The content starts where it did without a sidebar: the layout has one column.
    const left = await desktop.$eval('.op-prose', (el) => el.getBoundingClientRect().left);
    expect(left).toBeLessThan(100);
    await desktop.context().close();
  });

  it('loads every page with no console error and no request outside the local server', async () => {
    const page = await open('/');
    await page.screenshot({ path: join(shotDir('theme'), 'desktop.png') });
    for (const url of site.server.rendered.pages.keys()) {
      const response = await page.goto(`${site.server.url}${url}`);
      expect(response?.status()).toBe(200);
    }
    const missing = await page.goto(`${site.server.url}/no/such/page`);
    expect(missing?.status()).toBe(404);
    expect(await page.textContent('h1')).toBe('Page not found');
    await page.waitForLoadState('networkidle');
    await page.context().close();
    expect(outside).toEqual([]);
    // The 404 status of the missing page's own document is the only error Chromium may log.
    expect(errors.filter((e) => !e.includes('/no/such/page: Failed to load resource'))).toEqual([]);
  });
});
