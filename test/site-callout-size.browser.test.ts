/**
 * Callouts at Mintlify's size (callout/callout.tsx: `my-4 px-5 py-4`, content `text-sm`): their text is a
 * step smaller than the page's, so a Note reads as an aside. Ours once drew it at 15 px with tighter padding.
 */
import { expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { themeInChromium } from './helpers/themeInChromium.js';

const site = themeInChromium(() =>
  writeProject({
    'docs.json': docsJson({ navigation: { pages: ['guide'] } }),
    'guide.mdx':
      '---\ntitle: Guide\n---\n\nBefore.\n\n<Note>An aside.</Note>\n\n<Callout icon="key">Custom.</Callout>\n',
  }),
);

site.describe('callout size in Chromium', () => {
  it('draws preset and custom callouts with 14 px text, 16 px by 20 px padding and 16 px margins', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.server.url}/guide`);
    const styles = await page.locator('.op-callout').evaluateAll((els) =>
      els.map((el) => {
        const box = getComputedStyle(el);
        const text = getComputedStyle(el.querySelector('.op-callout-content') ?? el);
        return [text.fontSize, box.paddingTop, box.paddingLeft, box.marginTop, box.marginBottom];
      }),
    );
    await page.close();
    expect(styles).toEqual([
      ['14px', '16px', '20px', '16px', '16px'],
      ['14px', '16px', '20px', '16px', '16px'],
    ]);
  }, 60_000);
});
