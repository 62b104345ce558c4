import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ExportWorker } from '../server/jobs/worker.js';
import { launchChromium, type Browser } from '../server/render/chromium.js';
import { playwrightRenderBackend } from '../server/render/playwrightBackend.js';
import { startExportEnv, type ExportEnv } from './helpers/exportEnv.js';
import { importEntries, startTestServer, type TestServer } from './helpers/server.js';
import { needsChromium } from './helpers/needs.js';

const ENTRIES = [
  {
    id: 'c1',
    path: '/quickstart',
    source: 'contextual',
    helpful: false,
    contact: 'ana@example.com',
    comment: 'Step 3 fails',
    createdAt: '2026-03-02T10:00:00Z',
  },
  {
    id: 's1',
    path: '/api/auth',
    source: 'code_snippet',
    code: 'npm i offprint',
    filename: 'install.sh',
    lang: 'bash',
    comment: null,
    createdAt: '2026-03-01T10:00:00Z',
  },
  { id: 't1', path: '/quickstart', source: 'thumbs_only', helpful: true, createdAt: '2026-02-28T10:00:00Z' },
];

needsChromium().describe('dashboard in Chromium', () => {
  let t: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    t = await startTestServer();
    await importEntries(t, ENTRIES);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser.close();
    await t.close();
  });

  it('signs in with an admin key, lists and filters feedback, and manages keys', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(String(e)));

    await page.goto(`${t.url}/`);
    await page.fill('input[aria-label="Admin API key"]', 'offp_wrong');
    await page.click('button[type=submit]');
    await expect.poll(() => page.textContent('.error')).toContain('malformed');
    errors.length = 0; // the refused sign-in logs its 401

    await page.fill('input[aria-label="Admin API key"]', t.key);
    await page.click('button[type=submit]');
    await page.waitForSelector('table.feedback tbody tr');
    const paths = await page.$$eval('table.feedback tbody tr td:nth-child(2)', (cells) =>
      cells.map((c) => c.textContent),
    );
    expect(paths).toEqual(['/quickstart', '/api/auth', '/quickstart']);

    await page.selectOption('select:near(:text("Source"))', 'code_snippet');
    await expect.poll(() => page.$$eval('table.feedback tbody tr', (rows) => rows.length)).toBe(1);
    expect(await page.textContent('table.feedback tbody')).toContain('npm i offprint');

    await page.goto(`${t.url}/#/keys`);
    await page.fill('input[aria-label="Key name"]', 'Nightly export');
    await page.click('button:has-text("Create key")');
    const secret = await page.textContent('.notice code');
    expect(secret).toMatch(/^offp_[0-9A-Za-z]{38}$/);
    const keyWorks = await fetch(`${t.url}/v1/projects`, { headers: { Authorization: `Bearer ${secret}` } });
    expect(keyWorks.status).toBe(200);

    page.once('dialog', (d) => void d.accept());
    await page.click('tr:has-text("Nightly export") button:has-text("Revoke")');
    await expect.poll(() => page.textContent('tr:has-text("Nightly export")')).toContain('Revoked');
    const revoked = await fetch(`${t.url}/v1/projects`, { headers: { Authorization: `Bearer ${secret}` } });
    expect(revoked.status).toBe(401);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('serves the dashboard with a CSP that allows only its own scripts', async () => {
    const res = await fetch(`${t.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await res.text()).toContain('<div id="root">');
  });
});

needsChromium().describe('exports in the dashboard', () => {
  let env: ExportEnv;
  let browser: Browser;
  let worker: ExportWorker | undefined;
  beforeAll(async () => {
    env = await startExportEnv();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await worker?.stop();
    await browser.close();
    await env.close();
  });

  it('starts an export, cancels one, follows one to completed, and hands out its signed download link', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${env.server.url}/#/exports`);
    await page.fill('input[aria-label="Admin API key"]', env.key);
    await page.click('button[type=submit]');
    await page.waitForSelector('text=No export yet.');
    await page.selectOption('select[aria-label="Site"]', env.domain);

    // No worker runs yet: the job waits in the queue, and is cancelled from the page.
    await page.click('button:has-text("Start export")');
    const queued = page.locator('table.exports tbody tr').first();
    await expect.poll(() => queued.locator('td').nth(2).textContent()).toBe('queued');
    page.once('dialog', (d) => void d.accept());
    await queued.locator('button:has-text("Cancel")').click();
    await expect.poll(() => queued.textContent()).toContain('cancelled');

    // With a worker, the page follows the next job live until it completes.
    worker = new ExportWorker(env.runtime, { backend: playwrightRenderBackend(), concurrency: 1 });
    worker.start();
    await page.selectOption('select[aria-label="Deployment"]', 'client-hosted');
    await page.click('button:has-text("Start export")');
    await expect.poll(() => page.locator('table.exports tbody tr').count()).toBe(2);
    const job = page.locator('table.exports tbody tr').first();
    expect(await job.locator('td').nth(1).textContent()).toBe('client-hosted');
    await expect
      .poll(() => job.locator('td').nth(2).textContent(), { timeout: 60_000, interval: 250 })
      .toBe('completed');
    expect(await job.locator('progress').getAttribute('value')).toBe('100');

    await job.locator('button:has-text("Download")').click();
    const href = await page.locator('.notice a[download]').getAttribute('href');
    const shown = await page.textContent('.notice code');
    expect(href).toMatch(/\/downloads\/se_[0-9a-f]{16}\.zip\?expires=\d+&signature=[0-9a-f]{64}$/);
    const bundle = await fetch(href ?? '');
    expect(bundle.status).toBe(200);
    const digest = createHash('sha256')
      .update(Buffer.from(await bundle.arrayBuffer()))
      .digest('hex');
    expect(digest).toBe(shown);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
