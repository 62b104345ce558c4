/**
 * The fields Offprint adds to a static export job for the dashboard (phase, ETA, duration, size, SHA-256,
 * warnings) and the list's filters, read through the real API while a job moves through its states the
 * way the job runner writes them (its own row functions, a movable clock; the real pipeline run is in
 * export-jobs.browser.test.ts). The official fields keep their official shape throughout.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimExportJob, completeExportJob, recordExportProgress } from '../server/db/exportJobs.js';
import { jobDir } from '../server/exportSpec/files.js';
import { writeJobWarnings } from '../server/exportSpec/warnings.js';
import { progressPercent } from '../server/jobs/progress.js';
import { startExportEnv, type ExportEnv } from './helpers/exportEnv.js';
import { assertOfficialExport } from './helpers/officialExportSchema.js';
import { ALL_SHAPES } from './helpers/siteProjects.js';
import { createProjectWithSite } from '../server/domain/projectWithSite.js';

const JOBS = '/v1/static-export/jobs';
const T0 = Date.parse('2026-03-01T10:00:00Z');

interface Job {
  jobId: string;
  status: string;
  domain: string;
  phase: string;
  etaSeconds: number | null;
  durationMs: number | null;
  sizeBytes: number | null;
  sha256: string | null;
  warnings: { code: string; message: string; page: string | null }[] | null;
  warningCount: number | null;
}

describe('static export job: extension fields and list filters', () => {
  let env: ExportEnv;
  beforeAll(async () => {
    env = await startExportEnv();
  });
  afterAll(async () => {
    await env.close();
  });

  const get = async (jobId: string): Promise<Job> => {
    const res = await env.api('GET', `${JOBS}/${jobId}`);
    assertOfficialExport('StaticExportJob', res.json);
    return res.json as Job;
  };
  const progress = (
    jobId: string,
    phase: 'rendering' | 'assembling' | 'proving' | 'zipping',
    pagesDone: number,
    at: number,
    checked?: { done: number; total: number },
  ) =>
    recordExportProgress(env.runtime.db, jobId, 'w', {
      percent: progressPercent({
        phase,
        pagesDone,
        pagesTotal: 40,
        currentPage: null,
        ...(checked ? { checked } : {}),
      }),
      pageCount: pagesDone,
      pagesTotal: 40,
      now: at,
    });

  it('shows phase, ETA and duration while running, then size, SHA-256 and warnings', async () => {
    env.setNow(T0);
    const started = await env.api('POST', JOBS, { domain: env.domain });
    const { jobId } = started.json as Job;
    expect(await get(jobId)).toMatchObject({ phase: 'queued', etaSeconds: null, durationMs: null, sha256: null });

    expect(
      claimExportJob(env.runtime.db, jobId, { owner: 'w', leaseUntil: T0 + 600_000, expectedOwner: null, now: T0 }),
    ).toBe(true);
    expect(await get(jobId)).toMatchObject({ phase: 'rendering', etaSeconds: null, durationMs: 0 });
    // The estimate is of the whole job: rendering is 35% of it (the egress check after it most of the
    // rest), so 10 of 40 pages in 20 s is 8.75% in 20 s, and the other 91.25% take 209 s at that pace.
    progress(jobId, 'rendering', 10, T0 + 20_000);
    env.setNow(T0 + 20_000);
    expect(await get(jobId)).toMatchObject({ phase: 'rendering', progress: 8, etaSeconds: 209, durationMs: 20_000 });
    progress(jobId, 'assembling', 40, T0 + 70_000);
    env.setNow(T0 + 70_000);
    expect(await get(jobId)).toMatchObject({ phase: 'assembling', progress: 35, etaSeconds: 130, durationMs: 70_000 });
    // Half the check's page loads: 36 + 61 / 2, so 66% in 99 s, 51 s left; the percent moves with the check.
    progress(jobId, 'proving', 40, T0 + 99_000, { done: 50, total: 100 });
    env.setNow(T0 + 99_000);
    expect(await get(jobId)).toMatchObject({ phase: 'proving', progress: 66, etaSeconds: 51 });
    progress(jobId, 'proving', 40, T0 + 140_000, { done: 100, total: 100 });
    env.setNow(T0 + 140_000);
    expect(await get(jobId)).toMatchObject({ phase: 'proving', progress: 97, etaSeconds: 4 });
    progress(jobId, 'zipping', 40, T0 + 150_000);
    expect(await get(jobId)).toMatchObject({ phase: 'zipping', etaSeconds: 3, sizeBytes: null, warnings: null });

    // The runner writes them into the job's folder, which its run made.
    mkdirSync(jobDir(env.runtime.dataDir, jobId), { recursive: true });
    writeJobWarnings(env.runtime.dataDir, jobId, [
      {
        code: 'blocked-request',
        page: '/guides',
        message: 'blocked a request to https://cdn.example/x.js (outside the site)',
      },
      { code: 'missing-anchor', page: '/', message: 'links to guides.html#nope, an anchor its page does not have' },
    ]);
    const sha256 = 'a'.repeat(64);
    const done = { sha256, sizeBytes: 12_345, pageCount: 40, blockedRequests: '[]', now: T0 + 155_000 };
    expect(completeExportJob(env.runtime.db, jobId, 'w', done)).toBe(true);
    env.setNow(T0 + 500_000);
    expect(await get(jobId)).toMatchObject({
      status: 'completed',
      phase: 'completed',
      etaSeconds: null,
      durationMs: 155_000,
      sizeBytes: 12_345,
      sha256,
      warningCount: 2,
      warnings: [
        { code: 'blocked-request', page: '/guides', message: expect.stringContaining('cdn.example') as unknown },
        { code: 'missing-anchor', page: '/', message: expect.stringContaining('#nope') as unknown },
      ],
    });
    env.setNow(null);
  });

  it('says how many pages were taken from the last export, never fewer than a report said', async () => {
    const domain = 'reused.shapes.test';
    createProjectWithSite(env.runtime, { orgId: env.orgId, name: domain, domain }, ALL_SHAPES);
    const { jobId } = (await env.api('POST', JOBS, { domain })).json as Job;
    expect(await get(jobId)).toMatchObject({ pagesReused: 0 });
    const now = Date.now();
    claimExportJob(env.runtime.db, jobId, { owner: 'w', leaseUntil: now + 600_000, expectedOwner: null, now });
    const report = (pageCount: number, pagesReused: number): boolean =>
      recordExportProgress(env.runtime.db, jobId, 'w', { percent: 10, pageCount, pagesReused, pagesTotal: 40, now });
    report(30, 28);
    expect(await get(jobId)).toMatchObject({ phase: 'rendering', pageCount: 30, pagesReused: 28 });
    // A later report without the count (the check's) leaves it.
    report(40, 0);
    expect(await get(jobId)).toMatchObject({ pageCount: 40, pagesReused: 28 });
    const done = { sha256: 'b'.repeat(64), sizeBytes: 1, pageCount: 40, pagesReused: 39, blockedRequests: '[]', now };
    expect(completeExportJob(env.runtime.db, jobId, 'w', done)).toBe(true);
    expect(await get(jobId)).toMatchObject({ status: 'completed', pageCount: 40, pagesReused: 39 });
    const listed = (await env.api('GET', `${JOBS}?domain=${domain}`)).json as { jobs: Job[] };
    expect(listed.jobs[0]).toMatchObject({ jobId, pagesReused: 39 });
  });

  it('filters the list by status, domain and creation date; bad filters are a 400 listing each', async () => {
    const domain = 'filters.shapes.test';
    createProjectWithSite(env.runtime, { orgId: env.orgId, name: domain, domain }, ALL_SHAPES);
    env.setNow(Date.parse('2026-05-10T12:00:00Z'));
    const queued = ((await env.api('POST', JOBS, { domain })).json as Job).jobId;
    env.setNow(null);

    const ids = async (query: string): Promise<string[]> => {
      const res = await env.api('GET', `${JOBS}?${query}`);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return (res.json as { jobs: Job[] }).jobs.map((job) => job.jobId);
    };
    expect(await ids(`domain=${domain}`)).toEqual([queued]);
    expect(await ids(`domain=${domain}&status=completed`)).toEqual([]);
    expect(await ids(`domain=${domain}&status=queued`)).toEqual([queued]);
    expect(await ids(`domain=${domain}&dateFrom=2026-05-10&dateTo=2026-05-11`)).toEqual([queued]);
    expect(await ids(`domain=${domain}&dateFrom=2026-05-11`)).toEqual([]);
    const completed = await ids('status=completed');
    expect(completed.length).toBeGreaterThan(0);
    expect(completed).not.toContain(queued);

    const bad = await env.api('GET', `${JOBS}?status=done&dateFrom=2026-05-12&dateTo=2026-05-11&domain=a/b`);
    expect(bad.status).toBe(400);
    const messages = ((bad.json as { details: { message: string }[] }).details ?? []).map((d) => d.message);
    expect(messages.some((m) => m.startsWith('status:'))).toBe(true);
    expect(messages.some((m) => m.startsWith('domain:'))).toBe(true);
  });
});
