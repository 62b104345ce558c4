/**
 * Issue 13 in the dashboard: the export history with 300 jobs, in real Chromium against a real Offprint.
 * The page shows the newest 50, "Show older exports" adds the next 50 (focus stays on the button), the
 * poll for the running job re-reads only the first page and keeps what was loaded, and a filter asks the
 * server, so a job far older than the first page is found by its status or its site. The times until the
 * list shows and of "Show older exports" are printed (no timing assert: the machine is shared), axe-core
 * runs on the long list, and a screenshot is written to SHOT_DIR/history-500.png.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ExportJobRow } from '../server/db/exportJobs.js';
import { defaultOrganizationId } from '../server/domain/organizations.js';
import { createProjectInOrg } from '../server/domain/projects.js';
import {
  defaultDomain,
  horizontalOverflow,
  openDashboard,
  screenshot,
  seriousViolations,
  SHOT_DIR,
  startDashboardEnv,
  VIEWS,
  type DashboardEnv,
} from './helpers/dashboard.js';
import { needsChromium } from './helpers/needs.js';
import { newestFirst, seedExportJobs, type SeedSite } from './helpers/seedExportJobs.js';

const JOBS = 300;
const SECOND_SITE = 'docs.second.test';
const PHONE = VIEWS[2] ?? { width: 390, height: 844, scheme: 'light' as const };

needsChromium().describe('the export history with 300 jobs', () => {
  let env: DashboardEnv;
  let seeded: ExportJobRow[];
  beforeAll(async () => {
    env = await startDashboardEnv();
    const runtime = env.offprint.runtime;
    const orgId = defaultOrganizationId(runtime);
    const main: SeedSite = { projectId: env.projectId, domain: await defaultDomain(env) };
    const second = createProjectInOrg(runtime, orgId, { name: 'Second', domain: SECOND_SITE });
    // One job in ten is the second site's: its oldest lies far beyond the first page of the whole list.
    const sites = [...Array.from({ length: 9 }, () => main), { projectId: second.id, domain: SECOND_SITE }];
    seeded = newestFirst(seedExportJobs(runtime.db, orgId, sites, JOBS, Date.now() - 3_600_000));
  }, 120_000);
  afterAll(() => env?.close());

  needsChromium().it(
    'shows the newest 50, then 100, keeps them while polling, and filters through the server',
    async () => {
      const listRequests: string[] = [];
      const started = performance.now();
      const { page, errors, close } = await openDashboard(env, '#/exports');
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/v1/static-export/jobs') listRequests.push(new URL(r.url()).search);
      });
      const rows = page.locator('ul.history > li.history-row');
      const shownIds = () => rows.evaluateAll((items) => items.map((li) => li.getAttribute('data-job')));
      await rows.nth(49).waitFor();
      const listShown = performance.now() - started;
      const inPage = await page.evaluate(() => window.performance.now());
      expect(await shownIds()).toEqual(seeded.slice(0, 50).map((r) => r.id));
      const status = page.locator('.history-count');
      expect(await status.textContent()).toBe('Newest 50 exports shown; older ones follow.');
      // The card shows the newest job (running, on a worker elsewhere), so the page polls every second.
      expect(await page.locator('article.job').getAttribute('data-job')).toBe(seeded[0]?.id);

      const more = page.locator('button.history-more');
      await more.focus();
      const clicked = performance.now();
      await page.keyboard.press('Enter');
      await rows.nth(99).waitFor();
      const olderShown = performance.now() - clicked;
      expect(await shownIds()).toEqual(seeded.slice(0, 100).map((r) => r.id));
      expect(await status.textContent()).toBe('Newest 100 exports shown; older ones follow.');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Show older exports');
      // How long the server took, as the page saw it: the first page, and the page after the cursor.
      const fetched = await page.evaluate(() =>
        window.performance
          .getEntriesByType('resource')
          .filter((e) => e.name.includes('/v1/static-export/jobs?'))
          .map((e) => ({ cursor: e.name.includes('cursor='), ms: e.duration })),
      );
      const requestMs = (cursor: boolean) => fetched.find((e) => e.cursor === cursor)?.ms.toFixed(0) ?? '?';
      console.log(
        `export history, ${JOBS} jobs: list shown ${listShown.toFixed(0)} ms after navigation ` +
          `(${inPage.toFixed(0)} ms by the page's clock; its request ${requestMs(false)} ms), ` +
          `"Show older exports" ${olderShown.toFixed(0)} ms (its request ${requestMs(true)} ms)`,
      );

      // Three polls later the 100 rows are still there, and every poll read the first page alone.
      const before = listRequests.length;
      await page.waitForTimeout(3500);
      const polls = listRequests.slice(before);
      expect(polls.length).toBeGreaterThanOrEqual(2);
      for (const query of polls) expect(new URLSearchParams(query).get('cursor')).toBeNull();
      expect(polls.every((query) => new URLSearchParams(query).get('limit') === '50')).toBe(true);
      expect(await shownIds()).toEqual(seeded.slice(0, 100).map((r) => r.id));

      expect(await seriousViolations(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      // From the top: a full-page shot of a scrolled page draws the sticky sidebar where the window was.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(SHOT_DIR, 'history-500.png'), fullPage: true });

      // A filter asks the server: the oldest cancelled job (beyond every page shown) is found by its status.
      const history = page.locator('section[aria-labelledby=history-title]');
      const cancelled = seeded.filter((r) => r.status === 'failed' && r.error === 'cancelled');
      await history.getByLabel('Status').selectOption('cancelled');
      await expect.poll(shownIds).toEqual(cancelled.map((r) => r.id));
      expect(seeded.findIndex((r) => r.id === cancelled.at(-1)?.id)).toBeGreaterThan(100);
      expect(await status.textContent()).toBe(`All ${cancelled.length} matching exports shown.`);
      expect(await more.count()).toBe(0);

      // And the second site's oldest job by its site.
      await history.getByLabel('Status').selectOption('');
      await history.getByLabel('Site').selectOption(SECOND_SITE);
      const second = seeded.filter((r) => r.domain === SECOND_SITE);
      await expect.poll(shownIds).toEqual(second.map((r) => r.id));
      expect(seeded.findIndex((r) => r.id === second.at(-1)?.id)).toBeGreaterThan(100);
      const filtered = listRequests.filter((query) => new URLSearchParams(query).get('domain') === SECOND_SITE);
      expect(filtered.length).toBeGreaterThan(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'history-filtered', VIEWS[0] ?? PHONE);
      expect(errors).toEqual([]);
      await close();
    },
    180_000,
  );

  needsChromium().it(
    'reads well at phone width, and reaches the oldest job: the button goes, focus moves to the last page',
    async () => {
      const { page, errors, close } = await openDashboard(env, '#/exports', PHONE);
      const rows = page.locator('ul.history > li.history-row');
      await rows.nth(49).waitFor();
      const more = page.locator('button.history-more');
      await more.click();
      await rows.nth(99).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'history-500', PHONE);
      for (let shown = 100; shown < JOBS; shown += 50) {
        await more.press('Enter');
        await rows.nth(Math.min(shown + 49, JOBS - 1)).waitFor();
      }
      await expect.poll(() => more.count()).toBe(0);
      const ids = await rows.evaluateAll((items) => items.map((li) => li.getAttribute('data-job')));
      expect(ids).toEqual(seeded.map((r) => r.id));
      expect(await page.locator('.history-count').textContent()).toBe(`All ${JOBS} exports shown.`);
      // The button went with the last page: focus is on that page's first job, not lost to the body.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.closest('li')?.getAttribute('data-job')))
        .toBe(seeded[250]?.id);
      expect(errors).toEqual([]);
      await close();
    },
    120_000,
  );
});
