/**
 * Navigation switchers laid out in real Chromium (test/fixtures/all-shapes): the `products[].menu`
 * division's switcher is a block of the sidebar, in the flow under the product switcher, and its panel
 * opens below it. Its class was once shared with every switcher's popup panel, which floated the whole
 * switcher to the page's bottom left: markup checks alone could not see that.
 */
import { expect, it } from 'vitest';
import { ALL_SHAPES } from './helpers/siteProjects.js';
import { shotDir } from './helpers/shots.js';
import { themeInChromium } from './helpers/themeInChromium.js';

const SHOTS = shotDir('theme-switchers');

const site = themeInChromium(() => ALL_SHAPES);

site.describe('navigation switchers in Chromium', () => {
  it('keeps the menu switcher in the sidebar, under the product switcher, and opens its panel below it', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${site.server.url}/tools/cli`);
    const sidebar = await page.locator('.op-sidebar').boundingBox();
    const product = await page.locator('.op-sidebar .op-switcher-product').boundingBox();
    const menu = page.locator('.op-sidebar details.op-switcher-menu');
    const closed = await menu.boundingBox();
    if (sidebar === null || product === null || closed === null) throw new Error('a switcher is not shown');
    expect(closed.x).toBeGreaterThanOrEqual(sidebar.x);
    expect(closed.x + closed.width).toBeLessThanOrEqual(sidebar.x + sidebar.width + 1);
    expect(closed.y).toBeGreaterThanOrEqual(product.y + product.height);
    expect(closed.y).toBeLessThan(sidebar.y + 400);

    await menu.locator('summary').click();
    const panel = await menu.locator('.op-switcher-panel').boundingBox();
    const after = await menu.locator('summary').boundingBox();
    await page.screenshot({ path: `${SHOTS}/menu-open.png` });
    if (panel === null || after === null) throw new Error('the menu panel did not open');
    // Opening it moves nothing: the panel lies over the page below its switcher.
    expect(after.y).toBeCloseTo(closed.y, 0);
    expect(panel.y).toBeGreaterThanOrEqual(after.y + after.height - 1);
    await page.close();
  });
});
