/**
 * Issue 11's check, in the browser: across the novu fixture and the all-shapes fixture, every
 * author-written `#fragment` link whose target (heading, titled component, field, explicit id) exists in
 * the source lands on an element once Chromium has followed it on the live site
 * (test/helpers/fragmentWalk.ts). test/anchor-links.e2e.test.ts checks the same on the rendered HTML.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ImportedSite } from '../server/domain/sites.js';
import { walkFragmentLinks, type FragmentWalk } from './helpers/fragmentWalk.js';
import { CHROMIUM, needs, NOVU_FIXTURE } from './helpers/needs.js';
import { serveFixtures, type ServedFixtures } from './helpers/servedFixtures.js';

needs(CHROMIUM, NOVU_FIXTURE).describe('author anchor links followed in Chromium', () => {
  let served: ServedFixtures;

  beforeAll(async () => {
    served = await serveFixtures('offprint-anchor-walk-');
  });

  afterAll(() => served?.close());

  async function walk(imported: ImportedSite): Promise<FragmentWalk> {
    const origin = served.originOf(imported);
    const report = await walkFragmentLinks(served.browser, origin, imported.model);
    console.info(
      `${imported.model.settings.name}: ${report.pages} pages, ${report.followed} fragment links followed, ` +
        `${report.checked} with a target in the source, ${report.missing.length} landed on no element`,
    );
    return report;
  }

  it('all-shapes: each of its 19 author anchor links lands on its element', { timeout: 300_000 }, async () => {
    const report = await walk(served.allShapes);
    // quickstart.mdx's 13 links (headings with numbers, punctuation, a repeat, emoji, code, an explicit id,
    // an accordion, a tab, a step, two fields) and install/overview.mdx's 6 (test/fixtures/all-shapes).
    expect(report.checked).toBe(19);
    expect(report.missing).toEqual([]);
  });

  it('novu: every author anchor link with a target in the source lands on it', { timeout: 900_000 }, async () => {
    const report = await walk(served.novu);
    expect(report.checked).toBeGreaterThan(100);
    expect(report.missing).toEqual([]);
  });
});
