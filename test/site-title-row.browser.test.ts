/**
 * The title row in real Chromium: Mintlify lays a page's title and its "Copy page" menu side by side, the
 * title wrapping in the room the menu leaves. Continue's "Continue Autocomplete Setup and Configuration
 * Guide" is wider than the content column, and the menu once dropped to a line of its own under it.
 */
import { expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { themeInChromium } from './helpers/themeInChromium.js';

const LONG = 'Continue Autocomplete Setup and Configuration Guide';

function longTitleProject(): string {
  return writeProject({
    'docs.json': docsJson({
      contextual: { options: ['copy', 'view'] },
      navigation: { pages: ['guide', 'short'] },
    }),
    'guide.mdx': `---\ntitle: "${LONG}"\n---\n\nBody.\n`,
    'short.mdx': '---\ntitle: Install\n---\n\nBody.\n',
  });
}

/** The title's and the page menu's boxes on `path` at `width`. */
async function boxes(path: string, width: number) {
  const page = await site.browser.newPage({ viewport: { width, height: 800 } });
  await page.goto(`${site.server.url}${path}`);
  const title = await page.locator('h1.op-page-title').boundingBox();
  const menu = await page.locator('.op-page-actions').boundingBox();
  await page.close();
  if (title === null || menu === null) throw new Error('the page has no title or page menu');
  return { title, menu };
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
});
