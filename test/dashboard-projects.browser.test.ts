/**
 * Projects in the dashboard, end to end against a real running Offprint: sign in, create a project, import
 * its docs from a zip (uploaded with a progress bar), open the site from the link, read the import
 * report, re-import, delete after confirming. Each step is checked against the API too.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AdmZip from 'adm-zip';
import { afterAll, beforeAll, expect } from 'vitest';
import { tempDir } from './helpers/dataDirs.js';
import { openDashboard, screenshot, startDashboardEnv, VIEWS, type DashboardEnv } from './helpers/dashboard.js';
import { needsChromium } from './helpers/needs.js';
import { SERVE_MINI } from './helpers/siteServe.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

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

      // Re-import replaces the site: the first import's outcome goes away while it runs (it would read as this
      // one's), and comes back once it is done. The list then shows the page count and the link.
      const reimportShownAlone = page.waitForFunction(
        () =>
          document.querySelector('.progress progress') !== null && document.querySelector('.callout.success') === null,
        undefined,
        { polling: 'raf', timeout: 60_000 },
      );
      await page.setInputFiles('input[type=file]', zipOf(SERVE_MINI));
      await reimportShownAlone;
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
    'explains the report’s broken links, missing spec, unknown config keys, icons and components (unknown or failing), counting what summaries stand for',
    async () => {
      // 30 broken links in one page: 10 listed and one entry standing for the other 20.
      const links = Array.from({ length: 30 }, (_, i) => `- [${i}](/gone-${i})`).join('\n');
      const source = writeProject({
        'docs.json': docsJson({
          api: { openapi: 'swagger.json' },
          banner: { content: 'Hi', dismissable: true },
          navigation: { pages: ['index', 'links'] },
        }),
        'index.mdx':
          '---\ntitle: Home\n---\n\nimport { Setup } from "/snippets/setup.jsx";\n\n' +
          '<Card title="Pro" icon="square-1" />\n\n<Acordion>Setup</Acordion>\n\n<Setup />\n',
        'snippets/setup.jsx': 'export const Setup = ({ client }) => <a href={client.url}>Set up</a>;\n',
        'links.mdx': `---\ntitle: Links\n---\n\n${links}\n\nA seat costs { per month.\n`,
      });
      const created = await env.api('/v1/projects', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Report Docs', domain: 'report-docs.localhost' }),
      });
      const { projectId } = (await created.json()) as ProjectBody;
      const imported = await env.api(`/v1/projects/${projectId}/site`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/zip' },
        body: readFileSync(zipOf(source)),
      });
      expect(imported.status).toBe(200);

      const { page, errors, close } = await openDashboard(env, `#/projects/${projectId}`);
      await page.waitForSelector('h2:has-text("Import report")');
      const group = (code: string) =>
        page.locator('details.report-group', { has: page.locator('summary code', { hasText: code }) });
      const hints: [string, RegExp][] = [
        ['broken-link', /lead to no page; readers who follow them land on the home page/],
        ['missing-spec', /OpenAPI files the config names that are not in the project/],
        ['unknown-config', /Config keys Offprint does not know/],
        ['unknown-icon', /Font Awesome Pro names are not shipped.*Lucide name/],
        ['unknown-component', /Components neither Mintlify nor the project defines \(a misspelling/],
        ['component-failed', /Project components that threw while rendering.*readers see nothing in their place/],
      ];
      for (const [code, hint] of hints) {
        await group(code).locator('summary').click();
        expect(await group(code).textContent(), code).toMatch(hint);
        expect(await group(code).locator('p.muted', { hasText: hint }).isVisible(), code).toBe(true);
      }
      expect(await group('unknown-component').textContent()).toContain('<Acordion> is not a component');
      expect(await group('unknown-component').textContent()).toContain('(did you mean <Accordion>?)');
      expect(await group('component-failed').textContent()).toContain(
        '<Setup> failed while rendering, so the page shows nothing in its place (it threw: Cannot read properties',
      );
      // The badge counts all 30 links, the summary entry's 20 too; nothing is left "not listed".
      const broken = group('broken-link');
      expect(await broken.locator('.badge').textContent()).toBe('30');
      expect(await broken.locator('.problem-list li').count()).toBe(11);
      expect(await broken.textContent()).toContain('and 20 more broken links in this file');
      expect(await broken.textContent()).not.toContain('more not listed');
      // A code reads as words with its acronym; a message's backtick quotes are shown as code.
      const syntax = group('mdx-syntax');
      expect(await syntax.locator('.report-code').textContent()).toBe('MDX syntax');
      await syntax.locator('summary').click();
      expect(await syntax.locator('.problem-list li span code').first().textContent()).toBe('{');
      expect(await syntax.locator('.problem-list').textContent()).not.toContain('`');
      await screenshot(page, 'project-report-codes', VIEWS[0] ?? { width: 1280, height: 800, scheme: 'light' });
      expect(errors).toEqual([]);
      await close();
    },
    120_000,
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
