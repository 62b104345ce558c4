/**
 * A button or form field a page writes (or a snippet's component draws) has Tailwind's preflight under it on
 * Mintlify: no border, no background, no padding or margin, the text's own font, size and colour. Only its
 * classes style it, so hoppscotch's prism banner button ("px-4 py-1 bg-white rounded-xl") is a borderless
 * white pill, not a pill inside the browser's default 2px outset border, in a system font.
 */
import { expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { themeInChromium } from './helpers/themeInChromium.js';

const PAGE = [
  '---',
  'title: Templates',
  '---',
  '',
  '<div className="not-prose">',
  '  <button id="styled" className="px-4 py-1 bg-white rounded-xl">Get started</button>',
  '</div>',
  '',
  '<button id="plain">Open app</button>',
  '',
  '<input id="field" placeholder="Search" />',
  '',
].join('\n');

/** The computed styles the test compares. */
interface Look {
  border: string;
  background: string;
  padding: string;
  margin: string;
  font: string;
  size: string;
  color: string;
}

const site = themeInChromium(() =>
  writeProject({ 'docs.json': docsJson({ navigation: { pages: ['index'] } }), 'index.mdx': PAGE }),
);

site.describe('form controls a page writes, in Chromium', () => {
  it("have Tailwind's preflight: no border, background or padding but their classes', the text's font", async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${site.server.url}/`);
    const read = (selector: string): Promise<Look> =>
      page.$eval(selector, (el): Look => {
        const cs = getComputedStyle(el);
        return {
          border: cs.borderTopWidth,
          background: cs.backgroundColor,
          padding: `${cs.paddingTop} ${cs.paddingLeft}`,
          margin: cs.marginTop,
          font: cs.fontFamily,
          size: cs.fontSize,
          color: cs.color,
        };
      });
    const prose = await read('[data-op-prose] > p, [data-op-prose]');
    const styled = await read('#styled');
    const plain = await read('#plain');
    const field = await read('#field');
    // py-1 px-4: 0.25rem 1rem; bg-white.
    expect(styled).toMatchObject({ border: '0px', background: 'rgb(255, 255, 255)', padding: '4px 16px' });
    expect(plain).toMatchObject({ border: '0px', background: 'rgba(0, 0, 0, 0)', padding: '0px 0px', margin: '0px' });
    expect(field).toMatchObject({ border: '0px', padding: '0px 0px', margin: '0px' });
    for (const control of [styled, plain, field]) expect(control.font).toBe(prose.font);
    expect(plain.size).toBe(prose.size);
    expect(plain.color).toBe(prose.color);
    await page.close();
  });
});
