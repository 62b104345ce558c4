/**
 * Projects in the dashboard, end to end against a real running Offprint: sign in, create a project, import
 * its docs from a zip (uploaded with a progress bar), open the site from the link, read the import
 * report, re-import, delete after confirming. Each step is checked against the API too.
 */
import { join } from 'node:path';
import AdmZip from 'adm-zip';
import { afterAll, beforeAll, expect } from 'vitest';
import { tempDir } from './helpers/dataDirs.js';
import { openDashboard, screenshot, startDashboardEnv, VIEWS, type DashboardEnv } from './helpers/dashboard.js';
import { needsChromium } from './helpers/needs.js';
import { SERVE_MINI } from './helpers/siteServe.js';

function zipOf(folder: string): string {
  const file = join(tempDir(), 'docs.zip');
  const archive = new AdmZip();
  archive.addLocalFolder(folder);
  archive.writeZip(file);
  return file;
}

interface ProjectBody {
  projectId: string;
  name: string;
  domain: string;
  siteUrl: string | null;
  site: { pages: number } | null;
}

needsChromium().describe('projects in the dashboard', () => {
  let env: DashboardEnv;
  beforeAll(async () => {
    env = await startDashboardEnv();
  }, 120_000);
  afterAll(() => env?.close());

  needsChromium().it(
    'refuses a wrong key at sign-in, then signs in with a good one',
    async () => {
      const { page, errors, close } = await openDashboard(env, '#/projects', VIEWS[0], false);
      await page.fill('input[name=key]', 'offp_wrong');
      await page.click('button[type=submit]');
      await expect.poll(() => page.textContent('[role=alert]')).toContain('malformed');
      errors.length = 0; // the refused sign-in logs its 401
      await page.fill('input[name=key]', env.key);
      await page.click('button[type=submit]');
      await page.waitForSelector('h1:has-text("Projects")');
      expect(await page.textContent('.project-list')).toContain('Sample docs');
      expect(errors).toEqual([]);
      await close();
    },
    60_000,
  );

  needsChromium().it(
    'creates a project, uploads its zip with progress, opens the site, re-imports and deletes it',
    async () => {
      const { page, errors, close } = await openDashboard(env, '#/projects');
      await page.click('button:has-text("New project")');
      await page.fill('input[name=name]', 'Acme Docs');
      expect(await page.inputValue('input[name=domain]')).toBe('acme-docs.localhost');
      await page.click('button:has-text("Create project")');
      await page.waitForSelector('h1:has-text("Acme Docs")');
      const projectId = decodeURIComponent(new URL(page.url()).hash.replace('#/projects/', ''));
      expect((await env.api(`/v1/projects/${projectId}`)).status).toBe(200);
      expect(await page.textContent('.facts')).toContain('No site yet');

      // The upload reports progress: the progress bar (bytes, then building) shows before the result.
      const progressSeen = page.waitForSelector('.progress progress', { timeout: 60_000 });
      await page.setInputFiles('input[type=file]', zipOf(SERVE_MINI));
      await progressSeen;
      await page.waitForSelector('text=/Imported \\d+ pages/', { timeout: 120_000 });
      const detail = (await (await env.api(`/v1/projects/${projectId}`)).json()) as ProjectBody;
      expect(detail.site?.pages).toBeGreaterThan(3);
      expect(await page.textContent('.facts')).toContain(String(detail.site?.pages));
      expect(await page.isVisible('h2:has-text("Import report")')).toBe(true);
      await screenshot(page, 'project-imported', VIEWS[0] ?? { width: 1280, height: 800, scheme: 'light' });

      // The site link opens the served site in a new tab.
      const link = page.locator('a.site-link');
      await expect.poll(() => link.getAttribute('href'), { timeout: 30_000 }).toBe(detail.siteUrl);
      expect(await link.getAttribute('target')).toBe('_blank');
      const [site] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
      await site.waitForLoadState('domcontentloaded');
      expect(site.url().startsWith(detail.siteUrl ?? 'none')).toBe(true);
      expect(await site.locator('body').textContent()).toBeTruthy();
      const served = await fetch(detail.siteUrl ?? '');
      expect(served.status).toBe(200);
      await site.close();

      // Re-import replaces the site; the list shows the page count and the link.
      await page.setInputFiles('input[type=file]', zipOf(SERVE_MINI));
      await page.waitForSelector('text=/Imported \\d+ pages/', { timeout: 120_000 });
      await page.click('a.back');
      const row = page.locator(`.project-row[data-project="${projectId}"]`);
      await expect.poll(() => row.textContent()).toContain(String(detail.site?.pages));
      expect(await row.locator('a.site-link').getAttribute('href')).toBe(detail.siteUrl);

      // Delete asks first; cancelling keeps the project, confirming removes it.
      await row.locator('a.project-name').click();
      await page.click('button:has-text("Delete project")');
      await page.click('dialog >> button:has-text("Cancel")');
      expect((await env.api(`/v1/projects/${projectId}`)).status).toBe(200);
      await page.click('button:has-text("Delete project")');
      await page.click('dialog >> button:has-text("Delete project")');
      await page.waitForSelector('h1:has-text("Projects")');
      expect((await env.api(`/v1/projects/${projectId}`)).status).toBe(404);
      expect(await page.locator(`.project-row[data-project="${projectId}"]`).count()).toBe(0);
      expect(errors).toEqual([]);
      await close();
    },
    300_000,
  );

  needsChromium().it(
    'shows the server’s reasons when a zip is not a docs project',
    async () => {
      const { page, exceptions, close } = await openDashboard(env, `#/projects/${env.projectId}`);
      await page.waitForSelector('input[type=file]');
      const bad = join(tempDir(), 'bad.zip');
      const archive = new AdmZip();
      archive.addFile('readme.txt', Buffer.from('not a docs project'));
      archive.writeZip(bad);
      await page.setInputFiles('input[type=file]', bad);
      const alert = page.locator('[role=alert]');
      await expect.poll(() => alert.textContent(), { timeout: 60_000 }).toMatch(/docs\.json|mint\.json/);
      // The refused upload's 4xx is a console line; only exceptions would be a fault here.
      expect(exceptions).toEqual([]);
      await close();
    },
    120_000,
  );
});
