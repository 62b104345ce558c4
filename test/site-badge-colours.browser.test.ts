/**
 * Badge colours as Mintlify's badge/badge.tsx draws them: each colour is a fixed pair of box and text
 * colours per mode (gray #F5F5F5 / #78787A, blue #E3EAFD / #133A9A, …), `white` and `surface` are a plain
 * near-white box with no border, the `-destructive` ones the same box with red (#E6483D) text, and a
 * disabled badge swaps to its colour's paler pair (not a faded copy). Ours once mixed a hue at 14 % into
 * the page, drew `white`/`surface` with a border, `-destructive` as a pink red badge, and faded disabled
 * badges with opacity.
 */
import { expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { themeInChromium } from './helpers/themeInChromium.js';

const site = themeInChromium(() =>
  writeProject({
    'docs.json': docsJson({ navigation: { pages: ['guide'] } }),
    'guide.mdx': [
      '---\ntitle: Guide\n---',
      [
        '<Badge>Gray</Badge>',
        '<Badge color="blue">Blue</Badge>',
        '<Badge color="white">White</Badge>',
        '<Badge color="surface-destructive">Surface destructive</Badge>',
        '<Badge color="blue" disabled>Off</Badge>',
      ].join(' '),
      '',
    ].join('\n\n'),
  }),
);

/** Each badge's text: [background, text colour, border width, opacity], in one colour scheme. */
async function colours(colorScheme: 'light' | 'dark'): Promise<Record<string, string[]>> {
  const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme });
  await page.goto(`${site.server.url}/guide`);
  const found = await page.locator('.op-badge').evaluateAll((els) =>
    Object.fromEntries(
      els.map((el) => {
        const s = getComputedStyle(el);
        return [el.textContent?.trim() ?? '', [s.backgroundColor, s.color, s.borderTopWidth, s.opacity]];
      }),
    ),
  );
  await page.close();
  return found;
}

site.describe('badge colours in Chromium', () => {
  it("draws each colour in Mintlify's light palette, white with no border, disabled in its paler pair", async () => {
    const light = await colours('light');
    expect(light['Gray']).toEqual(['rgb(245, 245, 245)', 'rgb(120, 120, 122)', '0px', '1']);
    expect(light['Blue']).toEqual(['rgb(227, 234, 253)', 'rgb(19, 58, 154)', '0px', '1']);
    expect(light['White']).toEqual(['rgba(255, 255, 255, 0.95)', 'rgba(11, 12, 14, 0.6)', '0px', '1']);
    expect(light['Surface destructive']).toEqual(['rgba(255, 255, 255, 0.95)', 'rgb(230, 72, 61)', '0px', '1']);
    expect(light['Off']).toEqual(['rgb(240, 244, 254)', 'rgba(51, 104, 240, 0.5)', '0px', '1']);
  }, 60_000);

  it("draws each colour in Mintlify's dark palette", async () => {
    const dark = await colours('dark');
    expect(dark['Gray']?.slice(0, 2)).toEqual(['rgb(38, 39, 39)', 'rgb(215, 215, 215)']);
    expect(dark['Blue']?.slice(0, 2)).toEqual(['rgb(7, 41, 106)', 'rgb(113, 150, 244)']);
    expect(dark['Surface destructive']?.slice(0, 2)).toEqual(['rgb(38, 39, 39)', 'rgb(230, 72, 61)']);
    expect(dark['Off']?.slice(0, 2)).toEqual(['rgb(3, 21, 58)', 'rgba(51, 104, 240, 0.3)']);
  }, 60_000);
});
