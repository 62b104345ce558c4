/**
 * Mintlify's #content-area is the content column itself (page header, content, feedback, pagination and
 * footer), a flex item of the row it shares with the table of contents: a width a project gives it in
 * percent (`#content-area { width: calc(100% - 20rem); max-width: 72rem }`, microsandbox's style.css, to
 * widen its prose on wide screens) is of that whole row. In Offprint the id was on the article inside a
 * 46rem column, so the same rule made the text a 26rem strip. The column must widen, and without such a
 * rule keep its own width.
 */
import { expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { themeInChromium } from './helpers/themeInChromium.js';

const PAGE = '---\ntitle: Home\n---\n\n## Alpha\n\nSome prose that fills a line of the column.\n\n## Beta\n\nMore.\n';

function project(style: string): () => string {
  return () =>
    writeProject({
      'docs.json': docsJson({ navigation: { groups: [{ group: 'Docs', pages: ['index', 'other'] }] } }),
      'index.mdx': PAGE,
      'other.mdx': '---\ntitle: Other\n---\n\nText.\n',
      ...(style ? { 'style.css': style } : {}),
    });
}

async function widths(site: ReturnType<typeof themeInChromium>): Promise<{ area: number; prose: number; row: number }> {
  const page = await site.browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${site.server.url}/`);
  const out = await page.evaluate(() => {
    const w = (s: string): number => document.querySelector(s)?.getBoundingClientRect().width ?? -1;
    return { area: w('#content-area'), prose: w('#content'), row: w('#content-container') };
  });
  await page.close();
  return out;
}

const plain = themeInChromium(project(''));
plain.describe('the content column without a project rule', () => {
  it('is 46rem wide beside the table of contents, holding the prose and the footer', async () => {
    const { area, prose } = await widths(plain);
    expect(area).toBe(736);
    expect(prose).toBeLessThanOrEqual(736);
    expect(prose).toBeGreaterThan(700);
  }, 60_000);
});

const widened = themeInChromium(
  project(
    '@media (min-width: 1280px) {\n  #content-area { max-width: 72rem !important; width: calc(100% - 20rem) !important; }\n}\n',
  ),
);
widened.describe("a project's width for #content-area in percent", () => {
  it('is a share of the row it shares with the table of contents, so the prose widens', async () => {
    const { area, prose, row } = await widths(widened);
    expect(area).toBeGreaterThan(736);
    expect(area).toBeGreaterThanOrEqual(row - 20 * 16 - 80);
    expect(prose).toBeGreaterThan(736);
  }, 60_000);
});
