/**
 * Every author-written `#fragment` link (same-page `#x` and `/page#x`) of the novu fixture and the
 * all-shapes fixture whose target exists in the source lands on an element of the rendered page
 * (pages rendered as the server renders them, in the render sandbox; test/helpers/fragmentLinks.ts).
 * Before issue 11's slug change, 2 of novu's 131 such links landed on no element.
 */
import { afterAll, expect } from 'vitest';
import { closeRenderSandbox } from '../server/sites/sandbox/shared.js';
import { checkFragmentLinks } from './helpers/fragmentLinks.js';
import { needsNovu } from './helpers/needs.js';
import { ALL_SHAPES, NOVU } from './helpers/siteProjects.js';

afterAll(() => closeRenderSandbox());

needsNovu().describe('author anchor links', () => {
  needsNovu().it(
    'novu: every link to an existing heading or component resolves',
    async () => {
      const report = await checkFragmentLinks(NOVU);
      console.log(`novu: ${report.pages} pages, ${report.checked} anchor links, ${report.missing.length} missing`);
      expect(report.checked).toBeGreaterThan(100);
      expect(report.missing).toEqual([]);
    },
    300_000,
  );

  needsNovu().it('all-shapes: every link to an existing anchor resolves', async () => {
    const report = await checkFragmentLinks(ALL_SHAPES);
    expect(report.pages).toBeGreaterThan(10);
    // quickstart.mdx's 13 links and install/overview.mdx's 6 (test/fixtures/all-shapes).
    expect(report.checked).toBe(19);
    expect(report.missing).toEqual([]);
  });
});
