/**
 * A Callout without a colour is Mintlify's neutral stone box (callout/callout.tsx, custom variant without
 * `color`: `border-stone-500/20 bg-stone-50/50`, text `stone-900`; dark `border-stone-500/30
 * bg-stone-500/10`, text `stone-200`). Ours once tinted it gray with grayed text (CrewAI's home page).
 */
import { expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { themeInChromium } from './helpers/themeInChromium.js';

const site = themeInChromium(() =>
  writeProject({
    'docs.json': docsJson({ navigation: { pages: ['guide'] } }),
    'guide.mdx': '---\ntitle: Guide\n---\n\n<Callout title="Patterns" icon="github">Browse the examples.</Callout>\n',
  }),
);

/** The uncoloured callout's border, background and text colours in one colour scheme. */
async function colours(colorScheme: 'light' | 'dark'): Promise<string[]> {
  const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme });
  await page.goto(`${site.server.url}/guide`);
  const found = await page.locator('.op-callout').evaluate((el) => {
    const box = getComputedStyle(el);
    return [box.borderTopColor, box.backgroundColor, box.color];
  });
  await page.close();
  return found;
}

site.describe('uncoloured callout in Chromium', () => {
  it('draws a near-white stone box with stone-900 text, and stone-200 text on a faint stone box in dark mode', async () => {
    expect(await colours('light')).toEqual(['rgba(120, 113, 108, 0.2)', 'rgba(250, 250, 249, 0.5)', 'rgb(28, 25, 23)']);
    expect(await colours('dark')).toEqual([
      'rgba(120, 113, 108, 0.3)',
      'rgba(120, 113, 108, 0.1)',
      'rgb(231, 229, 228)',
    ]);
  }, 60_000);
});
