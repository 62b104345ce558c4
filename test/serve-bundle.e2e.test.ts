/**
 * `offprint serve-bundle` (the built binary) against a real Offprint: a site of test/fixtures/all-shapes
 * exported twice in Chromium (versions v1 and v2, client-hosted, feedback posted to the bundle server's own
 * origin), served from its signed `bundleUrl`: pages over HTTP (status, types, redirects, 404, ETag,
 * brotli), feedback clicked in a real page reaching the collector's feedback API, the cache serving after the
 * link expired, refused bundles (wrong --sha256, wrong --version, tampered zip) leaving the previous one
 * served, rollback by --version, `/readyz` 503 until verified, and a download killed with -9 then resumed.
 */
import AdmZip from 'adm-zip';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ExportWorker } from '../server/jobs/worker.js';
import { launchChromium } from '../server/render/chromium.js';
import { playwrightRenderBackend } from '../server/render/playwrightBackend.js';
import { SiteServers } from '../server/sites/serve/servers.js';
import { startBundleHost, startServeBundle, type BundleProcess } from './helpers/bundleServe.js';
import { tempDir } from './helpers/dataDirs.js';
import { startExportEnv, type ExportEnv } from './helpers/exportEnv.js';
import { needsChromium } from './helpers/needs.js';
import { rawRequest } from './helpers/rawHttp.js';
import { shotDir } from './helpers/shots.js';

const JOBS = '/v1/static-export/jobs';
const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

needsChromium().describe('offprint serve-bundle', () => {
  let env: ExportEnv;
  let sites: SiteServers;
  let port: number;
  const cache = join(tempDir('offprint-bundle-cache-'), 'cache');
  const shots = shotDir('serve-bundle');
  const bundles: Record<'v1' | 'v2', { jobId: string; zip: Buffer; sha: string }> = {} as never;
  const running: BundleProcess[] = [];

  async function exportVersion(version: 'v1' | 'v2'): Promise<void> {
    const features = { feedback: { collectorUrl: `http://127.0.0.1:${port}` }, analytics: false };
    const body = { domain: env.domain, paths: ['index', 'quickstart'], deployment: 'client-hosted', features, version };
    const started = await env.api('POST', JOBS, body);
    expect(started.status, JSON.stringify(started.json)).toBe(202);
    const jobId = (started.json as { jobId: string }).jobId;
    for (let i = 0; i < 900; i++) {
      const job = (await env.api('GET', `${JOBS}/${jobId}`)).json as { status: string; error: string | null };
      if (job.status === 'completed') break;
      if (job.status === 'failed') throw new Error(`export failed: ${job.error ?? ''}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const zip = Buffer.from(await (await fetch(await link(jobId))).arrayBuffer());
    bundles[version] = { jobId, zip, sha: sha256(zip) };
  }

  async function link(jobId: string): Promise<string> {
    const response = await env.api('POST', `${JOBS}/${jobId}/bundle`, { expiresIn: 3600 });
    expect(response.status).toBe(200);
    return (response.json as { bundleUrl: string }).bundleUrl;
  }

  async function serve(args: string[], withPort = port): Promise<BundleProcess> {
    const proc = await startServeBundle(['--cache', cache, '--port', String(withPort), ...args]);
    running.push(proc);
    return proc;
  }

  beforeAll(async () => {
    env = await startExportEnv();
    sites = await SiteServers.start(env.runtime, { pollMs: 0 });
    port = await freePort();
    const worker = new ExportWorker(env.runtime, { backend: playwrightRenderBackend(), concurrency: 1 });
    worker.start();
    try {
      await exportVersion('v1');
      await exportVersion('v2');
    } finally {
      await worker.stop();
    }
  }, 300_000);

  afterAll(async () => {
    for (const proc of running) await proc.stop();
    await sites?.close(100);
    await env?.close();
  });

  it('serves the bundle of a signed link like a static host', async () => {
    const proc = await serve([
      '--bundle-url',
      await link(bundles.v1.jobId),
      '--collector',
      sites.urlOf(env.projectId) ?? '',
    ]);
    expect(proc.url).toBe(`http://127.0.0.1:${port}`);
    expect(await proc.ready()).toEqual({ status: 'ready', sha256: bundles.v1.sha, version: 'v1' });
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${proc.url}${path}`, { redirect: 'manual', headers });
    const page = await get('/quickstart');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain('<html');
    const etag = page.headers.get('etag') ?? '';
    expect((await get('/quickstart', { 'If-None-Match': etag })).status).toBe(304);
    const home = await get('/', { 'Accept-Encoding': 'br, gzip' });
    expect([home.status, home.headers.get('content-encoding'), home.headers.get('vary')]).toEqual([
      200,
      'br',
      'Accept-Encoding',
    ]);
    const redirect = await get('/old-start');
    expect([redirect.status, redirect.headers.get('location')]).toEqual([301, '/quickstart']);
    // Sent as written (fetch would normalise the dots away): nothing outside the manifest's files is reachable.
    for (const path of ['/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fetc%2fpasswd', '/bundle.json']) {
      const raw = await rawRequest({ port, path, headers: { Host: `127.0.0.1:${port}` } });
      expect([path, raw.status]).toEqual([path, 404]);
    }
    const missing = await get('/no/such/page');
    expect([missing.status, missing.headers.get('content-type')]).toEqual([404, 'text/html; charset=utf-8']);
    // Below the bundle's top folder the 404 page comes re-based: every file it loads is there from this URL.
    const loads = [...(await missing.text()).matchAll(/<(?:link|script|img)\b[^>]* (?:href|src)="([^"#:]+)"/g)].map(
      (m) => m[1] ?? '',
    );
    expect(loads.length).toBeGreaterThan(1);
    for (const ref of loads) {
      expect([ref, (await get(new URL(ref, `${proc.url}/no/such/page`).pathname)).status]).toEqual([ref, 200]);
    }
    const css = /_assets\/theme\.[0-9a-f]+\.css/.exec(await (await get('/')).text())?.[0] ?? '';
    const asset = await get(`/${css}`);
    expect([asset.status, asset.headers.get('content-type'), asset.headers.get('cache-control')]).toEqual([
      200,
      'text/css; charset=utf-8',
      'public, max-age=31536000, immutable',
    ]);
    expect((await fetch(`${proc.url}/quickstart`, { method: 'DELETE' })).status).toBe(405);
  }, 120_000);

  it('forwards feedback clicked in a served page to the collector, under the site origin', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const crossOrigin: string[] = [];
      page.on('request', (r) => {
        if (!r.url().startsWith(`http://127.0.0.1:${port}/`)) crossOrigin.push(r.url());
      });
      await page.goto(`http://127.0.0.1:${port}/quickstart`);
      await page.click('[data-op-vote="yes"]');
      await page.waitForSelector('[data-op-feedback-form]:not([hidden])');
      await page.screenshot({ path: join(shots, 'voted.png') });
      expect(crossOrigin).toEqual([]);
    } finally {
      await browser.close();
    }
    const listed = await env.api('GET', `/v1/analytics/${env.projectId}/feedback?limit=10`);
    const entries = (listed.json as { feedback: { path: string; source: string }[] }).feedback;
    expect(entries).toEqual([expect.objectContaining({ path: '/quickstart', source: 'thumbs_only' })]);
  }, 120_000);

  it('serves from the cache once the link has expired; with nothing cached it exits non-zero', async () => {
    const expired = await link(bundles.v1.jobId);
    await running.pop()?.stop();
    env.setNow(Date.now() + 2 * 3600_000);
    expect((await fetch(expired)).status).toBe(410);
    const proc = await serve(['--bundle-url', expired]);
    expect((await proc.ready()).sha256).toBe(bundles.v1.sha);
    expect((await fetch(`${proc.url}/quickstart`)).status).toBe(200);
    await running.pop()?.stop();
    const empty = await startServeBundle([
      '--cache',
      tempDir('offprint-empty-'),
      '--port',
      '0',
      '--bundle-url',
      expired,
    ]);
    expect(await empty.exited).toBe(1);
    expect(empty.stderr()).toContain('nothing to serve: cannot download');
    expect(empty.stderr()).toContain('the link has expired');
    env.setNow(null);
  }, 120_000);

  it('refuses a wrong --sha256, a wrong --version and a tampered zip; the previous bundle keeps serving', async () => {
    const tampered = new AdmZip(bundles.v2.zip);
    tampered.updateFile('quickstart.html', Buffer.from('<html>altered</html>'));
    const tamperedFile = join(tempDir('offprint-tampered-'), 'bundle.zip');
    writeFileSync(tamperedFile, tampered.toBuffer());
    const v2 = await link(bundles.v2.jobId);
    const cases: [string[], string][] = [
      [['--bundle-url', v2, '--sha256', '0'.repeat(64)], 'does not match --sha256'],
      [['--bundle-url', v2, '--version', 'v9'], 'is another version'],
      [['--bundle-url', pathToFileURL(tamperedFile).href], 'does not match its manifest'],
    ];
    for (const [args, why] of cases) {
      const proc = await serve(args);
      expect((await proc.ready()).sha256, args.join(' ')).toBe(bundles.v1.sha);
      expect(proc.stderr()).toContain(why);
      expect((await fetch(`${proc.url}/quickstart`)).status).toBe(200);
      await running.pop()?.stop();
    }
  }, 120_000);

  it('serves only a bundle signed by the pinned key: --fingerprint of the signer serves, another exits 1', async () => {
    const response = await env.api('POST', `${JOBS}/${bundles.v2.jobId}/bundle`, { expiresIn: 3600 });
    const { bundleUrl, signingKeyFingerprint } = response.json as { bundleUrl: string; signingKeyFingerprint: string };
    expect(signingKeyFingerprint).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
    // A fresh cache each time: the pin must decide, not a bundle cached by an earlier start.
    const pinnedTo = (fingerprint: string) =>
      startServeBundle([
        '--cache',
        tempDir('offprint-pin-'),
        '--port',
        '0',
        '--bundle-url',
        bundleUrl,
        '--fingerprint',
        fingerprint,
      ]);
    const pinned = await pinnedTo(signingKeyFingerprint);
    running.push(pinned);
    expect((await pinned.ready()).sha256).toBe(bundles.v2.sha);
    await running.pop()?.stop();
    const other = await pinnedTo('AAAA-BBBB-CCCC-DDDD');
    expect(await other.exited).toBe(1);
    expect(other.stderr()).toContain(`signed by another key (${signingKeyFingerprint}), not AAAA-BBBB-CCCC-DDDD`);
  }, 120_000);

  it('switches to a new version, then rolls back to a cached one by --version', async () => {
    const proc = await serve(['--bundle-url', await link(bundles.v2.jobId), '--version', 'v2']);
    expect(await proc.ready()).toMatchObject({ sha256: bundles.v2.sha, version: 'v2' });
    await running.pop()?.stop();
    const back = await serve(['--version', 'v1']);
    expect(await back.ready()).toMatchObject({ sha256: bundles.v1.sha, version: 'v1' });
    expect(back.stderr()).toContain('"from":"cache"');
    await running.pop()?.stop();
  }, 120_000);

  it('answers 503 on /readyz until a verified bundle serves', async () => {
    const host = await startBundleHost(bundles.v2.zip, `"${bundles.v2.sha}"`);
    host.mode = 'hold';
    const proc = await startServeBundle([
      '--cache',
      tempDir('offprint-hold-'),
      '--port',
      '0',
      '--bundle-url',
      host.url,
    ]);
    running.push(proc);
    try {
      expect((await fetch(`${proc.url}/healthz`)).status).toBe(200);
      const waiting = await fetch(`${proc.url}/readyz`);
      expect(waiting.status).toBe(503);
      expect(await waiting.text()).toContain('"error":"No verified bundle is being served yet"');
      expect((await fetch(`${proc.url}/quickstart`)).status).toBe(503);
      host.release();
      expect((await proc.ready()).sha256).toBe(bundles.v2.sha);
    } finally {
      await running.pop()?.stop();
      await host.close();
    }
  }, 120_000);

  it('never serves a half-downloaded bundle: killed with -9 mid-download, the restart resumes with Range', async () => {
    const host = await startBundleHost(bundles.v2.zip, `"${bundles.v2.sha}"`);
    host.mode = 'trickle';
    const dir = tempDir('offprint-kill-');
    const downloads = join(dir, 'downloads');
    const args = ['--cache', dir, '--port', '0', '--bundle-url', host.url];
    const first = await startServeBundle(args);
    const partSize = (): number => {
      const part = existsSync(downloads) ? readdirSync(downloads).find((f) => f.endsWith('.part')) : undefined;
      return part === undefined ? 0 : statSync(join(downloads, part)).size;
    };
    await expect.poll(partSize, { timeout: 30_000 }).toBeGreaterThan(8192);
    expect((await fetch(`${first.url}/readyz`)).status).toBe(503);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(readdirSync(join(dir, 'bundles'))).toEqual([]);
    expect(existsSync(join(dir, 'current'))).toBe(false);
    host.mode = 'fast';
    const second = await startServeBundle(args);
    running.push(second);
    expect((await second.ready()).sha256).toBe(bundles.v2.sha);
    expect(host.ranges.at(-1)).toMatch(/^bytes=\d+-$/);
    const served = await fetch(`${second.url}/quickstart`);
    expect(await served.text()).toBe(new AdmZip(bundles.v2.zip).readAsText('quickstart.html'));
    expect(readFileSync(join(dir, 'current'), 'utf8').trim()).toBe(bundles.v2.sha);
    await running.pop()?.stop();
    await host.close();
  }, 120_000);
});
