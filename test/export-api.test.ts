/**
 * The static export API's contract, every status it answers, against a real data dir and server: start
 * (202 / 400 / 401 / 403 / 409), status (200 / 404), bundle (404 / 409), cancel (200 / 404 / 409),
 * organization isolation, and the official document's shapes. No worker runs here, so jobs stay queued;
 * completed jobs are covered by export-jobs and signed-url tests.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findExportJob } from '../server/db/exportJobs.js';
import { createProjectWithSite } from '../server/domain/projectWithSite.js';
import { getCurrentSite } from '../server/domain/sites.js';
import { jobDir } from '../server/exportSpec/files.js';
import { startExportEnv, type ExportEnv } from './helpers/exportEnv.js';
import { assertOfficialExport } from './helpers/officialExportSchema.js';
import { ALL_SHAPES } from './helpers/siteProjects.js';

interface Job {
  jobId: string;
  status: string;
  progress: number;
  pageCount: number;
  createdAt: string;
  updatedAt: string;
  error: string | null;
  domain: string;
  deployment: string;
  version: string | null;
}

interface ErrorBody {
  error: string;
  details?: { message: string }[];
}

const JOBS = '/v1/static-export/jobs';

describe('static export API', () => {
  let env: ExportEnv;
  beforeAll(async () => {
    env = await startExportEnv();
  });
  afterAll(async () => {
    await env.close();
  });

  /** A new site of the default organization, so that each test starts without an active job. */
  let siteCounter = 0;
  function freshSite(): string {
    const domain = `site${++siteCounter}.shapes.test`;
    createProjectWithSite(env.runtime, { orgId: env.orgId, name: domain, domain }, ALL_SHAPES);
    return domain;
  }

  it('starts a job: 202 with the official job shape, queued at 0, then the same job from GET', async () => {
    const started = await env.api('POST', JOBS, { domain: env.domain, version: '2024-06-01' });
    expect(started.status).toBe(202);
    assertOfficialExport('StaticExportJob', started.json);
    const job = started.json as Job;
    expect(job.jobId).toMatch(/^se_[0-9a-f]{16}$/);
    expect(job).toMatchObject({
      status: 'queued',
      progress: 0,
      pageCount: 0,
      error: null,
      domain: env.domain,
      deployment: 'air-gapped',
      version: '2024-06-01',
    });
    expect(new Date(job.createdAt).toISOString()).toBe(job.createdAt);
    expect(job.updatedAt).toBe(job.createdAt);

    const got = await env.api('GET', `${JOBS}/${job.jobId}`);
    expect(got.status).toBe(200);
    assertOfficialExport('StaticExportJob', got.json);
    expect(got.json).toEqual(job);
    // The job pinned the build that was current when it started.
    const row = findExportJob(env.runtime.db, job.jobId);
    expect(row?.buildId).toBe(getCurrentSite(env.runtime, env.projectId)?.buildId);

    const cancelled = await env.api('DELETE', `${JOBS}/${job.jobId}`);
    expect(cancelled.status).toBe(200);
  });

  it('allows one active job per site (409), and a new one once the first is cancelled', async () => {
    const domain = freshSite();
    const first = await env.api('POST', JOBS, { domain });
    expect(first.status).toBe(202);
    const { jobId } = first.json as Job;
    const second = await env.api('POST', JOBS, { domain, paths: ['index'] });
    expect(second.status).toBe(409);
    assertOfficialExport('Error', second.json);
    expect((second.json as ErrorBody).error).toContain(jobId);
    // Another site of the same organization is not blocked.
    const other = await env.api('POST', JOBS, { domain: freshSite() });
    expect(other.status).toBe(202);

    const cancelled = await env.api('DELETE', `${JOBS}/${jobId}`);
    expect(cancelled.status).toBe(200);
    const third = await env.api('POST', JOBS, { domain });
    expect(third.status).toBe(202);
    expect((third.json as Job).jobId).not.toBe(jobId);
  });

  it.each([
    ['a scheme', 'https://docs.shapes.test'],
    ['a path', 'docs.shapes.test/docs'],
    ['a trailing slash', 'docs.shapes.test/'],
    ['a port', 'docs.shapes.test:443'],
    ['spaces inside', 'docs shapes.test'],
    ['an empty string', ''],
  ])('400 when domain has %s', async (_what, domain) => {
    const response = await env.api('POST', JOBS, { domain });
    expect(response.status).toBe(400);
    assertOfficialExport('Error', response.json);
    expect((response.json as ErrorBody).details?.map((d) => d.message).join('\n')).toMatch(/^domain: /m);
  });

  it('400 for a missing domain, an unknown body field or a bad deployment, listing every problem', async () => {
    const response = await env.api('POST', JOBS, { version: 1, deployment: 'moon', extra: true });
    expect(response.status).toBe(400);
    const messages = (response.json as ErrorBody).details?.map((d) => d.message) ?? [];
    expect(messages.some((m) => m.startsWith('domain'))).toBe(true);
    expect(messages.some((m) => m.startsWith('version'))).toBe(true);
    expect(messages.some((m) => m.startsWith('deployment'))).toBe(true);
    expect(messages.some((m) => m.includes('extra'))).toBe(true);
  });

  it('400 for a version label or a path with a lone UTF-16 surrogate, which the manifest could not keep as sent', async () => {
    const response = await env.api('POST', JOBS, { domain: env.domain, version: 'v\ud800', paths: ['guides/\udfff'] });
    expect(response.status).toBe(400);
    expect((response.json as ErrorBody).details).toEqual([
      { message: 'version: must be well-formed Unicode (it holds a lone UTF-16 surrogate)' },
      { message: 'paths.0: must be well-formed Unicode (it holds a lone UTF-16 surrogate)' },
    ]);
  });

  it('400 for a domain that names no site, or another organization’s site (no existence leak)', async () => {
    const unknown = await env.api('POST', JOBS, { domain: 'nowhere.example.com' });
    expect(unknown.status).toBe(400);
    const other = env.addOrg('enterprise', { domain: 'theirs.shapes.test', source: ALL_SHAPES });
    const foreign = await env.api('POST', JOBS, { domain: 'theirs.shapes.test' });
    expect(foreign.status).toBe(400);
    expect((foreign.json as ErrorBody).details).toEqual(
      (unknown.json as ErrorBody).details?.map((d) => ({
        message: d.message.replace('nowhere.example.com', 'theirs.shapes.test'),
      })),
    );
    // Its own organization can export it.
    const own = await env.api('POST', JOBS, { domain: 'theirs.shapes.test' }, other.key);
    expect(own.status).toBe(202);
  });

  it('400 when paths name pages that do not exist, each one listed; existing paths in either form are fine', async () => {
    const domain = freshSite();
    const bad = await env.api('POST', JOBS, {
      domain,
      paths: ['index', 'guides/nope', '/also/missing', 'quickstart'],
    });
    expect(bad.status).toBe(400);
    expect((bad.json as ErrorBody).details).toEqual([
      { message: `paths: guides/nope is not a page of ${domain}` },
      { message: `paths: /also/missing is not a page of ${domain}` },
    ]);
    const good = await env.api('POST', JOBS, { domain, paths: ['index', '/quickstart', 'install/linux'] });
    expect(good.status).toBe(202);
    const row = findExportJob(env.runtime.db, (good.json as Job).jobId);
    expect(JSON.parse(row?.paths ?? 'null')).toEqual(['/', '/install/linux', '/quickstart']);
    await env.api('DELETE', `${JOBS}/${(good.json as Job).jobId}`);
  });

  it('400 for features a deployment kind cannot have, naming each', async () => {
    const response = await env.api('POST', JOBS, {
      domain: freshSite(),
      features: { analytics: true, assistant: true },
    });
    expect(response.status).toBe(400);
    const messages = (response.json as ErrorBody).details?.map((d) => d.message) ?? [];
    expect(messages).toHaveLength(2);
    expect(messages.join('\n')).toMatch(/features\.analytics/);
    expect(messages.join('\n')).toMatch(/features\.assistant/);
  });

  it('403 when the organization is not on the enterprise plan', async () => {
    for (const plan of ['free', 'pro'] as const) {
      const org = env.addOrg(plan, { domain: `${plan}.shapes.test`, source: ALL_SHAPES });
      const response = await env.api('POST', JOBS, { domain: `${plan}.shapes.test` }, org.key);
      expect(response.status).toBe(403);
      assertOfficialExport('Error', response.json);
      expect((response.json as ErrorBody).error).toContain('enterprise');
    }
  });

  it('401 without a valid key, on every route', async () => {
    for (const [method, path] of [
      ['POST', JOBS],
      ['GET', `${JOBS}/se_0000000000000000`],
      ['POST', `${JOBS}/se_0000000000000000/bundle`],
      ['DELETE', `${JOBS}/se_0000000000000000`],
    ] as const) {
      const response = await env.api(method, path, method === 'POST' ? {} : undefined, 'offp_not-a-key');
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it('404 for unknown jobs and for other organizations’ jobs, on GET, bundle and DELETE', async () => {
    const other = env.addOrg('enterprise', { domain: 'iso.shapes.test', source: ALL_SHAPES });
    const theirs = await env.api('POST', JOBS, { domain: 'iso.shapes.test' }, other.key);
    expect(theirs.status).toBe(202);
    const { jobId } = theirs.json as Job;
    for (const id of [jobId, 'se_ffffffffffffffff', 'not-even-an-id']) {
      for (const [method, path] of [
        ['GET', `${JOBS}/${id}`],
        ['POST', `${JOBS}/${id}/bundle`],
        ['DELETE', `${JOBS}/${id}`],
      ] as const) {
        const response = await env.api(method, path);
        expect(response.status, `${method} ${path}`).toBe(404);
        assertOfficialExport('Error', response.json);
      }
    }
    // Still theirs, untouched.
    const mine = await env.api('GET', `${JOBS}/${jobId}`, undefined, other.key);
    expect((mine.json as Job).status).toBe('queued');
  });

  it('bundle: 409 while queued, 409 naming the failure once failed; cancel: 200 then 409', async () => {
    const domain = freshSite();
    const started = await env.api('POST', JOBS, { domain });
    const { jobId } = started.json as Job;
    const early = await env.api('POST', `${JOBS}/${jobId}/bundle`);
    expect(early.status).toBe(409);
    assertOfficialExport('Error', early.json);
    expect((early.json as ErrorBody).error).toMatch(/queued/);

    const cancelled = await env.api('DELETE', `${JOBS}/${jobId}`);
    expect(cancelled.status).toBe(200);
    assertOfficialExport('StaticExportJob', cancelled.json);
    expect(cancelled.json).toMatchObject({ jobId, status: 'failed', error: 'cancelled', progress: 0 });
    expect((cancelled.json as { completedAt: string | null }).completedAt).not.toBeNull();
    expect(existsSync(jobDir(env.runtime.dataDir, jobId))).toBe(false);

    const late = await env.api('POST', `${JOBS}/${jobId}/bundle`);
    expect(late.status).toBe(409);
    expect((late.json as ErrorBody).error).toMatch(/failed \(cancelled\)/);
    const again = await env.api('DELETE', `${JOBS}/${jobId}`);
    expect(again.status).toBe(409);
    expect((again.json as ErrorBody).error).toMatch(/already failed/);
  });

  it('bundle: 400 for a lifetime outside 1 s .. 7 days, or a body that is not an object', async () => {
    const path = `${JOBS}/se_0000000000000000/bundle`;
    for (const body of [{ expiresIn: 0 }, { expiresIn: 604_801 }, { expiresIn: 1.5 }, { expiresIn: '60' }, [1]]) {
      const response = await env.api('POST', path, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('documents the routes in the served OpenAPI document', async () => {
    const response = await env.api('GET', '/v1/openapi.json');
    const paths = (response.json as { paths: Record<string, Record<string, unknown>> }).paths;
    expect(Object.keys(paths['/v1/static-export/jobs'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/v1/static-export/jobs/{jobId}'] ?? {}).sort()).toEqual(['delete', 'get']);
    expect(Object.keys(paths['/v1/static-export/jobs/{jobId}/bundle'] ?? {})).toEqual(['post']);
    expect(Object.keys(paths['/downloads/{file}'] ?? {})).toEqual(['get']);
  });
  it('lists the organization’s jobs newest first, up to `limit`; never another organization’s', async () => {
    const started: string[] = [];
    const base = Date.parse('2030-01-01T00:00:00Z');
    for (let i = 0; i < 3; i++) {
      env.setNow(base + i * 1000);
      const response = await env.api('POST', JOBS, { domain: freshSite() });
      expect(response.status).toBe(202);
      started.push((response.json as Job).jobId);
    }
    env.setNow(null);
    const other = env.addOrg('enterprise', { domain: 'listed.shapes.test', source: ALL_SHAPES });
    const foreign = await env.api('POST', JOBS, { domain: 'listed.shapes.test' }, other.key);
    expect(foreign.status).toBe(202);

    const listed = await env.api('GET', `${JOBS}?limit=3`);
    expect(listed.status).toBe(200);
    const { jobs } = listed.json as { jobs: Job[] };
    expect(jobs.map((j) => j.jobId)).toEqual([...started].reverse());
    for (const job of jobs) assertOfficialExport('StaticExportJob', job);
    const all = (await env.api('GET', JOBS)).json as { jobs: Job[] };
    expect(all.jobs.map((j) => j.jobId)).not.toContain((foreign.json as Job).jobId);
    expect(((await env.api('GET', JOBS, undefined, other.key)).json as { jobs: Job[] }).jobs).toHaveLength(1);

    for (const limit of ['0', '101', 'x', '1.5']) {
      const bad = await env.api('GET', `${JOBS}?limit=${limit}`);
      expect(bad.status, limit).toBe(400);
      expect((bad.json as ErrorBody).details?.[0]?.message).toMatch(/^limit: must be a whole number from 1 to 100/);
    }
  });
});
