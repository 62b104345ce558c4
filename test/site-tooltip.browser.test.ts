/**
 * A Tooltip as Mintlify's tooltip/tooltip.tsx draws it: the term has a dotted 2px gray underline set 4px
 * below it (not a dashed border); the card is 16rem at most, 12px text on 16px lines with 12px/16px padding
 * and 12px corners, the tip gray-600 and the call to action gray-600 medium text (gray-400 on gray-950 in dark
 * mode). Ours once drew a dashed border under the term, 13px text on looser lines and a bold brand-coloured
 * call to action.
 */
import { expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { themeInChromium } from './helpers/themeInChromium.js';

const site = themeInChromium(() =>
  writeProject({
    'docs.json': docsJson({ navigation: { pages: ['guide'] } }),
    'guide.mdx': [
      '---\ntitle: Guide\n---',
      'Read the <Tooltip tip="A set of protocols." cta="Read our API guide" href="/guide">API</Tooltip> docs.',
      '',
    ].join('\n\n'),
  }),
);

/** The term's underline, the card's box and text, the tip's and the call to action's colours. */
async function look(colorScheme: 'light' | 'dark'): Promise<Record<string, string[]>> {
  const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme });
  await page.goto(`${site.server.url}/guide`);
  await page.hover('.op-tooltip');
  const found = await page.$eval('.op-tooltip', (tip) => {
    const s = (sel: string): CSSStyleDeclaration => getComputedStyle(tip.querySelector(sel) ?? tip);
    const term = s('.op-tooltip-trigger');
    const card = s('.op-tooltip-content');
    const cta = s('.op-tooltip-cta');
    return {
      term: [
        term.textDecorationLine,
        term.textDecorationStyle,
        term.textUnderlineOffset,
        getComputedStyle(tip).borderBottomStyle,
      ],
      card: [card.maxWidth, card.padding, card.borderRadius, card.fontSize, card.lineHeight, card.backgroundColor],
      tip: [s('.op-tooltip-tip').color],
      cta: [cta.color, cta.fontWeight],
    };
  });
  await page.close();
  return found;
}

site.describe('tooltip in Chromium', () => {
  it("draws the term and its card as Mintlify's tooltip does", async () => {
    const light = await look('light');
    expect(light['term']).toEqual(['underline', 'dotted', '4px', 'none']);
    expect(light['card']).toEqual(['256px', '12px 16px', '12px', '12px', '16px', 'rgb(255, 255, 255)']);
    expect(light['tip']).toEqual(['rgb(75, 85, 99)']);
    expect(light['cta']).toEqual(['rgb(75, 85, 99)', '500']);
  }, 60_000);

  it('draws the card gray-950 with gray-400 text in dark mode', async () => {
    const dark = await look('dark');
    expect(dark['card']?.[5]).toBe('rgb(3, 7, 18)');
    expect(dark['tip']).toEqual(['rgb(156, 163, 175)']);
    expect(dark['cta']).toEqual(['rgb(156, 163, 175)', '500']);
  }, 60_000);
});
