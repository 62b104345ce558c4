/**
 * A table a project writes as JSX (Continue's ModelRecommendations snippet builds one with
 * `style={{ width: '100%' }}`) gets no Markdown table wrapper. On a 390 px phone its columns were wider
 * than the screen and the whole page slid sideways; it scrolls inside the column instead, as a Markdown
 * table does.
 */
import { expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { themeInChromium } from './helpers/themeInChromium.js';

const CELLS = ['Model role', 'Best open models', 'Best closed models', 'Notes about the role'];

const SNIPPET = `export const Recs = () => (
  <table style={{ width: "100%", borderCollapse: "collapse" }}>
    <thead><tr>${CELLS.map((c) => `<th style={{ padding: "8px" }}>${c}</th>`).join('')}</tr></thead>
    <tbody><tr>${CELLS.map(() => '<td style={{ padding: "8px" }}>QwenCoder2.5-instruct-7B</td>').join('')}</tr></tbody>
  </table>
);
`;

function wideTableProject(): string {
  return writeProject({
    'docs.json': docsJson({ navigation: { pages: ['models'] } }),
    'snippets/Recs.jsx': SNIPPET,
    'models.mdx': `---\ntitle: Models\n---\n\nimport { Recs } from "/snippets/Recs.jsx";\n\n<Recs />\n\nAfter the table.\n`,
  });
}

const site = themeInChromium(wideTableProject);

site.describe('JSX table on a phone', () => {
  it('scrolls inside the content column instead of widening the page', async () => {
    const page = await site.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${site.server.url}/models`);
    const table = await page.locator('.op-prose table').boundingBox();
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: innerWidth }));
    await page.close();
    if (table === null) throw new Error('the page has no table');
    expect(widths.page).toBeLessThanOrEqual(widths.view);
    expect(table.x + table.width).toBeLessThanOrEqual(widths.view);
  }, 60_000);

  it('keeps a narrow-enough table full width on a wide screen', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.server.url}/models`);
    const table = await page.locator('.op-prose table').boundingBox();
    const prose = await page.locator('.op-prose').first().boundingBox();
    await page.close();
    if (table === null || prose === null) throw new Error('the page has no table');
    expect(Math.round(table.width)).toBe(Math.round(prose.width));
  }, 60_000);
});
