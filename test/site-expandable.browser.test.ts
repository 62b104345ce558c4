/**
 * An Expandable's toggle is drawn as Mintlify's expandable/expandable.tsx draws it: a small chevron that
 * turns down when open (angle-right, rotate-90), then "Show child attributes" in text-sm, the row `px-3.5
 * py-3`, and the nested fields inset `mx-3 px-2` under a rule. Ours was a "+"/"−" in smaller, bolder text in
 * a thin row (nango's frontend SDK reference, every nested ResponseField and ParamField).
 */
import { expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { themeInChromium } from './helpers/themeInChromium.js';

const site = themeInChromium(() =>
  writeProject({
    'docs.json': docsJson({ navigation: { pages: ['index'] } }),
    'index.mdx':
      '---\ntitle: SDK\n---\n\n<ResponseField name="config" type="object">\n' +
      '  <Expandable title="options">\n    <ResponseField name="host" type="string">Host.</ResponseField>\n  </Expandable>\n' +
      '</ResponseField>\n',
  }),
);

/** Chromium's computed transform of rotate(-45deg) (the closed chevron) and rotate(45deg) (open). */
const ROTATE_MINUS_45 = 'matrix(0.707107, -0.707107, 0.707107, 0.707107, 0, 0)';
const ROTATE_45 = 'matrix(0.707107, 0.707107, -0.707107, 0.707107, 0, 0)';

site.describe('Expandable in Chromium', () => {
  it("draws Mintlify's chevron and row, and insets the nested fields", async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.server.url}/`);
    const summary = page.locator('.op-expandable-summary');
    const style = async (): Promise<Record<string, string>> =>
      summary.evaluate((el) => {
        const css = getComputedStyle(el);
        const mark = getComputedStyle(el, '::before');
        const body = getComputedStyle(el.nextElementSibling ?? el);
        return {
          font: css.fontSize,
          weight: css.fontWeight,
          padding: `${css.paddingTop} ${css.paddingLeft}`,
          mark: mark.content,
          turn: mark.transform,
          inset: `${body.marginLeft} ${body.paddingLeft}`,
        };
      });
    const closed = await style();
    expect(closed).toMatchObject({ font: '14px', weight: '400', padding: '12px 14px', mark: '""', inset: '12px 8px' });
    expect(closed['turn']).toBe(ROTATE_MINUS_45);
    await summary.click();
    // The chevron turns in a short transition: its end is rotate(45deg).
    await expect.poll(async () => (await style())['turn']).toBe(ROTATE_45);
    await page.close();
  }, 60_000);
});
