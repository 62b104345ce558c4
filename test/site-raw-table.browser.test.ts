/**
 * A table a project writes as JSX (Continue's ModelRecommendations snippet builds one with
 * `style={{ width: '100%' }}`) gets no Markdown table wrapper. On a 390 px phone its columns were wider
 * than the screen and the whole page slid sideways; it scrolls inside the column instead, as a Markdown
 * table does. And an inline <svg> in a flex row of the page's own markup keeps its size on a phone
 * (Laminar's GitHub button: a max-width of 100%, which Tailwind's reset gives images and videos only, let
 * the row shrink it to a dot).
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
    'docs.json': docsJson({ navigation: { pages: ['models', 'hero'] } }),
    'snippets/Recs.jsx': SNIPPET,
    'models.mdx': `---\ntitle: Models\n---\n\nimport { Recs } from "/snippets/Recs.jsx";\n\n<Recs />\n\nAfter the table.\n`,
    'hero.mdx':
      '---\ntitle: Hero\n---\n\n<div className="flex gap-4"><a className="px-6 py-3" href="/models">Get started with the docs</a>' +
      '<a className="px-6 py-3 flex items-center gap-2" href="/models"><svg width="18" height="18" viewBox="0 0 16 16">' +
      '<path d="M0 0h16v16H0z"/></svg>GitHub repository</a></div>\n',
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

  it("sizes an inline svg in a flex row of the page's markup as Tailwind's reset does, not to a dot", async () => {
    const page = await site.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${site.server.url}/hero`);
    const icon = await page
      .locator('.op-prose a svg')
      .evaluate((svg) => ({ maxWidth: getComputedStyle(svg).maxWidth, width: svg.getBoundingClientRect().width }));
    await page.close();
    // Tailwind caps images and videos only; with a 100% cap the row shrank this 18 px icon to 1.8 px.
    expect(icon.maxWidth).toBe('none');
    expect(icon.width).toBeGreaterThan(9);
  });
});
