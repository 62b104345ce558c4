/**
 * Every page of the dashboard, in every view (1280x800 and 390x844, light and dark), against a real
 * running Offprint with a site, feedback, a rotated signing key and a completed export: axe-core finds no
 * serious or critical violation, nothing scrolls sideways at phone width (scrollWidth <= innerWidth), and
 * a screenshot of each is written to SHOT_DIR for a person to look at. Verify receipts (a good bundle, and
 * the same against a wrong fingerprint) are checked and photographed too. Also: the phone drawer works
 * from the keyboard.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { tempDir } from './helpers/dataDirs.js';
import {
  defaultDomain,
  exportAndWait,
  horizontalOverflow,
  openDashboard,
  screenshot,
  seriousViolations,
  startDashboardEnv,
  VIEWS,
  type DashboardEnv,
  type View,
} from './helpers/dashboard.js';
import { needsChromium } from './helpers/needs.js';

const FEEDBACK = [
  {
    id: 'c1',
    path: '/quickstart',
    source: 'contextual',
    helpful: false,
    contact: 'ana@example.com',
    comment: 'Step 3 fails on Windows because the path has spaces in it',
    createdAt: '2026-03-02T10:00:00Z',
  },
  {
    id: 's1',
    path: '/api-reference/authentication/a-very-long-page-path-that-must-wrap',
    source: 'code_snippet',
    code: 'npm i offprint --save-exact',
    filename: 'install.sh',
    lang: 'bash',
    comment: null,
    createdAt: '2026-03-01T10:00:00Z',
  },
  { id: 't1', path: '/quickstart', source: 'thumbs_only', helpful: true, createdAt: '2026-02-28T10:00:00Z' },
];

/** Each page: its hash route and what shows it has loaded. */
const PAGES: readonly { name: string; hash: string; ready: string }[] = [
  { name: 'projects', hash: '#/projects', ready: '.project-row' },
  { name: 'project', hash: '#/projects/PROJECT', ready: 'text=Import report' },
  { name: 'exports', hash: '#/exports', ready: '.job .badge.status-completed' },
  { name: 'verify', hash: '#/verify', ready: '.dropzone' },
  { name: 'feedback', hash: '#/feedback', ready: 'table.feedback tbody tr' },
  { name: 'keys', hash: '#/keys', ready: '.page:has(.retired-key):has(.key-row)' },
];

const viewName = (v: View) => `${v.width}x${v.height} ${v.scheme}`;

needsChromium().describe('every dashboard page, in every view', () => {
  let env: DashboardEnv;
  let bundle = '';
  beforeAll(async () => {
    env = await startDashboardEnv();
    expect((await env.api('/v1/signing-key/rotate', { method: 'POST' })).status).toBe(200);
    const body = FEEDBACK.map((e) => JSON.stringify(e)).join('\n') + '\n';
    const imported = await env.api(`/v1/analytics/${env.projectId}/feedback/import`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-ndjson' },
      body,
    });
    expect(imported.status).toBe(200);
    const job = await exportAndWait(env, { domain: await defaultDomain(env), version: 'v1.0' });
    expect(job.status).toBe('completed');
    const link = (await (await env.api(`/v1/static-export/jobs/${job.jobId}/bundle`, { method: 'POST' })).json()) as {
      bundleUrl: string;
    };
    bundle = join(tempDir(), 'bundle.zip');
    writeFileSync(bundle, Buffer.from(await (await fetch(link.bundleUrl)).arrayBuffer()));
  }, 300_000);
  afterAll(() => env?.close());

  /** Verify receipts: the bundle as is (signer not pinned), then against a wrong fingerprint. */
  async function checkReceipts(view: View): Promise<string[]> {
    const failures: string[] = [];
    const opened = await openDashboard(env, '#/verify', view);
    const { page } = opened;
    const check = async (name: string) => {
      for (const v of await seriousViolations(page))
        failures.push(`${name}: ${v.id} (${v.help}) at ${v.targets.join(', ')}`);
      const overflow = await horizontalOverflow(page);
      if (overflow > 0) failures.push(`${name}: ${overflow}px wider than the window`);
      await screenshot(page, name, view);
    };
    await page.setInputFiles('input[type=file]', bundle);
    await page.waitForSelector('[data-verdict=ok]', { timeout: 60_000 });
    await check('verify-receipt');
    await page.fill('input[name=fingerprint]', 'AAAA-BBBB-CCCC-DDDD');
    await page.click('button:has-text("again")');
    await page.waitForSelector('[data-verdict=bad]', { timeout: 60_000 });
    await check('verify-wrong-key');
    expect(opened.errors).toEqual([]);
    await opened.close();
    return failures;
  }

  for (const view of VIEWS) {
    needsChromium().it(
      `passes axe, fits the width and is photographed at ${viewName(view)}`,
      async () => {
        const failures: string[] = [];
        for (const p of PAGES) {
          const opened = await openDashboard(env, p.hash.replace('PROJECT', env.projectId), view);
          await opened.page.waitForSelector(p.ready, { timeout: 30_000 });
          for (const v of await seriousViolations(opened.page))
            failures.push(`${p.name}: ${v.id} (${v.help}) at ${v.targets.join(', ')}`);
          const overflow = await horizontalOverflow(opened.page);
          if (overflow > 0) failures.push(`${p.name}: ${overflow}px wider than the window`);
          await screenshot(opened.page, p.name, view);
          expect(opened.errors).toEqual([]);
          await opened.close();
        }
        failures.push(...(await checkReceipts(view)));
        const signIn = await openDashboard(env, '', view, false);
        await signIn.page.waitForSelector('text=Sign in');
        for (const v of await seriousViolations(signIn.page)) failures.push(`sign-in: ${v.id} (${v.help})`);
        if ((await horizontalOverflow(signIn.page)) > 0) failures.push('sign-in: wider than the window');
        await screenshot(signIn.page, 'sign-in', view);
        await signIn.close();
        expect(failures).toEqual([]);
      },
      180_000,
    );
  }

  needsChromium().it(
    'opens the phone drawer from the keyboard and closes it with Escape',
    async () => {
      const view = VIEWS[2];
      if (view === undefined) throw new Error('no phone view');
      const { page, close } = await openDashboard(env, '#/projects', view);
      await page.waitForSelector('.project-row');
      expect(await page.isVisible('#sidebar .nav-link')).toBe(false);
      await page.focus('button[aria-label="Open menu"]');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Projects');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'drawer', view);
      await page.keyboard.press('Escape');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('Open menu');
      await page.click('button[aria-label="Open menu"]');
      await page.click('#sidebar >> text="Keys"');
      await page.waitForSelector('h1:has-text("Keys")');
      // The drawer slides out, then hides (out of the tab order).
      await expect.poll(() => page.isVisible('#sidebar .nav-link')).toBe(false);
      await close();
    },
    60_000,
  );
});
