/**
 * Exports and verification in the dashboard, end to end against a real running Offprint (its export
 * worker rendering in Chromium): start an export from the form, follow its progress to completed, see the
 * key that signed it, download the bundle and check its SHA-256 against the one the page shows; download
 * a delta against an earlier export; then verify that bundle on the Verify page: intact and signed (not
 * pinned, then pinned to the typed fingerprint), refused against a wrong fingerprint (naming both keys),
 * and a tampered copy refused with the problem named.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AdmZip from 'adm-zip';
import { afterAll, beforeAll, expect } from 'vitest';
import { tempDir } from './helpers/dataDirs.js';
import {
  defaultDomain,
  exportAndWait,
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
  let signer = '';
  let firstJob = { jobId: '', sha256: '' };
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
        signingKeyFingerprint: string | null;
        pageCount: number;
        version: string;
      };
      expect(job.version).toBe('v2.0');
      const shown = await card.locator('[data-testid=sha256]').textContent();
      expect(shown).toBe(job.sha256);
      expect(await card.locator('.facts').textContent()).toContain(String(job.pageCount));
      const signing = (await (await env.api('/v1/signing-key')).json()) as { current: { fingerprint: string } };
      expect(job.signingKeyFingerprint).toBe(signing.current.fingerprint);
      expect(await card.locator('[data-testid=signed-by]').textContent()).toBe(signing.current.fingerprint);
      signer = signing.current.fingerprint;
      await screenshot(page, 'export-completed', DESKTOP);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        card.locator('button:has-text("Download")').click(),
      ]);
      bundle = join(tempDir(), 'bundle.zip');
      await download.saveAs(bundle);
      expect(sha256(bundle)).toBe(shown);
      firstJob = { jobId: jobId ?? '', sha256: job.sha256 };

      // History filters: the completed job is found by its status, and not by another.
      await page.selectOption('section[aria-labelledby=history-title] select >> nth=0', 'failed');
      await page.waitForSelector('text=No export matches these filters.');
      await page.selectOption('section[aria-labelledby=history-title] select >> nth=0', 'completed');
      // The server filters: the list changes once its answer is in.
      await expect.poll(() => page.locator('.history-row').count()).toBe(1);
      expect(errors).toEqual([]);
      await close();
    },
    300_000,
  );

  needsChromium().it(
    'downloads a delta from an earlier export of the same site',
    async () => {
      expect(firstJob.jobId).not.toBe('');
      const second = await exportAndWait(env, { domain: await defaultDomain(env), version: 'v2.1' });
      expect(second.status).toBe('completed');
      const { page, errors, close } = await openDashboard(env, '#/exports');
      const card = page.locator(`article.job[data-job="${second.jobId}"]`);
      // The same site again: every page is taken from the first export, and the card says so. (A page whose
      // HTML depended on what its render sandbox had highlighted before was once rendered again here.)
      const reused = (await (await env.api(`/v1/static-export/jobs/${second.jobId}`)).json()) as {
        pageCount: number;
        pagesReused: number;
      };
      expect(reused.pagesReused).toBe(reused.pageCount);
      expect(await card.locator('.facts .fact-note').textContent()).toBe('all taken from the last export');
      await card.locator('summary:has-text("Delta from")').click();
      const select = card.locator('select[name=deltaFrom]');
      expect(await select.inputValue()).toBe(firstJob.jobId);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        card.locator('button:has-text("Download delta")').click(),
      ]);
      // The server names the file (Content-Disposition): both jobs, so it cannot be mistaken for a bundle.
      expect(download.suggestedFilename()).toMatch(/\.zip$/);
      expect(download.suggestedFilename()).toContain(firstJob.jobId);
      expect(download.suggestedFilename()).toContain(second.jobId);
      const delta = join(tempDir(), 'delta.zip');
      await download.saveAs(delta);
      expect(await card.locator('[data-testid=delta-sha256]').textContent()).toBe(sha256(delta));
      const manifest = JSON.parse(new AdmZip(delta).readAsText('delta.json')) as {
        base: { sha256: string };
        target: { sha256: string };
        signing: { fingerprint: string };
      };
      expect(manifest.base.sha256).toBe(firstJob.sha256);
      expect(manifest.target.sha256).toBe(second.sha256);
      expect(manifest.signing.fingerprint).toBe(signer);
      await screenshot(page, 'export-delta', DESKTOP);
      expect(errors).toEqual([]);
      await close();
    },
    300_000,
  );

  needsChromium().it(
    'verifies the downloaded bundle: signed by the key, pinned when the fingerprint is typed',
    async () => {
      expect(bundle).not.toBe('');
      const { page, errors, close } = await openDashboard(env, '#/verify');
      await page.setInputFiles('input[type=file]', bundle);
      await page.waitForSelector('[data-verdict=ok]', { timeout: 60_000 });
      const verdict = page.locator('.verdict');
      expect(await verdict.textContent()).toContain(await defaultDomain(env));
      expect(await verdict.textContent()).toContain(sha256(bundle));
      // No fingerprint typed: the signer is named, with the note to compare it with the sender's.
      expect(await verdict.locator('[data-testid=signed-by]').textContent()).toBe(signer);
      expect(await verdict.locator('[data-signature=unpinned]').textContent()).toContain('Not checked against');
      expect(await verdict.locator('.egress').textContent()).toContain('No page reached outside the bundle');
      await screenshot(page, 'verify-ok', DESKTOP);

      // Typed in lower case without dashes: still the same key, now checked against it.
      await page.fill('input[name=fingerprint]', signer.toLowerCase().replaceAll('-', ''));
      await page.click('button:has-text("again")');
      await page.waitForSelector('[data-signature=pinned]', { timeout: 60_000 });
      expect(await page.locator('[data-verdict]').getAttribute('data-verdict')).toBe('ok');
      expect(await verdict.locator('[data-signature=pinned]').textContent()).toContain(`Signed by ${signer}`);
      expect(errors).toEqual([]);
      await close();
    },
    120_000,
  );

  needsChromium().it(
    'refuses the bundle against a wrong fingerprint, naming both keys, and a malformed one before sending',
    async () => {
      const { page, errors, close } = await openDashboard(env, '#/verify');
      await page.fill('input[name=fingerprint]', 'AAAA BBBB 1CCC');
      await page.setInputFiles('input[type=file]', bundle);
      await page.waitForSelector('.field-problem');
      expect(await page.textContent('.field-problem')).toContain('not “1”');
      expect(await page.locator('[data-verdict]').count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('fingerprint');

      const wrong = 'AAAA-BBBB-CCCC-DDDD';
      await page.fill('input[name=fingerprint]', wrong.toLowerCase());
      await page.click('button:has-text("again")');
      await page.waitForSelector('[data-verdict=bad]', { timeout: 60_000 });
      const note = await page.locator('[data-signature=other]').textContent();
      expect(note).toContain(`Signed by ${signer}, not by ${wrong}`);
      const first = await page.locator('.verdict .problem-list li').first().textContent();
      expect(first).toContain(signer);
      expect(first).toContain(wrong);
      await screenshot(page, 'verify-wrong-key', DESKTOP);

      await page.fill('input[name=fingerprint]', '');
      await page.setInputFiles('input[type=file]', tampered(bundle));
      await page.waitForSelector('[data-verdict=bad]', { timeout: 60_000 });
      expect(await page.locator('.verdict .problem-list li').count()).toBeGreaterThan(0);
      expect(await page.textContent('.verdict .problem-list')).toContain('does not match its SHA-256');
      await screenshot(page, 'verify-tampered', DESKTOP);
      // The refused check is a 200 with ok: false: no console error either.
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
