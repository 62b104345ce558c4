/**
 * Bundle links over HTTP, on a bundle really exported (two pages of test/fixtures/all-shapes, real
 * Chromium): the bundle endpoint's answer, downloads without an API key, 403 for altered links and 410
 * for expired ones (JSON bodies, never a byte of the archive), expiry boundaries on an injected clock,
 * and resuming with Range / If-Range (206, 416, full 200 when the validator does not match).
 */
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobBundleFile } from '../server/exportSpec/files.js';
import { ExportWorker } from '../server/jobs/worker.js';
import { playwrightRenderBackend } from '../server/render/playwrightBackend.js';
import { startExportEnv, type ExportEnv } from './helpers/exportEnv.js';
import { assertOfficialExport } from './helpers/officialExportSchema.js';
import { rawRequest } from './helpers/rawHttp.js';
import { needsChromium } from './helpers/needs.js';

const JOBS = '/v1/static-export/jobs';
const ZIP_MAGIC = Buffer.from('PK\x03\x04', 'latin1');

interface Link {
  jobId: string;
  bundleUrl: string;
  sizeBytes: number;
  expiresAt: string;
  sha256: string;
}

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

needsChromium().describe('bundle links and downloads', () => {
  let env: ExportEnv;
  let jobId: string;
  let archive: Buffer;
  const T0 = Date.UTC(2030, 0, 1);

  /** GETs (or `method`s) `url` with `headers`, without an API key; the body as bytes. */
  async function download(
    url: string,
    init: { method?: string; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; headers: Headers; body: Buffer }> {
    const response = await fetch(url, { method: init.method ?? 'GET', headers: init.headers ?? {} });
    return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
  }

  async function link(body?: unknown): Promise<Link> {
    const response = await env.api('POST', `${JOBS}/${jobId}/bundle`, body);
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    assertOfficialExport('BundleResponse', response.json);
    return response.json as Link;
  }

  beforeAll(async () => {
    env = await startExportEnv();
    const started = await env.api('POST', JOBS, { domain: env.domain, paths: ['index', 'quickstart'] });
    expect(started.status).toBe(202);
    jobId = (started.json as { jobId: string }).jobId;
    const worker = new ExportWorker(env.runtime, { backend: playwrightRenderBackend(), concurrency: 1 });
    worker.start();
    try {
      for (let i = 0; i < 600; i++) {
        const job = (await env.api('GET', `${JOBS}/${jobId}`)).json as { status: string; error: string | null };
        if (job.status === 'completed') break;
        if (job.status === 'failed') throw new Error(`export failed: ${job.error ?? ''}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      await worker.stop();
    }
    archive = readFileSync(jobBundleFile(env.runtime.dataDir, jobId));
    env.setNow(T0);
  }, 180_000);

  afterAll(async () => {
    await env?.close();
  });

  it('gives a presigned link to the archive: size, sha256, one hour by default', async () => {
    const given = await link();
    expect(given.jobId).toBe(jobId);
    expect(given.sizeBytes).toBe(archive.length);
    expect(given.sha256).toBe(sha256(archive));
    expect(given.expiresAt).toBe(new Date(T0 + 3600_000).toISOString());
    expect(given.bundleUrl).toMatch(
      new RegExp(`^${env.server.url}/downloads/${jobId}\\.zip\\?expires=${T0 / 1000 + 3600}&signature=[0-9a-f]{64}$`),
    );
    expect((await link({ expiresIn: 60 })).expiresAt).toBe(new Date(T0 + 60_000).toISOString());
    expect((await link({ expiresIn: 604_800 })).expiresAt).toBe(new Date(T0 + 604_800_000).toISOString());
  });

  it('gives a fresh link to the same archive when asked again (nothing is rebuilt)', async () => {
    const file = jobBundleFile(env.runtime.dataDir, jobId);
    const before = statSync(file);
    const first = await link();
    env.setNow(T0 + 5000);
    const second = await link();
    env.setNow(T0);
    expect(second.bundleUrl).not.toBe(first.bundleUrl);
    expect(second).toMatchObject({ sha256: first.sha256, sizeBytes: first.sizeBytes });
    const after = statSync(file);
    expect([after.ino, after.mtimeMs, after.size]).toEqual([before.ino, before.mtimeMs, before.size]);
    const [a, b] = await Promise.all([download(first.bundleUrl), download(second.bundleUrl)]);
    expect(sha256(a.body)).toBe(sha256(b.body));
  });

  it('downloads without an API key, with Content-Length, ETag, Accept-Ranges; HEAD gives the same headers', async () => {
    const { bundleUrl, sha256: digest } = await link();
    const got = await download(bundleUrl);
    expect(got.status).toBe(200);
    expect(sha256(got.body)).toBe(digest);
    expect(got.headers.get('content-length')).toBe(String(archive.length));
    expect(got.headers.get('etag')).toBe(`"${digest}"`);
    expect(got.headers.get('accept-ranges')).toBe('bytes');
    expect(got.headers.get('content-type')).toBe('application/zip');
    expect(got.headers.get('content-disposition')).toBe(`attachment; filename="${env.domain}-${jobId}.zip"`);
    const head = await download(bundleUrl, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const name of ['content-length', 'etag', 'accept-ranges', 'content-type'])
      expect(head.headers.get(name), name).toBe(got.headers.get(name));
    // The same link works any number of times until it expires.
    expect((await download(bundleUrl)).status).toBe(200);
    expect((await download(bundleUrl, { headers: { 'If-None-Match': `"${digest}"` } })).status).toBe(304);
  });

  it('resumes with Range and If-Range; 416 past the end; a stale or unparsable validator gets the whole file', async () => {
    const { bundleUrl, sha256: digest } = await link();
    const etag = `"${digest}"`;
    const size = archive.length;
    const half = Math.floor(size / 2);

    const first = await download(bundleUrl, { headers: { Range: `bytes=0-${half - 1}` } });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-${half - 1}/${size}`);
    expect(first.headers.get('content-length')).toBe(String(half));
    const rest = await download(bundleUrl, { headers: { Range: `bytes=${half}-`, 'If-Range': etag } });
    expect(rest.status).toBe(206);
    expect(rest.headers.get('content-range')).toBe(`bytes ${half}-${size - 1}/${size}`);
    expect(sha256(Buffer.concat([first.body, rest.body]))).toBe(digest);

    const one = await download(bundleUrl, { headers: { Range: 'bytes=0-0' } });
    expect([one.status, one.body.toString('latin1')]).toEqual([206, 'P']);
    const suffix = await download(bundleUrl, { headers: { Range: 'bytes=-500' } });
    expect(suffix.status).toBe(206);
    expect(suffix.body.equals(archive.subarray(size - 500))).toBe(true);
    const clipped = await download(bundleUrl, { headers: { Range: `bytes=${size - 10}-${size + 1000}` } });
    expect(clipped.headers.get('content-range')).toBe(`bytes ${size - 10}-${size - 1}/${size}`);

    for (const range of [`bytes=${size}-`, `bytes=${size + 5}-${size + 10}`, 'bytes=-0']) {
      const past = await download(bundleUrl, { headers: { Range: range } });
      expect(past.status, range).toBe(416);
      expect(past.headers.get('content-range')).toBe(`bytes */${size}`);
      expect(JSON.parse(past.body.toString('utf8'))).toMatchObject({ error: 'Range not satisfiable' });
    }
    for (const headers of [
      { Range: `bytes=${half}-`, 'If-Range': '"0000"' },
      { Range: `bytes=${half}-`, 'If-Range': 'Wed, 21 Oct 2015 07:28:00 GMT' },
      { Range: 'bytes=abc' },
      { Range: 'bytes=0-1,5-6' },
      { Range: 'items=0-5' },
    ]) {
      const full = await download(bundleUrl, { headers });
      expect(full.status, JSON.stringify(headers)).toBe(200);
      expect(sha256(full.body)).toBe(digest);
    }
  });

  it('answers an altered link with 403 and a JSON error, never a byte of the archive', async () => {
    const { bundleUrl } = await link();
    const url = new URL(bundleUrl);
    const signature = url.searchParams.get('signature') ?? '';
    const expires = url.searchParams.get('expires') ?? '';
    const variants = [
      `${url.pathname.replace(
        jobId,
        jobId.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
      )}${url.search}`,
      `${url.pathname}?expires=${Number(expires) + 1}&signature=${signature}`,
      `${url.pathname}?expires=${expires}&signature=${signature.replace(/^./, (c) => (c === '0' ? '1' : '0'))}`,
      `${url.pathname}?expires=${expires}&signature=${signature.slice(1)}`,
      `${url.pathname}?expires=${expires}`,
      `${url.pathname}${url.search}&x=1`,
      `${url.pathname}/${url.search}`,
      `/downloads/%2e%2e/downloads/${jobId}.zip${url.search}`,
      `/downloads/`,
    ];
    for (const path of variants) {
      for (const method of ['GET', 'HEAD']) {
        const response = await rawRequest({
          port: env.server.port,
          method,
          path,
          headers: { Host: `127.0.0.1:${env.server.port}` },
        });
        expect(response.status, `${method} ${path}`).toBe(403);
        if (method === 'GET') {
          expect(response.headers['content-type']).toMatch(/^application\/json/);
          expect(JSON.parse(response.body)).toMatchObject({ error: expect.stringMatching(/not valid/) as unknown });
        }
        expect(Buffer.from(response.body, 'latin1').includes(ZIP_MAGIC)).toBe(false);
      }
    }
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const response = await download(bundleUrl, { method });
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD');
      expect(response.body.includes(ZIP_MAGIC)).toBe(false);
    }
  });

  it('is refused for a Host the server does not answer to, like the API', async () => {
    const { bundleUrl } = await link();
    const url = new URL(bundleUrl);
    const response = await rawRequest({
      port: env.server.port,
      path: `${url.pathname}${url.search}`,
      headers: { Host: `evil.example:${env.server.port}` },
    });
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body)).toMatchObject({ error: expect.stringMatching(/Host not allowed/) as unknown });
  });

  it('expires at its expiry second: 200 one second before, 410 with a JSON error at and after it', async () => {
    const { bundleUrl, expiresAt } = await link({ expiresIn: 120 });
    const expiry = Date.parse(expiresAt);
    env.setNow(expiry - 1000);
    expect((await download(bundleUrl)).status).toBe(200);
    for (const at of [expiry, expiry + 1000, expiry + 86_400_000]) {
      env.setNow(at);
      for (const method of ['GET', 'HEAD']) {
        const response = await download(bundleUrl, { method });
        expect(response.status, `${method} at +${at - expiry} ms`).toBe(410);
        if (method === 'GET')
          expect(JSON.parse(response.body.toString('utf8'))).toMatchObject({
            error: expect.stringMatching(/expired/) as unknown,
          });
        expect(response.body.includes(ZIP_MAGIC)).toBe(false);
      }
    }
    env.setNow(T0);
  });

  it('checks expiry when a download starts: one begun before completes, a resume after expiry is refused', async () => {
    const { bundleUrl, expiresAt, sha256: digest } = await link({ expiresIn: 30 });
    const expiry = Date.parse(expiresAt);
    env.setNow(expiry - 1000);
    const url = new URL(bundleUrl);
    const body = await new Promise<Buffer>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: env.server.port, path: `${url.pathname}${url.search}` }, (res) => {
        const chunks: Buffer[] = [];
        let moved = false;
        res.on('data', (chunk: Buffer) => {
          // Once bytes flow, the link expires; the download in progress must still complete.
          if (!moved) env.setNow(expiry + 60_000);
          moved = true;
          chunks.push(chunk);
        });
        res.on('end', () => resolve(Buffer.concat(chunks)));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
    expect(sha256(body)).toBe(digest);
    const resume = await download(bundleUrl, { headers: { Range: 'bytes=100-', 'If-Range': `"${digest}"` } });
    expect(resume.status).toBe(410);
    env.setNow(T0);
  });

  it('answers 404 for the download and 409 for a new link when the archive has gone from the data dir', async () => {
    const { bundleUrl } = await link();
    const file = jobBundleFile(env.runtime.dataDir, jobId);
    renameSync(file, `${file}.away`);
    try {
      const gone = await download(bundleUrl);
      expect(gone.status).toBe(404);
      expect(gone.body.includes(ZIP_MAGIC)).toBe(false);
      const again = await env.api('POST', `${JOBS}/${jobId}/bundle`);
      expect(again.status).toBe(409);
      expect((again.json as { error: string }).error).toMatch(/missing/);
    } finally {
      renameSync(`${file}.away`, file);
    }
    expect((await download(bundleUrl)).status).toBe(200);
  });
});
