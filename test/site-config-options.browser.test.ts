/**
 * docs.json options that change what a reader sees, in real Chromium against the real site server:
 * - "Copy page" and "View as Markdown" (`contextual`): the copied text is the page's Markdown (title,
 *   description, source without frontmatter or imports, emoji as characters), the button says it copied,
 *   and the menu's view link serves the same;
 * - `styling.codeblocks: "dark"`: code blocks are dark in light mode too, the prose around them is not;
 * - `fonts.heading` with a font file the project ships: headings load and use it, the body keeps the theme's.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium, type Browser } from '../server/render/chromium.js';
import { needsChromium } from './helpers/needs.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { startSiteServe, type SiteServe } from './helpers/siteServe.js';

const HEADING_FONT = createRequire(import.meta.url).resolve('katex/dist/fonts/KaTeX_Main-Regular.woff2');
const SOURCE = [
  '---',
  'title: Setup',
  'description: Install the CLI',
  '---',
  "import { Tip } from '/snippets/tip.mdx';",
  '',
  'Run it 🚀 and read <Tip /> & more.',
  '',
  '```bash',
  'npm install -g example <cli>',
  '```',
  '',
].join('\n');
const MARKDOWN =
  '# Setup\n\n> Install the CLI\n\nRun it 🚀 and read <Tip /> & more.\n\n```bash\nnpm install -g example <cli>\n```\n';

needsChromium().describe('docs.json reader options in Chromium', () => {
  let s: SiteServe;
  let browser: Browser;

  beforeAll(async () => {
    const source = writeProject({
      'docs.json': docsJson({
        navigation: { pages: ['index', 'setup'] },
        contextual: { options: ['copy', 'view', 'chatgpt'] },
        styling: { codeblocks: 'dark' },
        fonts: { heading: { family: 'Offprint Heading', weight: 400, source: '/fonts/heading.woff2' } },
      }),
      'index.mdx': '# Home\n',
      'setup.mdx': SOURCE,
      'snippets/tip.mdx': 'Tip.\n',
      'fonts/heading.woff2': readFileSync(HEADING_FONT),
    });
    s = await startSiteServe({ source });
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  it('copies the page as Markdown from its button, and links the same Markdown from its menu', async () => {
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.siteUrl });
    const page = await context.newPage();
    await page.goto(`${s.siteUrl}/setup`);
    const button = page.locator('.op-page-action-main[data-op-copy-page]');
    await button.click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(MARKDOWN);
    expect(await button.innerText()).toBe('Copied');

    await page.click('.op-page-actions-toggle');
    const view = page.locator('.op-page-actions-panel a', { hasText: 'View as Markdown' });
    const href = await view.getAttribute('href');
    expect(href).toBe('/setup.md');
    const served = await (await s.site(href ?? '')).text();
    expect(served.startsWith(MARKDOWN)).toBe(true);
    await context.close();
  });

  it('draws code blocks dark in light mode when styling.codeblocks is dark', async () => {
    const page = await browser.newPage();
    await page.goto(`${s.siteUrl}/setup`);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    const lightness = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => {
          const [r = 0, g = 0, b = 0] = (getComputedStyle(el).backgroundColor.match(/\d+/g) ?? []).map(Number);
          return (Math.max(r, g, b) + Math.min(r, g, b)) / 2 / 255;
        });
    expect(await lightness('.op-code')).toBeLessThan(0.2);
    expect(await lightness('body')).toBeGreaterThan(0.8);
    const text = await page
      .locator('.op-code .line')
      .first()
      .evaluate((el) => getComputedStyle(el).color);
    expect(text).not.toBe('rgb(36, 41, 46)');
    await page.close();
  });

  it('loads the heading font the project ships and uses it for headings only', async () => {
    const page = await browser.newPage();
    const fonts: number[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/fonts/heading.woff2')) fonts.push(r.status());
    });
    await page.goto(`${s.siteUrl}/setup`);
    await page.evaluate(() => document.fonts.ready);
    const family = (selector: string) => page.locator(selector).evaluate((el) => getComputedStyle(el).fontFamily);
    expect(await family('.op-page-title')).toMatch(/^"Offprint Heading",/);
    expect(await family('.op-prose p')).not.toContain('Offprint Heading');
    expect(fonts).toEqual([200]);
    expect(await page.evaluate(() => document.fonts.check('16px "Offprint Heading"'))).toBe(true);
    await page.close();
  });
});
