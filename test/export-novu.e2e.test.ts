/**
 * Issue 4's end-to-end check, over HTTP with the novu fixture: start a static export job through the
 * API, poll it to completion, get a signed bundle URL, download it, `offprint verify` it (every file
 * listed and intact, every reference in the HTML and CSS resolving inside the bundle). The export's own
 * egress check opened every page from disk and from a static server: its signed proof says nothing left
 * the bundle and nothing inside it failed (no file missing, no script error). Then a page of each folder
 * is opened from the unzipped folder (file://) and from a plain static server, in Chromium with every
 * request leaving the bundle blocked: zero blocked requests, zero failed loads (404s included), zero
 * console errors, zero broken links or anchors once the page's scripts ran, and the offline search finds
 * the right page for known queries.
 */
import AdmZip from 'adm-zip';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium, type Browser } from '../server/render/chromium.js';
import { folderBase, serveStatic, visitManifest } from './helpers/bundleCheck.js';
import { createProjectAndKey, runBinary, startServe, type ServeProcess } from './helpers/binary.js';
import { tempDir } from './helpers/dataDirs.js';
import { CHROMIUM, needs, NOVU_FIXTURE } from './helpers/needs.js';
import { NOVU } from './helpers/siteProjects.js';

const DOMAIN = 'docs.novu.test';
/** How long the job may show the same status, progress and page count before it counts as stuck. */
const STALLED_MS = 300_000;

interface Job {
  jobId: string;
  status: string;
  progress: number;
  pageCount: number;
  error?: string | null;
}

interface Manifest {
  domain: string;
  deployment: string;
  pages: { path: string; file: string }[];
  files: { path: string; size: number; sha256: string }[];
  egressProof?: {
    pagesChecked: number;
    blocked: number;
    modes: string[];
    failures: unknown[];
    pageErrors?: unknown[];
  };
}

/** The first page (in manifest order) of each folder of the bundle. */
function firstPagePerFolder(pages: Manifest['pages']): Manifest['pages'] {
  const byFolder = new Map<string, Manifest['pages'][number]>();
  for (const page of pages) {
    const folder = page.file.includes('/') ? page.file.slice(0, page.file.lastIndexOf('/')) : '';
    if (!byFolder.has(folder)) byFolder.set(folder, page);
  }
  return [...byFolder.values()];
}

needs(CHROMIUM, NOVU_FIXTURE).describe('static export of the novu fixture, end to end over HTTP', () => {
  const dataDir = tempDir('offprint-e2e-');
  let serve: ServeProcess;
  let key: string;
  let browser: Browser;
  let bundleDir: string;
  let manifest: Manifest;

  const api = async (method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> => {
    const response = await fetch(`${serve.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, json: await response.json() };
  };

  beforeAll(async () => {
    ({ key } = await createProjectAndKey(dataDir, { name: 'Novu', domain: DOMAIN, source: NOVU }));
    serve = await startServe(['--data-dir', dataDir, '--port', '0']);
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
  });

  it('runs the job to completion with progress that never goes down', async () => {
    const started = await api('POST', '/v1/static-export/jobs', { domain: DOMAIN });
    expect(started.status, JSON.stringify(started.json)).toBe(202);
    const { jobId } = started.json as Job;
    expect(jobId).toMatch(/^se_[0-9a-f]{16}$/);
    let job = started.json as Job;
    let last = -1;
    // A job that stops moving fails the test; one that moves slowly (a busy or slow machine: this export
    // has taken 4 minutes on one machine and over 10 on another) does not. Progress or page count moves every
    // few seconds while it runs.
    let moved = { at: Date.now(), state: '' };
    while (job.status === 'queued' || job.status === 'running') {
      expect(job.progress).toBeGreaterThanOrEqual(last);
      last = job.progress;
      const state = `${job.status} ${job.progress} ${job.pageCount}`;
      if (state !== moved.state) moved = { at: Date.now(), state };
      expect(Date.now() - moved.at, `the job stayed at ${state}`).toBeLessThan(STALLED_MS);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      job = (await api('GET', `/v1/static-export/jobs/${jobId}`)).json as Job;
    }
    expect(job.error ?? null).toBeNull();
    expect(job).toMatchObject({ status: 'completed', progress: 100 });
    expect(job.pageCount).toBeGreaterThan(400);

    const link = await api('POST', `/v1/static-export/jobs/${jobId}/bundle`);
    expect(link.status).toBe(200);
    const { bundleUrl, sha256, sizeBytes } = link.json as { bundleUrl: string; sha256: string; sizeBytes: number };
    const download = await fetch(bundleUrl);
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.length).toBe(sizeBytes);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(sha256);
    const zipFile = join(dataDir, 'downloaded.zip');
    writeFileSync(zipFile, bytes);

    const verified = await runBinary(['verify', zipFile]);
    expect(verified.code, verified.stdout + verified.stderr).toBe(0);

    bundleDir = join(dataDir, 'unzipped');
    mkdirSync(bundleDir);
    new AdmZip(zipFile).extractAllTo(bundleDir, true);
    manifest = JSON.parse(readFileSync(join(bundleDir, 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest).toMatchObject({ domain: DOMAIN, deployment: 'air-gapped' });
    expect(manifest.pages.length).toBe(job.pageCount);
    // The export's own egress check opened every page (content, 404, redirects, verify.html) both ways:
    // nothing asked outside the bundle, no file a page asked for was missing, no script logged an error.
    const htmlPages = manifest.files.filter((file) => file.path.endsWith('.html')).length;
    expect(manifest.egressProof).toMatchObject({
      pagesChecked: htmlPages,
      blocked: 0,
      modes: ['file', 'http'],
      failures: [],
      pageErrors: [],
    });
  }, 1_800_000);

  /** Opens `pages` under `base` and expects nothing wrong. */
  const check = async (base: string, pages: Manifest['pages']): Promise<void> => {
    const visit = await visitManifest(browser, base, { pages, files: manifest.files });
    expect(visit.pagesOpened).toBe(pages.length);
    expect(visit.blocked).toEqual([]);
    expect(visit.brokenLinks).toEqual([]);
    expect(visit.consoleErrors).toEqual([]);
    // Nothing of the bundle fails to load either: an image the project lacks is a placeholder, not a 404.
    expect(visit.failed).toEqual([]);
  };

  // What the export's check does not look at, the links and anchors a page shows once its scripts ran
  // (a sidebar drawn from a shared file, say), is checked on the first page of each folder (each kind of
  // page: guides, API reference, SDK pages, ...) both ways; every page's HTML and CSS references are
  // checked by verify, and every page's loads by the export's proof.
  it('works from disk (file://): a page of each folder, no request outside, no broken link or anchor', async () => {
    const sample = firstPagePerFolder(manifest.pages);
    expect(sample.length).toBeGreaterThan(10);
    await check(folderBase(bundleDir), sample);
  }, 600_000);

  it('works from a plain static server: a page of each folder, no request outside, no error', async () => {
    const sample = firstPagePerFolder(manifest.pages);
    const { url, server } = await serveStatic(bundleDir);
    try {
      await check(`${url}/`, sample);
    } finally {
      server.close();
    }
  }, 600_000);

  it.each([
    ['topics', 'platform/concepts/topics.html'],
    ['subscribers', 'platform/concepts/subscribers.html'],
    ['translations', 'platform/workflow/advanced-features/translations.html'],
  ])('offline search from file:// finds the page for "%s"', async (query, expected) => {
    const page = await browser.newPage();
    try {
      // The bundle's entry point leads where `/` leads on the live site: novu redirects it to /platform.
      await page.goto(`${folderBase(bundleDir)}index.html`);
      await page.waitForURL(`${folderBase(bundleDir)}platform.html`);
      await page.waitForLoadState('load');
      await page.keyboard.press('Control+k');
      await page.waitForSelector('dialog.op-search-dialog[open]');
      await page.keyboard.type(query);
      await page.waitForSelector('.op-search-result');
      const hrefs = await page.$$eval('.op-search-result a', (links) =>
        links.slice(0, 3).map((a) => (a as HTMLAnchorElement).href),
      );
      expect(hrefs.map((h) => h.split('#')[0])).toContain(`${folderBase(bundleDir)}${expected}`);
    } finally {
      await page.close();
    }
  });
});
