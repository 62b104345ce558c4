/**
 * The title row in real Chromium: Mintlify lays a page's title and its "Copy page" menu side by side, the
 * title wrapping in the room the menu leaves. Continue's "Continue Autocomplete Setup and Configuration
 * Guide" is wider than the content column, and the menu once dropped to a line of its own under it. A
 * one-word title that does not fit beside the menu keeps its word whole, the menu below (Trails'
 * "GetIntentHistory" read "GetIntentHisto / ry" beside an endpoint's samples).
 */
import { expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { themeInChromium } from './helpers/themeInChromium.js';

const LONG = 'Continue Autocomplete Setup and Configuration Guide';
/** One word about as wide as the content column at 1280 px, less the menu. */
const WORD = 'GetIntentHistoryReceiptsByWallet';
const HUGE = 'PCC_IMAGE_PULL_UNAUTHORIZED_'.repeat(4);

function longTitleProject(): string {
  return writeProject({
    'docs.json': docsJson({
      contextual: { options: ['copy', 'view'] },
      navigation: { pages: ['guide', 'short', 'word', 'huge', 'old'] },
    }),
    'word.mdx': `---\ntitle: ${WORD}\n---\n\nBody.\n`,
    'huge.mdx': `---\ntitle: ${HUGE}\n---\n\nBody.\n`,
    'old.mdx': `---\ntitle: "${LONG}"\ndeprecated: true\n---\n\nBody.\n`,
    'guide.mdx': `---\ntitle: "${LONG}"\n---\n\nBody.\n`,
    'short.mdx': '---\ntitle: Install\n---\n\nBody.\n',
  });
}

/** The title's, the page menu's and the title row's boxes on `path` at `width`, and the title's line count. */
async function boxes(path: string, width: number) {
  const page = await site.browser.newPage({ viewport: { width, height: 800 } });
  await page.goto(`${site.server.url}${path}`);
  const title = await page.locator('h1.op-page-title').boundingBox();
  const menu = await page.locator('.op-page-actions').boundingBox();
  const row = await page.locator('.op-title-row').boundingBox();
  const lines = await page
    .locator('h1.op-page-title')
    .evaluate((h1) => Math.round(h1.getBoundingClientRect().height / parseFloat(getComputedStyle(h1).lineHeight)));
  const badge = (await (await page.$('.op-deprecated'))?.boundingBox()) ?? null;
  await page.close();
  if (title === null || menu === null || row === null) throw new Error('the page has no title or page menu');
  return { title, menu, row, lines, badge };
}

const site = themeInChromium(longTitleProject);

site.describe('title row in Chromium', () => {
  it('keeps the page menu beside a long title, which wraps beside it', async () => {
    const { title, menu } = await boxes('/guide', 1280);
    expect(menu.y).toBeLessThan(title.y + title.height);
    expect(title.x + title.width).toBeLessThanOrEqual(menu.x);
    expect(title.height).toBeGreaterThan(50);
  }, 60_000);

  it('keeps a short title and its menu on one line', async () => {
    const { title, menu } = await boxes('/short', 1280);
    expect(menu.y).toBeLessThan(title.y + title.height);
    expect(title.x + title.width).toBeLessThanOrEqual(menu.x);
  }, 60_000);

  it('keeps a one-word title whole when it does not fit beside the menu, which drops below it', async () => {
    for (const width of [1280, 1024]) {
      const { title, menu, lines } = await boxes('/word', width);
      expect(lines, `at ${width}`).toBe(1);
      expect(menu.y, `at ${width}`).toBeGreaterThanOrEqual(title.y + title.height);
    }
  }, 60_000);

  it('breaks a word wider than the column rather than running past it', async () => {
    const { title, row, lines } = await boxes('/huge', 1280);
    expect(title.x + title.width).toBeLessThanOrEqual(row.x + row.width + 0.5);
    expect(lines).toBeGreaterThan(1);
  }, 60_000);

  it('keeps a deprecated badge right after the title, the menu beside them', async () => {
    const { title, menu, badge } = await boxes('/old', 1280);
    if (badge === null) throw new Error('no deprecated badge');
    expect(badge.x - (title.x + title.width)).toBeLessThan(20);
    expect(menu.y).toBeLessThan(title.y + title.height);
  }, 60_000);
});
