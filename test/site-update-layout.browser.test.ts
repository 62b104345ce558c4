/**
 * A changelog Update sits beside its label only on wide screens: Mintlify's update/update.tsx stacks the
 * label column above the entry (`flex-col`) until `lg` (1024 px), then sets them side by side (`lg:flex-row`).
 * Ours once kept two columns down to 768 px, so a tablet-width reader saw a squeezed entry beside the label.
 */
import { expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { themeInChromium } from './helpers/themeInChromium.js';

const site = themeInChromium(() =>
  writeProject({
    'docs.json': docsJson({ navigation: { pages: ['changelog'] } }),
    'changelog.mdx':
      '---\ntitle: Changelog\n---\n\n<Update label="2025-01-30" description="Java SDK released">\n  - A Java SDK.\n</Update>\n' +
      '\n---\n\n<Update label="2025-01-20">\n  Older.\n</Update>\n',
  }),
);

/** Where the entry's body starts relative to its label column, at one viewport width. */
async function bodyPlacement(width: number): Promise<{ below: boolean; beside: boolean }> {
  const page = await site.browser.newPage({ viewport: { width, height: 800 } });
  await page.goto(`${site.server.url}/changelog`);
  const meta = await page.locator('.op-update-meta').first().boundingBox();
  const body = await page.locator('.op-update-body').first().boundingBox();
  await page.close();
  if (!meta || !body) throw new Error('update not drawn');
  return { below: body.y >= meta.y + meta.height, beside: body.x >= meta.x + meta.width };
}

site.describe('Update layout in Chromium', () => {
  it('stacks the label above the entry below 1024 px and sets them side by side from 1024 px', async () => {
    expect(await bodyPlacement(900)).toEqual({ below: true, beside: false });
    expect(await bodyPlacement(1280)).toEqual({ below: false, beside: true });
  }, 60_000);

  // Mintlify's Update is `py-8` with no border: the rule between entries is the author's `---` when they
  // write one, so an entry followed by `---` once showed two lines (nango's changelog).
  it('pads an entry 2rem above and below and draws no line under it', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.server.url}/changelog`);
    const style = await page
      .locator('.op-update')
      .first()
      .evaluate((el) => {
        const css = getComputedStyle(el);
        return { top: css.paddingTop, bottom: css.paddingBottom, border: css.borderBottomStyle };
      });
    const rules = await page.locator('.op-update + hr').count();
    await page.close();
    expect(style).toEqual({ top: '32px', bottom: '32px', border: 'none' });
    expect(rules).toBe(1);
  }, 60_000);
});
