/**
 * `POST /v1/static-export/jobs/{jobId}/bundle` with `{"deltaFrom": "<jobId>"}` (Offprint extension): a
 * presigned link to a signed delta between two completed jobs of one site, built once and kept; the
 * downloaded delta rebuilds the newer bundle byte for byte. Two jobs completed with crafted bundles (no
 * Chromium needed); clear 4xx for the same job, an unknown job, one not completed, another site's job.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimExportJob, completeExportJob } from '../server/db/exportJobs.js';
import { applyDelta } from '../server/delta/apply.js';
import { deltaFile } from '../server/domain/exports/deltaFiles.js';
import { createProjectWithSite } from '../server/domain/projectWithSite.js';
import { jobBundleFile, jobDir } from '../server/exportSpec/files.js';
import { loadOrCreateSigningKey } from '../server/signing/keyStore.js';
import { tempDir } from './helpers/dataDirs.js';
import { craftBundle, V1, V2 } from './helpers/deltaBundles.js';
import { startExportEnv, type ExportEnv } from './helpers/exportEnv.js';
import { ALL_SHAPES } from './helpers/siteProjects.js';

const JOBS = '/v1/static-export/jobs';
const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

interface Link {
  jobId: string;
  bundleUrl: string;
  sizeBytes: number;
  sha256: string;
  expiresAt: string;
}

describe('bundle link with deltaFrom', () => {
  let env: ExportEnv;
  let oldZip: string;
  let newZip: string;
  const jobs: Record<'v1' | 'v2' | 'other', string> = { v1: '', v2: '', other: '' };

  /** Starts a job of `domain` and completes it at once with `zip` as its bundle. */
  async function completedJob(domain: string, zip: string): Promise<string> {
    const started = await env.api('POST', JOBS, { domain });
    expect(started.status, JSON.stringify(started.json)).toBe(202);
    const { jobId } = started.json as { jobId: string };
    const now = Date.now();
    expect(
      claimExportJob(env.runtime.db, jobId, { owner: 'w', leaseUntil: now + 60_000, expectedOwner: null, now }),
    ).toBe(true);
    mkdirSync(jobDir(env.runtime.dataDir, jobId), { recursive: true });
    copyFileSync(zip, jobBundleFile(env.runtime.dataDir, jobId));
    const bytes = readFileSync(zip);
    const done = { sha256: sha256(bytes), sizeBytes: bytes.length, pageCount: 4, blockedRequests: '[]', now };
    expect(completeExportJob(env.runtime.db, jobId, 'w', done)).toBe(true);
    return jobId;
  }

  const bundleLink = (jobId: string, body: unknown) => env.api('POST', `${JOBS}/${jobId}/bundle`, body);

  beforeAll(async () => {
    env = await startExportEnv();
    const key = loadOrCreateSigningKey(env.runtime.dataDir, env.orgId);
    oldZip = await craftBundle(V1, key);
    newZip = await craftBundle(V2, key);
    jobs.v1 = await completedJob(env.domain, oldZip);
    jobs.v2 = await completedJob(env.domain, newZip);
    const other = 'other.shapes.test';
    createProjectWithSite(env.runtime, { orgId: env.orgId, name: 'Other', domain: other }, ALL_SHAPES);
    jobs.other = await completedJob(other, oldZip);
  });

  afterAll(async () => {
    await env?.close();
  });

  it('links to a signed delta that rebuilds the newer bundle byte for byte, built once', async () => {
    const response = await bundleLink(jobs.v2, { deltaFrom: jobs.v1, expiresIn: 600 });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    const link = response.json as Link;
    const plain = (await bundleLink(jobs.v2, {})).json as Link;
    // The official shape: the same fields as a bundle link, the delta's size and SHA-256 in them.
    expect(Object.keys(link).sort()).toEqual(Object.keys(plain).sort());
    expect(link.bundleUrl).toMatch(new RegExp(`/downloads/${jobs.v2}\\.delta-${jobs.v1}\\.zip\\?expires=`));
    const download = await fetch(link.bundleUrl);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('.delta.zip');
    const delta = Buffer.from(await download.arrayBuffer());
    expect([delta.length, sha256(delta)]).toEqual([link.sizeBytes, link.sha256]);
    expect(delta.length).toBeLessThan(readFileSync(newZip).length);
    const deltaPath = join(tempDir('offprint-delta-api-'), 'delta.zip');
    writeFileSync(deltaPath, delta);
    const rebuilt = `${deltaPath}.rebuilt`;
    await applyDelta(oldZip, deltaPath, rebuilt, {});
    expect(sha256(readFileSync(rebuilt))).toBe(plain.sha256);

    const kept = statSync(deltaFile(env.runtime.dataDir, jobs.v2, jobs.v1)).mtimeMs;
    const again = (await bundleLink(jobs.v2, { deltaFrom: jobs.v1 })).json as Link;
    expect(again.sha256).toBe(link.sha256);
    expect(statSync(deltaFile(env.runtime.dataDir, jobs.v2, jobs.v1)).mtimeMs).toBe(kept);
    // The link signs both jobs: naming another base is another URL, refused.
    const altered = link.bundleUrl.replace(`delta-${jobs.v1}`, `delta-${jobs.other}`);
    expect((await fetch(altered)).status).toBe(403);
  });

  it('answers 400, 404 or 409 (the API error shape) when the delta cannot be made', async () => {
    const queued = ((await env.api('POST', JOBS, { domain: env.domain })).json as { jobId: string }).jobId;
    const cases: [unknown, number, RegExp][] = [
      [{ deltaFrom: jobs.v2 }, 400, /itself/],
      [{ deltaFrom: jobs.other }, 400, /another site/],
      [{ deltaFrom: 5 }, 400, /deltaFrom/],
      [{ deltaFrom: 'se_0000000000000000' }, 404, /se_0000000000000000 does not exist/],
      [{ deltaFrom: queued }, 409, /is queued/],
    ];
    for (const [body, status, message] of cases) {
      const response = await bundleLink(jobs.v2, body);
      const json = response.json as { error: string; details?: { message: string }[] };
      expect([JSON.stringify(body), response.status]).toEqual([JSON.stringify(body), status]);
      expect(`${json.error} ${(json.details ?? []).map((d) => d.message).join(' ')}`).toMatch(message);
      if (status === 400) expect(json.details?.length).toBeGreaterThan(0);
    }
    expect((await bundleLink(queued, { deltaFrom: jobs.v1 })).status).toBe(409);
    await env.api('DELETE', `${JOBS}/${queued}`);
  });

  it('documents deltaFrom as an Offprint extension of the bundle request', async () => {
    const doc = (await env.api('GET', '/v1/openapi.json')).json as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
    };
    const body = JSON.stringify(doc.paths['/v1/static-export/jobs/{jobId}/bundle']?.['post']?.requestBody ?? {});
    expect(body).toMatch(/"deltaFrom":\{[^}]*"x-offprint":true/);
  });
});
