/**
 * The exports page shows a job started elsewhere (a script over the API, `offprint export` on the same
 * data dir, another window) without a reload, even when nothing was running when it was opened: the
 * first page of the history is re-read now and then while idle, every second once a job is active.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { failExportJob } from '../server/db/exportJobs.js';
import { defaultOrganizationId } from '../server/domain/organizations.js';
import { defaultDomain, openDashboard, startDashboardEnv, type DashboardEnv } from './helpers/dashboard.js';
import { needsChromium } from './helpers/needs.js';
import { seedExportJobs, type SeedSite } from './helpers/seedExportJobs.js';

needsChromium().describe('a job started elsewhere while the exports page is open', () => {
  let env: DashboardEnv;
  let site: SeedSite;
  beforeAll(async () => {
    env = await startDashboardEnv();
    site = { projectId: env.projectId, domain: await defaultDomain(env) };
  }, 120_000);
  afterAll(() => env?.close());

  needsChromium().it(
    'shows up at the top of the history and as the followed job, with nothing active before it',
    async () => {
      const db = env.offprint.runtime.db;
      const orgId = defaultOrganizationId(env.offprint.runtime);
      const earlier = seedExportJobs(db, orgId, [site], 2, Date.now() - 60_000, 'earlier');
      // The newest seeded job is running: end it, so the page opens with nothing active to poll for.
      for (const row of earlier) failExportJob(db, row.id, 'The export ran out of memory', Date.now());
      const { page, errors, close } = await openDashboard(env, '#/exports');
      const rows = page.locator('ul.history > li.history-row');
      await rows.nth(1).waitFor();
      expect(await rows.count()).toBe(2);

      const [started] = seedExportJobs(db, orgId, [site], 1, Date.now(), 'elsewhere');
      if (started === undefined) throw new Error('no job seeded');
      await expect
        .poll(() => rows.first().getAttribute('data-job'), { timeout: 20_000, interval: 500 })
        .toBe(started.id);
      expect(await rows.count()).toBe(3);
      expect(await rows.first().textContent()).toContain('running');
      // The page follows it: its card is the running job's, polled from now on.
      await page.locator('button', { hasText: 'Cancel export' }).first().waitFor();
      expect(errors).toEqual([]);
      await close();
    },
    60_000,
  );
});
