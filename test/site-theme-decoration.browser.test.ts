/**
 * docs.json `background.decoration` (`gradient`, `grid`, `windows`) draws a pattern behind the top of every
 * page, as Mintlify's themes do (organize/settings-appearance.mdx), in light and dark, from CSS alone: a
 * bundle opened offline has no remote image to fetch. Screenshots go to shotDir('theme-decoration').
 */
import { expect, it } from 'vitest';
import { type Page } from '../server/render/chromium.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { shotDir } from './helpers/shots.js';
import { themeInChromium } from './helpers/themeInChromium.js';

const SHOTS = shotDir('theme-decoration');

const site = themeInChromium(() =>
  writeProject({
    'docs.json': docsJson({ background: { decoration: 'gradient' }, navigation: { pages: ['index'] } }),
    'index.mdx': '---\ntitle: Home\n---\n\nSome text.\n',
  }),
);

/** What the page's decoration layer draws: its background images and where it sits. */
function decorationLayer(page: Page): Promise<{ image: string; top: string; height: number }> {
  return page.evaluate(() => {
    const style = getComputedStyle(document.body, '::before');
    return { image: style.backgroundImage, top: style.top, height: parseFloat(style.height) || 0 };
  });
}

site.describe('background decoration in Chromium', () => {
  it('names the decoration on the page and draws each one at the top in light and dark, with no remote image', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.server.url}/`);
    expect(await page.locator('html').getAttribute('data-op-decoration')).toBe('gradient');
    for (const decoration of ['gradient', 'grid', 'windows']) {
      for (const dark of [false, true]) {
        await page.evaluate(
          ([name, isDark]) => {
            document.documentElement.setAttribute('data-op-decoration', name);
            document.documentElement.classList.toggle('dark', isDark);
          },
          [decoration, dark] as const,
        );
        await page.screenshot({ path: `${SHOTS}/${decoration}${dark ? '-dark' : ''}.png` });
        const layer = await decorationLayer(page);
        expect(layer.image, decoration).toContain('gradient(');
        expect(layer.image, decoration).not.toContain('url(');
        expect(layer.top, decoration).toBe('0px');
        expect(layer.height, decoration).toBeGreaterThan(300);
      }
    }
    await page.close();
  }, 60_000);

  it('draws no decoration when the project names none or one Mintlify does not have', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.server.url}/`);
    await page.evaluate(() => document.documentElement.setAttribute('data-op-decoration', 'stars'));
    expect((await decorationLayer(page)).image).toBe('none');
    await page.evaluate(() => document.documentElement.removeAttribute('data-op-decoration'));
    expect((await decorationLayer(page)).image).toBe('none');
    await page.close();
  });
});
