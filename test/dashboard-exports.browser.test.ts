/**
 * Exports and verification in the dashboard, end to end against a real running Offprint (its export
 * worker rendering in Chromium): start an export from the form, follow its progress to completed, download
 * the bundle and check its SHA-256 against the one the page shows; then verify that bundle (intact) and a
 * tampered copy (refused, with the problem named) on the Verify page.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AdmZip from 'adm-zip';
import { afterAll, beforeAll, expect } from 'vitest';
import { tempDir } from './helpers/dataDirs.js';
import {
  defaultDomain,
  openDashboard,
  screenshot,
  startDashboardEnv,
  VIEWS,
  type DashboardEnv,
} from './helpers/dashboard.js';
import { needsChromium } from './helpers/needs.js';

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const DESKTOP = VIEWS[0] ?? { width: 1280, height: 800, scheme: 'light' as const };

/** A copy of `zip` with one byte of its first HTML page changed (sizes and names kept). */
function tampered(zip: string): string {
  const archive = new AdmZip(zip);
  const page = archive.getEntries().find((e) => e.entryName.endsWith('.html'));
  if (page === undefined) throw new Error('no HTML page in the bundle');
  const data = page.getData();
  data[data.length - 2] = data[data.length - 2] === 0x41 ? 0x42 : 0x41;
  archive.updateFile(page, data);
  const out = join(tempDir(), 'tampered.zip');
  archive.writeZip(out);
  return out;
}

needsChromium().describe('exports and verify in the dashboard', () => {
  let env: DashboardEnv;
  let bundle = '';
  beforeAll(async () => {
    env = await startDashboardEnv();
  }, 120_000);
  afterAll(() => env?.close());

  needsChromium().it(
    'starts an export, follows its progress, downloads it, and the SHA-256 matches',
    async () => {
      const { page, errors, close } = await openDashboard(env, '#/exports');
      await page.waitForSelector('text=No export yet');
      await page.selectOption('select[name=site]', await defaultDomain(env));
      await page.fill('input[name=version]', 'v2.0');
      await page.check('input[name=deployment][value=air-gapped]');
      await page.click('button:has-text("Start export")');

      // Live progress: the card shows the job queued or running with a progress bar, then completed.
      const card = page.locator('article.job');
      await card.locator('progress').waitFor({ timeout: 30_000 });
      await screenshot(page, 'export-running', DESKTOP);
      await expect
        .poll(() => card.locator('[data-testid=job-status]').textContent(), { timeout: 240_000, interval: 500 })
        .toBe('completed');
      const jobId = await card.getAttribute('data-job');
      const job = (await (await env.api(`/v1/static-export/jobs/${jobId}`)).json()) as {
        sha256: string;
        pageCount: number;
        version: string;
      };
      expect(job.version).toBe('v2.0');
      const shown = await card.locator('[data-testid=sha256]').textContent();
      expect(shown).toBe(job.sha256);
      expect(await card.locator('.facts').textContent()).toContain(String(job.pageCount));
      await screenshot(page, 'export-completed', DESKTOP);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        card.locator('button:has-text("Download")').click(),
      ]);
      bundle = join(tempDir(), 'bundle.zip');
      await download.saveAs(bundle);
      expect(sha256(bundle)).toBe(shown);

      // History filters: the completed job is found by its status, and not by another.
      await page.selectOption('section[aria-labelledby=history-title] select >> nth=0', 'failed');
      await page.waitForSelector('text=No export matches these filters.');
      await page.selectOption('section[aria-labelledby=history-title] select >> nth=0', 'completed');
      expect(await page.locator('.history-row').count()).toBe(1);
      expect(errors).toEqual([]);
      await close();
    },
    300_000,
  );

  needsChromium().it(
    'verifies the downloaded bundle as intact and a tampered copy as not',
    async () => {
      expect(bundle).not.toBe('');
      const { page, errors, close } = await openDashboard(env, '#/verify');
      await page.setInputFiles('input[type=file]', bundle);
      await page.waitForSelector('[data-verdict=ok]', { timeout: 60_000 });
      const verdict = page.locator('.verdict');
      expect(await verdict.textContent()).toContain(await defaultDomain(env));
      expect(await verdict.textContent()).toContain(sha256(bundle));
      await screenshot(page, 'verify-ok', DESKTOP);

      await page.setInputFiles('input[type=file]', tampered(bundle));
      await page.waitForSelector('[data-verdict=bad]', { timeout: 60_000 });
      expect(await page.locator('.verdict .problem-list li').count()).toBeGreaterThan(0);
      await screenshot(page, 'verify-tampered', DESKTOP);
      expect(errors).toEqual([]);
      await close();
    },
    120_000,
  );

  needsChromium().it(
    'says why a file that is not a zip cannot be verified',
    async () => {
      const { page, exceptions, close } = await openDashboard(env, '#/verify');
      const file = join(tempDir(), 'notes.zip');
      writeFileSync(file, 'plain text, not a zip');
      await page.setInputFiles('input[type=file]', file);
      await page.waitForSelector('[role=alert]', { timeout: 60_000 });
      expect(await page.locator('[data-verdict]').count()).toBe(0);
      // The refused upload's 4xx is a console line; only exceptions would be a fault here.
      expect(exceptions).toEqual([]);
      await close();
    },
    60_000,
  );
});
