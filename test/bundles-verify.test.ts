/**
 * `POST /v1/bundles/verify` (Offprint extension), against a real server and data dir: a good bundle is
 * ok with its manifest summary (and the export job that made it, found by SHA-256); a tampered one is a
 * 200 with ok=false and the problems `offprint verify` reports; a body that is no zip is a 400 JSON
 * error; the upload never stays on disk.
 */
import AdmZip from 'adm-zip';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimExportJob, completeExportJob } from '../server/db/exportJobs.js';
import { startExportJob } from '../server/domain/exports/jobs.js';
import { uploadsDir } from '../server/domain/siteBuilds.js';
import { verifyBundle } from '../server/export/verify.js';
import { formatBytes } from '../server/bytes.js';
import { BUNDLE_VERIFY_MAX_BYTES } from '../server/routes/bundles/router.js';
import { loadOrCreateSigningKey } from '../server/signing/keyStore.js';
import { tempDir } from './helpers/dataDirs.js';
import { SMALL_BUNDLE_FILES, writeSignedZip } from './helpers/signedZip.js';
import { portOf, rawRequest } from './helpers/rawHttp.js';
import { startExportEnv, type ExportEnv } from './helpers/exportEnv.js';

const sha = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

/**
 * A minimal signed bundle `offprint verify` accepts (one page, one stylesheet); `tamper` changes the
 * stylesheet after signing.
 */
async function bundle(env: ExportEnv, tamper = false): Promise<Buffer> {
  const signer = loadOrCreateSigningKey(env.runtime.dataDir, env.orgId);
  const zip = new AdmZip(readFileSync(await writeSignedZip({ files: SMALL_BUNDLE_FILES, signer })));
  if (tamper) zip.updateFile('site.css', Buffer.from('body { color: #321 }'));
  return zip.toBuffer();
}

describe('POST /v1/bundles/verify', () => {
  let env: ExportEnv;
  const verify = async (body: Buffer | string, type = 'application/zip') => {
    const res = await fetch(`${env.server.url}/v1/bundles/verify`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${env.key}`, 'Content-Type': type },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    env = await startExportEnv();
  });
  afterAll(async () => {
    await env.close();
  });

  it('a good bundle: ok, with the manifest summary, the same verdict as offprint verify', async () => {
    const good = await bundle(env);
    const file = join(tempDir(), 'good.zip');
    writeFileSync(file, good);
    expect((await verifyBundle(file)).ok).toBe(true);
    const res = await verify(good);
    expect(res).toEqual({
      status: 200,
      json: {
        ok: true,
        problems: [],
        manifest: {
          domain: 'docs.shapes.test',
          version: 'v2',
          deployment: 'air-gapped',
          offprintVersion: '9.9.9',
          pages: 1,
          files: 5,
          createdAt: null,
          jobId: null,
          sha256: sha(good),
          sizeBytes: good.length,
          signedBy: loadOrCreateSigningKey(env.runtime.dataDir, env.orgId).fingerprint,
          keyPinned: false,
          exportedAt: '2026-01-01T00:00:00.000Z',
          chromiumVersion: null,
          egressProof: null,
        },
      },
    });
  });

  it('names the export job of this organization that produced the same bytes, and when', async () => {
    const good = await bundle(env);
    const job = startExportJob(env.runtime, { orgId: env.orgId, domain: env.domain, deployment: 'air-gapped' });
    const at = Date.parse('2026-03-01T10:00:00Z');
    expect(
      claimExportJob(env.runtime.db, job.id, { owner: 'w', leaseUntil: at + 60_000, expectedOwner: null, now: at }),
    ).toBe(true);
    const done = { sha256: sha(good), sizeBytes: good.length, pageCount: 1, blockedRequests: '[]', now: at };
    expect(completeExportJob(env.runtime.db, job.id, 'w', done)).toBe(true);
    const manifest = (await verify(good)).json['manifest'];
    expect(manifest).toMatchObject({ jobId: job.id, createdAt: '2026-03-01T10:00:00.000Z' });
    // Another organization's key does not learn about this organization's jobs.
    const other = env.addOrg('enterprise');
    const res = await fetch(`${env.server.url}/v1/bundles/verify`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${other.key}`, 'Content-Type': 'application/zip' },
      body: new Uint8Array(good),
    });
    expect(((await res.json()) as { manifest: unknown }).manifest).toMatchObject({ jobId: null, createdAt: null });
  });

  it('checks the signer against ?fingerprint=: the right one pins it, another fails, a malformed one is a 400', async () => {
    const good = await bundle(env);
    const own = loadOrCreateSigningKey(env.runtime.dataDir, env.orgId).fingerprint;
    const post = (query: string) =>
      fetch(`${env.server.url}/v1/bundles/verify?${query}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${env.key}`, 'Content-Type': 'application/zip' },
        body: new Uint8Array(good),
      });
    const pinned = (await (await post(`fingerprint=${own}`)).json()) as { ok: boolean; manifest: object };
    expect(pinned).toMatchObject({ ok: true, manifest: { signedBy: own, keyPinned: true } });
    const other = (await (await post('fingerprint=AAAA-BBBB-CCCC-DDDD')).json()) as { ok: boolean; problems: string[] };
    expect(other.ok).toBe(false);
    expect(other.problems).toEqual([`the bundle is signed by another key (${own}), not AAAA-BBBB-CCCC-DDDD`]);
    const malformed = await post('fingerprint=nope');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { details: { message: string }[] }).details[0]?.message).toMatch(/fingerprint/);
  });

  it('a tampered bundle: 200 with ok=false and the problem, never a server path', async () => {
    const res = await verify(await bundle(env, true));
    expect(res.status).toBe(200);
    expect(res.json['ok']).toBe(false);
    expect(res.json['problems']).toEqual(['site.css does not match its SHA-256 in the manifest']);
    expect(res.json['manifest']).toMatchObject({ domain: 'docs.shapes.test', pages: 1 });
    expect(JSON.stringify(res.json)).not.toContain(env.runtime.dataDir);
  });

  it('a body that is not a zip: 400 JSON error; wrong type 415; nothing left in the uploads folder', async () => {
    const garbage = await verify('this is not a zip file at all, just text');
    expect(garbage.status).toBe(400);
    expect(garbage.json['error']).toBe('The body is not a zip file');
    expect((garbage.json['details'] as { message: string }[])[0]?.message).toMatch(/^body: not a zip archive/);
    expect(JSON.stringify(garbage.json)).not.toContain(env.runtime.dataDir);
    expect((await verify('{}', 'application/json')).status).toBe(415);
    // A declared size past the cap is refused before a byte of the body is read.
    const huge = await rawRequest({
      port: portOf(env.server.url),
      method: 'POST',
      path: '/v1/bundles/verify',
      headers: {
        Host: `127.0.0.1:${portOf(env.server.url)}`,
        Authorization: `Bearer ${env.key}`,
        'Content-Type': 'application/zip',
        'Content-Length': String(BUNDLE_VERIFY_MAX_BYTES + 1),
      },
    });
    expect(huge.status).toBe(413);
    expect(JSON.parse(huge.body)).toEqual({
      error: `Request body is larger than ${BUNDLE_VERIFY_MAX_BYTES} bytes`,
      details: [
        {
          message: `the limit for this request is ${BUNDLE_VERIFY_MAX_BYTES} bytes (${formatBytes(BUNDLE_VERIFY_MAX_BYTES)}); send a smaller body`,
        },
      ],
    });
    expect(readdirSync(uploadsDir(env.runtime.dataDir))).toEqual([]);
  });
});
