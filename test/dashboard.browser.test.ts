/**
 * The dashboard's export cancel, where no export worker runs (so the job stays queued and the test is
 * not a race): the job is started from the form, shows as queued, and is cancelled after confirming.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium, type Browser } from '../server/render/chromium.js';
import { startExportEnv, type ExportEnv } from './helpers/exportEnv.js';
import { needsChromium } from './helpers/needs.js';

needsChromium().describe('cancelling an export in the dashboard', () => {
  let env: ExportEnv;
  let browser: Browser;
  beforeAll(async () => {
    env = await startExportEnv();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser.close();
    await env.close();
  });

  it('starts an export, keeps it when the dialog is dismissed, and cancels it when confirmed', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${env.server.url}/#/exports`);
    await page.fill('input[name=key]', env.key);
    await page.click('button[type=submit]');
    await page.waitForSelector('text=No export yet');
    await page.selectOption('select[name=site]', env.domain);
    await page.check('input[name=deployment][value=client-hosted]');
    await page.click('button:has-text("Start export")');

    const card = page.locator('article.job');
    const status = card.locator('[data-testid=job-status]');
    await expect.poll(() => status.textContent()).toBe('queued');
    expect(await card.textContent()).toContain('client-hosted');
    expect(await card.textContent()).toContain('Waiting for the export worker');

    await card.locator('button:has-text("Cancel export")').click();
    await page.click('dialog >> button:has-text("Keep running")');
    expect(await status.textContent()).toBe('queued');
    await card.locator('button:has-text("Cancel export")').click();
    await page.click('dialog >> button:has-text("Cancel export")');
    await expect.poll(() => status.textContent()).toBe('cancelled');
    const jobId = await card.getAttribute('data-job');
    const job = await env.api('GET', `/v1/static-export/jobs/${jobId}`);
    expect(job.json).toMatchObject({ status: 'failed', error: 'cancelled' });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
