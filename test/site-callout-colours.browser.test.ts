/**
 * Callout colours as Mintlify's callout/callout.tsx and icons/index.tsx draw them:
 * - without a colour, a neutral stone box (`border-stone-500/20 bg-stone-50/50`, text `stone-900`; dark
 *   `border-stone-500/30 bg-stone-500/10`, text `stone-200`). Ours once tinted it gray with grayed text
 *   (CrewAI's home page);
 * - a preset, its colour's 200 border on its 50 box with 800 text and icon; dark, a 900 border on the 600
 *   colour at 20 % with 300 text (Info: stone, on white at 10 %). Ours once drew sky, zinc, emerald and
 *   amber mixes; inline code in a callout takes its text colour (`[&_code]:text-current`);
 * - a `<Card type>` takes its kind's border, box and icon colour from the same palette (ours once kept the
 *   old mixes).
 */
import { expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { themeInChromium } from './helpers/themeInChromium.js';

const site = themeInChromium(() =>
  writeProject({
    'docs.json': docsJson({ navigation: { pages: ['guide'] } }),
    'guide.mdx': [
      '---\ntitle: Guide\n---',
      '<Callout title="Patterns" icon="github">Browse the examples.</Callout>',
      '<Note>Run `npm test` first.</Note>',
      '<Warning>Careful.</Warning>',
      '<Info>For reference.</Info>',
      '<Card title="Careful" type="warning">Mind the gap.</Card>',
      '',
    ].join('\n\n'),
  }),
);

/** Each callout's border, background, text, icon and inline-code colours, in one colour scheme. */
async function colours(colorScheme: 'light' | 'dark'): Promise<Record<string, string[]>> {
  const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme });
  await page.goto(`${site.server.url}/guide`);
  const found = await page.locator('.op-callout').evaluateAll((els) =>
    Object.fromEntries(
      els.map((el) => {
        const box = getComputedStyle(el);
        const icon = el.querySelector('.op-callout-icon');
        const code = el.querySelector('code');
        const kind = el.getAttribute('data-callout-type') ?? '';
        const parts = [box.borderTopColor, box.backgroundColor, box.color];
        if (icon) parts.push(getComputedStyle(icon).color);
        if (code) parts.push(getComputedStyle(code).color);
        return [kind, parts];
      }),
    ),
  );
  await page.close();
  return found;
}

site.describe('callout colours in Chromium', () => {
  it('draws an uncoloured callout as a near-white stone box with stone-900 text, stone-200 in dark mode', async () => {
    const [light, dark] = [await colours('light'), await colours('dark')];
    expect(light['custom']?.slice(0, 3)).toEqual([
      'rgba(120, 113, 108, 0.2)',
      'rgba(250, 250, 249, 0.5)',
      'rgb(28, 25, 23)',
    ]);
    expect(dark['custom']?.slice(0, 3)).toEqual([
      'rgba(120, 113, 108, 0.3)',
      'rgba(120, 113, 108, 0.1)',
      'rgb(231, 229, 228)',
    ]);
  }, 60_000);

  it("draws presets in Mintlify's palette, the icon and inline code in the text colour, in both modes", async () => {
    const [light, dark] = [await colours('light'), await colours('dark')];
    const blue800 = 'rgb(30, 64, 175)';
    const blue300 = 'rgb(147, 197, 253)';
    expect(light['note']).toEqual(['rgb(191, 219, 254)', 'rgb(239, 246, 255)', blue800, blue800, blue800]);
    expect(dark['note']).toEqual(['rgb(30, 58, 138)', 'rgba(37, 99, 235, 0.2)', blue300, blue300, blue300]);
    const yellow800 = 'rgb(133, 77, 14)';
    expect(light['warning']).toEqual(['rgb(254, 240, 138)', 'rgb(254, 252, 232)', yellow800, yellow800]);
    expect(dark['info']).toEqual([
      'rgb(68, 64, 60)',
      'rgba(255, 255, 255, 0.1)',
      'rgb(214, 211, 209)',
      'rgb(214, 211, 209)',
    ]);
  }, 60_000);

  it("tints a typed Card's border, box and icon with its kind's colours, in both modes", async () => {
    const card = async (colorScheme: 'light' | 'dark'): Promise<string[]> => {
      const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme });
      await page.goto(`${site.server.url}/guide`);
      const found = await page.locator('.op-card').evaluate((el) => {
        const icon = el.querySelector('.op-card-icon');
        const box = getComputedStyle(el);
        return [box.borderTopColor, box.backgroundColor, icon ? getComputedStyle(icon).color : ''];
      });
      await page.close();
      return found;
    };
    expect(await card('light')).toEqual(['rgb(254, 240, 138)', 'rgb(254, 252, 232)', 'rgb(133, 77, 14)']);
    expect(await card('dark')).toEqual(['rgb(113, 63, 18)', 'rgba(202, 138, 4, 0.2)', 'rgb(253, 224, 71)']);
  }, 60_000);
});
