/**
 * Issue 13: the dashboard's job list stays fast with hundreds of jobs. 500 jobs of a large site are
 * stored the way the job runner leaves them (completed ones with 2,000 blocked requests in the row and
 * 1,000 kept warnings beside the bundle; failed; running), then `GET /v1/static-export/jobs` is read at
 * its largest page (100) through the real API. The time is measured and printed (no timing assert: the
 * machine is shared); the answer must list the newest 100 with their blocked-request counts, and leave
 * each job's warnings file unread (before, reading 100 of them cost up to a second and 10.9 MB per call):
 * the job's own GET has its warnings.
 */
import { mkdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertExportJob, type ExportJobRow } from '../server/db/exportJobs.js';
import { jobDir } from '../server/exportSpec/files.js';
import { KEPT_WARNINGS, writeJobWarnings } from '../server/exportSpec/warnings.js';
import { startExportEnv, type ExportEnv } from './helpers/exportEnv.js';

const JOBS = 500;
const BLOCKED = 2000;
const T0 = Date.parse('2026-03-01T10:00:00Z');

interface Listed {
  jobs: { jobId: string; status: string; blockedRequests: number | null; warningCount: number | null }[];
}

function row(env: ExportEnv, i: number): ExportJobRow {
  const status = i === JOBS - 1 ? 'running' : i % 10 === 0 ? 'failed' : 'completed';
  const blocked = Array.from({ length: BLOCKED }, (_, n) => ({ page: `/p/${n}`, url: `https://cdn.example/${n}.js` }));
  const completed = status === 'completed';
  return {
    id: `job-${String(i).padStart(4, '0')}`,
    signingFingerprint: null,
    orgId: env.orgId,
    projectId: env.projectId,
    domain: env.domain,
    buildId: 'b1',
    deployment: 'air-gapped',
    versionLabel: null,
    paths: null,
    features: JSON.stringify({ search: true, feedback: null, analytics: null, apiPlayground: null, assistant: false }),
    status,
    progress: completed ? 100 : 40,
    pageCount: 10_000,
    pagesReused: 0,
    pagesTotal: 10_000,
    error: status === 'failed' ? 'The export ran out of memory' : null,
    attempts: 1,
    leaseOwner: status === 'running' ? 'elsewhere/1/abc' : null,
    leaseUntil: status === 'running' ? T0 + 3_600_000 : null,
    bundleSha256: completed ? 'a'.repeat(64) : null,
    bundleSize: completed ? 123_456_789 : null,
    blockedCount: completed ? blocked.length : null,
    createdAt: T0 + i * 1000,
    updatedAt: T0 + i * 1000,
    startedAt: T0 + i * 1000,
    completedAt: status === 'running' ? null : T0 + i * 1000 + 500,
  };
}

describe('export job list with hundreds of jobs', () => {
  let env: ExportEnv;
  beforeAll(async () => {
    env = await startExportEnv();
    env.setNow(T0 + JOBS * 1000);
    const warnings = Array.from({ length: 3000 }, (_, n) => ({
      code: 'blocked-request' as const,
      page: `/p/${n}`,
      message: `blocked a request to https://cdn.example/${n}.js (outside the site)`,
    }));
    for (let i = 0; i < JOBS; i++) {
      const job = row(env, i);
      insertExportJob(env.runtime.db, job);
      if (job.status !== 'completed') continue;
      mkdirSync(jobDir(env.runtime.dataDir, job.id), { recursive: true });
      writeJobWarnings(env.runtime.dataDir, job.id, warnings);
    }
  }, 300_000);
  afterAll(async () => {
    await env.close();
  });

  it('lists the newest 100 of 500 jobs with their counts (time printed)', async () => {
    const times: number[] = [];
    let listed: Listed | undefined;
    for (let round = 0; round < 5; round++) {
      const started = performance.now();
      const res = await env.api('GET', '/v1/static-export/jobs?limit=100');
      times.push(performance.now() - started);
      expect(res.status).toBe(200);
      listed = res.json as Listed;
    }
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `GET ${JOBS} jobs, newest 100: ${times.map((t) => t.toFixed(0)).join(', ')} ms ` +
        `(median ${sorted[2]?.toFixed(0)} ms), body of ${JSON.stringify(listed).length} bytes`,
    );
    const jobs = listed?.jobs ?? [];
    expect(jobs).toHaveLength(100);
    expect(jobs[0]).toMatchObject({ jobId: `job-${String(JOBS - 1).padStart(4, '0')}`, status: 'running' });
    const completed = jobs.find((job) => job.status === 'completed');
    expect(completed).toMatchObject({ blockedRequests: BLOCKED, warningCount: null });
    const one = await env.api('GET', `/v1/static-export/jobs/${completed?.jobId ?? ''}`);
    expect(one.json).toMatchObject({ warningCount: 3000 });
    expect((one.json as { warnings: unknown[] }).warnings).toHaveLength(KEPT_WARNINGS);
    expect(KEPT_WARNINGS).toBeLessThan(3000);
  });
});
