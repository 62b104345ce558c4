/**
 * Durable static-export jobs with the real pipeline (test/fixtures/all-shapes, real Chromium): a worker
 * runs a queued job to completion with progress that never goes down; a job whose worker stops mid-way
 * resumes from the pages already captured (or, stopped in the egress check, from the page loads already
 * checked) and gives the same bytes as an uninterrupted run; a later export of the unchanged project
 * opens no page in its check (the last one proved every load), nor those a cancelled job's check proved;
 * cancel stops
 * a running job and deletes its files; a stalled or broken run fails with a clear error; leases decide
 * which worker may take over a job.
 */
import { CAPTURED_HTML } from '../server/export/workDir.js';
import AdmZip from 'adm-zip';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimExportJob, findExportJob, type ExportJobRow } from '../server/db/exportJobs.js';
import { startExportJob } from '../server/domain/exports/jobs.js';
import { importSite } from '../server/domain/sites.js';
import type { ExportProgress } from '../server/export/contract.js';
import { runExport } from '../server/export/run.js';
import {
  captureCacheDir,
  egressProofsFile,
  jobBundleFile,
  jobDir,
  jobWorkDir,
  removeCaptureCache,
  removeEgressProofs,
} from '../server/exportSpec/files.js';
import { PROVING_END_PERCENT, PROVING_PERCENT } from '../server/jobs/progress.js';
import { runClaimedJob } from '../server/jobs/runJob.js';
import { claimNextJob, ExportWorker, JOB_TIMINGS } from '../server/jobs/worker.js';
import { playwrightRenderBackend } from '../server/render/playwrightBackend.js';
import { fileDigest } from './helpers/dataDirs.js';
import { startExportEnv, type ExportEnv } from './helpers/exportEnv.js';
import { ALL_SHAPES } from './helpers/siteProjects.js';
import { needsChromium } from './helpers/needs.js';
import { FIXED_EXPORT_EPOCH } from './helpers/exportRun.js';

// Two different jobs' bundles are compared byte for byte: both record this time, not their creation.
process.env['SOURCE_DATE_EPOCH'] = FIXED_EXPORT_EPOCH;

const JOBS = '/v1/static-export/jobs';
const backend = playwrightRenderBackend();

interface Job {
  jobId: string;
  status: string;
  progress: number;
  pageCount: number;
  pagesTotal: number | null;
  error: string | null;
  phase: string;
  etaSeconds: number | null;
  durationMs: number | null;
  sizeBytes: number | null;
  sha256: string | null;
  warnings: { code: string; message: string; page: string | null }[] | null;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

needsChromium().describe('static export jobs', () => {
  let env: ExportEnv;
  let baseline: { sha256: string; pages: number; jobId: string };

  const row = (jobId: string): ExportJobRow => {
    const found = findExportJob(env.runtime.db, jobId);
    if (found === undefined) throw new Error(`no job ${jobId}`);
    return found;
  };
  const start = async (body: Record<string, unknown> = {}): Promise<string> => {
    const response = await env.api('POST', JOBS, { domain: env.domain, ...body });
    expect(response.status, JSON.stringify(response.json)).toBe(202);
    return (response.json as Job).jobId;
  };
  /** Polls the row until `done` holds (or the deadline passes). */
  const waitFor = async (jobId: string, done: (job: ExportJobRow) => boolean, ms = 120_000): Promise<ExportJobRow> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const current = row(jobId);
      if (done(current)) return current;
      if (Date.now() > deadline) throw new Error(`timed out; job is ${JSON.stringify(current)}`);
      await sleep(25);
    }
  };

  /** A worker `owner` claims the released job (at once) and runs it to completion; its progress reports. */
  const resumeAs = async (owner: string, jobId: string): Promise<ExportProgress[]> => {
    expect(claimNextJob(env.runtime, owner, JOB_TIMINGS.leaseMs, JOB_TIMINGS.maxAttempts)).toBe(jobId);
    const reports: ExportProgress[] = [];
    const outcome = await runClaimedJob(env.runtime, jobId, owner, {
      run: runExport,
      backend,
      concurrency: 2,
      leaseMs: JOB_TIMINGS.leaseMs,
      tickMs: JOB_TIMINGS.tickMs,
      stallMs: JOB_TIMINGS.stallMs,
      onProgress: (progress) => reports.push(progress),
    });
    expect(outcome.kind).toBe('completed');
    return reports;
  };

  beforeAll(async () => {
    env = await startExportEnv();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('runs a queued job to completion: progress never goes down, 100 and every page when completed', async () => {
    const jobId = await start();
    const worker = new ExportWorker(env.runtime, { backend, concurrency: 2 });
    worker.start();
    const seen: Job[] = [];
    try {
      for (;;) {
        const job = (await env.api('GET', `${JOBS}/${jobId}`)).json as Job;
        seen.push(job);
        if (job.status === 'completed' || job.status === 'failed') break;
        await sleep(50);
      }
    } finally {
      await worker.stop();
    }
    const last = seen.at(-1);
    expect(last?.error).toBeNull();
    expect(last).toMatchObject({ status: 'completed', progress: 100 });
    expect(last?.pageCount).toBe(last?.pagesTotal);
    expect(last?.pageCount).toBeGreaterThan(10);
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i]?.progress).toBeGreaterThanOrEqual(seen[i - 1]?.progress ?? 0);
      expect(seen[i]?.pageCount).toBeGreaterThanOrEqual(seen[i - 1]?.pageCount ?? 0);
    }
    // Some intermediate state was visible: the job was observed running, below 100.
    expect(seen.some((job) => job.status === 'running' && job.progress < 100)).toBe(true);
    const done = row(jobId);
    expect(done).toMatchObject({ leaseOwner: null, leaseUntil: null, attempts: 1 });
    expect(fileDigest(jobBundleFile(env.runtime.dataDir, jobId))).toBe(done.bundleSha256);
    // Only the archive (and its warnings, for the API) is kept once the job has completed.
    expect(readdirSync(jobDir(env.runtime.dataDir, jobId)).sort()).toEqual(['bundle.zip', 'warnings.json']);
    // The dashboard's fields: the phase while rendering, then the bundle's size, SHA-256 and warnings.
    expect(seen.some((job) => job.status === 'running' && job.phase === 'rendering')).toBe(true);
    for (const job of seen.filter((j) => j.status === 'queued')) expect(job.phase).toBe('queued');
    expect(last).toMatchObject({
      phase: 'completed',
      etaSeconds: null,
      pagesReused: 0,
      sha256: done.bundleSha256,
      sizeBytes: done.bundleSize,
    });
    expect(last?.durationMs).toBeGreaterThan(0);
    expect(Array.isArray(last?.warnings)).toBe(true);
    baseline = { sha256: done.bundleSha256 ?? '', pages: done.pageCount, jobId };
  }, 180_000);

  it('verifies the real bundle over the API: ok, naming its job; an altered copy: ok=false with the problem', async () => {
    const bytes = readFileSync(jobBundleFile(env.runtime.dataDir, baseline.jobId));
    const verify = async (body: Buffer) => {
      const res = await fetch(`${env.server.url}/v1/bundles/verify`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${env.key}`, 'Content-Type': 'application/zip' },
        body: new Uint8Array(body),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { ok: boolean; problems: string[]; manifest: Record<string, unknown> };
    };
    const good = await verify(bytes);
    expect(good).toMatchObject({ ok: true, problems: [] });
    expect(good.manifest).toMatchObject({
      domain: env.domain,
      deployment: 'air-gapped',
      pages: baseline.pages,
      jobId: baseline.jobId,
      sha256: baseline.sha256,
      sizeBytes: bytes.length,
    });
    const altered = new AdmZip(bytes);
    const page = altered.getEntry('index.html');
    if (page === null) throw new Error('no index.html in the bundle');
    altered.updateFile(page, Buffer.concat([page.getData(), Buffer.from('<!-- changed -->')]));
    const bad = await verify(altered.toBuffer());
    expect(bad.ok).toBe(false);
    expect(bad.problems).toContainEqual(expect.stringMatching(/^index\.html has \d+ bytes, the manifest says \d+$/));
    expect(bad.manifest).toMatchObject({ jobId: null, domain: env.domain });
  }, 60_000);

  it('resumes a job whose worker stopped mid-way from the captured pages, with the same bytes', async () => {
    // Pages the last export captured would all be taken from it: this one renders.
    removeCaptureCache(env.runtime.dataDir, env.projectId);
    const jobId = await start();
    const first = new ExportWorker(env.runtime, { backend, concurrency: 1 });
    first.start();
    const third = Math.ceil(baseline.pages / 3);
    await waitFor(jobId, (job) => job.pageCount >= third);
    await first.stop();

    const paused = row(jobId);
    expect(paused).toMatchObject({ status: 'running', leaseOwner: null, leaseUntil: null });
    expect(paused.pageCount).toBeLessThan(baseline.pages);
    const captured = readdirSync(join(jobWorkDir(env.runtime.dataDir, jobId), 'pages')).filter((f) =>
      f.endsWith(CAPTURED_HTML),
    ).length;
    expect(captured).toBeGreaterThanOrEqual(paused.pageCount);

    // The next worker claims it at once (the lease was released) and starts from the captured pages.
    const reports = await resumeAs('test-resumer', jobId);
    expect(reports[0]?.pagesDone).toBe(captured);
    // Only the pages that were missing were rendered again.
    const renderedAgain = new Set(reports.filter((r) => r.phase === 'rendering').map((r) => r.currentPage));
    renderedAgain.delete(null);
    expect(renderedAgain.size).toBe(baseline.pages - captured);
    const done = row(jobId);
    expect(done).toMatchObject({ status: 'completed', progress: 100, pageCount: baseline.pages, attempts: 1 });
    expect(done.bundleSha256).toBe(baseline.sha256);
  }, 180_000);

  it('re-exports the unchanged project from the last export: no page rendered or opened, same bytes', async () => {
    const proofs = egressProofsFile(env.runtime.dataDir, env.projectId);
    expect(existsSync(proofs)).toBe(true);
    const jobId = await start();
    const reports = await resumeAs('test-reuser', jobId);
    // Every page is taken from the captures the last export kept.
    const rendering = reports.filter((r) => r.phase === 'rendering');
    expect(rendering.at(-1)).toMatchObject({ pagesDone: baseline.pages, pagesReused: baseline.pages });
    const proving = reports.filter((r) => r.phase === 'proving' && (r.checked?.total ?? 0) > 0);
    expect(proving.length).toBeGreaterThan(0);
    // Every page load (each page from disk and over HTTP) was proved before and none was opened, but
    // verify.html from disk: it reads manifest.js, which the manifest's writing after the check adds.
    expect(proving[0]?.checked?.done).toBe((proving[0]?.checked?.total ?? 0) - 1);
    expect(proving.flatMap((r) => (r.currentPage === null ? [] : [r.currentPage]))).toEqual(['verify.html']);
    expect(row(jobId).bundleSha256).toBe(baseline.sha256);
    // The job says so too: every page of it was taken from the last export.
    const shown = (await env.api('GET', `${JOBS}/${jobId}`)).json as Job;
    expect(shown).toMatchObject({ status: 'completed', pageCount: baseline.pages, pagesReused: baseline.pages });
  }, 180_000);

  it('resumes a job stopped in the egress check from the page loads already checked, with the same bytes', async () => {
    // A first export's check: the last export's would prove every load of this one.
    removeEgressProofs(env.runtime.dataDir, env.projectId);
    const jobId = await start();
    const first = new ExportWorker(env.runtime, { backend, concurrency: 1 });
    first.start();
    // A third of the way through the check (it fills 36..97 of the percent).
    await waitFor(jobId, (job) => job.progress >= PROVING_PERCENT + (PROVING_END_PERCENT - PROVING_PERCENT) / 3);
    await first.stop();
    expect(row(jobId)).toMatchObject({ status: 'running', leaseOwner: null });
    const journal = join(jobWorkDir(env.runtime.dataDir, jobId), 'egress-check.jsonl');
    const checked = readFileSync(journal, 'utf8').trim().split('\n').length - 1;
    expect(checked).toBeGreaterThan(0);

    const reports = await resumeAs('test-check-resumer', jobId);
    // No page was rendered again, and the check went on from the loads it had checked.
    expect(reports.filter((r) => r.phase === 'rendering' && r.currentPage !== null)).toEqual([]);
    const counted = reports.filter((r) => r.phase === 'proving' && (r.checked?.total ?? 0) > 0);
    const total = counted[0]?.checked?.total ?? 0;
    expect(counted[0]?.checked?.done).toBe(checked);
    const loadedAgain = counted.filter((r) => r.currentPage !== null);
    expect(loadedAgain).toHaveLength(total - checked);
    expect(loadedAgain.at(-1)?.checked?.done).toBe(total);
    const done = row(jobId);
    expect(done).toMatchObject({ status: 'completed', pageCount: baseline.pages });
    expect(done.bundleSha256).toBe(baseline.sha256);
  }, 180_000);

  it("keeps what a cancelled job's check proved: the next export does not open those loads again", async () => {
    removeEgressProofs(env.runtime.dataDir, env.projectId);
    const jobId = await start();
    const worker = new ExportWorker(env.runtime, { backend, concurrency: 1 });
    worker.start();
    try {
      await waitFor(jobId, (job) => job.progress >= PROVING_PERCENT + (PROVING_END_PERCENT - PROVING_PERCENT) / 3);
      expect((await env.api('DELETE', `${JOBS}/${jobId}`)).status).toBe(200);
      await waitFor(jobId, () => !existsSync(jobDir(env.runtime.dataDir, jobId)), 10_000);
    } finally {
      await worker.stop();
    }
    expect(row(jobId)).toMatchObject({ status: 'failed', error: 'cancelled' });
    // The run stopped after putting what its check proved in the project's store.
    const proved = readFileSync(egressProofsFile(env.runtime.dataDir, env.projectId), 'utf8').trim().split('\n');
    expect(proved.length - 1).toBeGreaterThan(0);

    const reports = await resumeAs('test-after-cancel', await start());
    const proving = reports.filter((r) => r.phase === 'proving' && (r.checked?.total ?? 0) > 0);
    expect(proving[0]?.checked).toMatchObject({ done: proved.length - 1, reused: proved.length - 1 });
    const total = proving[0]?.checked?.total ?? 0;
    expect(proving.filter((r) => r.currentPage !== null)).toHaveLength(total - (proved.length - 1));
  }, 180_000);

  it('cancels a running job: failed with "cancelled" at once, files deleted, the run stopped, its pages kept', async () => {
    removeCaptureCache(env.runtime.dataDir, env.projectId);
    const jobId = await start();
    const worker = new ExportWorker(env.runtime, { backend, concurrency: 1 });
    worker.start();
    try {
      await waitFor(jobId, (job) => job.pageCount >= 1);
      const cancelled = await env.api('DELETE', `${JOBS}/${jobId}`);
      expect(cancelled.status).toBe(200);
      expect(cancelled.json).toMatchObject({ status: 'failed', error: 'cancelled' });
      const deadline = Date.now() + 5000;
      while (existsSync(jobDir(env.runtime.dataDir, jobId)) && Date.now() < deadline) await sleep(25);
      expect(existsSync(jobDir(env.runtime.dataDir, jobId))).toBe(false);
      // What it rendered is kept for the next export.
      const kept = readdirSync(captureCacheDir(env.runtime.dataDir, env.projectId));
      expect(kept.filter((name) => name.endsWith(CAPTURED_HTML)).length).toBeGreaterThanOrEqual(1);
      // The worker is free again: the next job runs (and the cancelled one stays cancelled).
      const next = await start({ paths: ['index'] });
      await waitFor(next, (job) => job.status === 'completed');
    } finally {
      await worker.stop();
    }
    expect(row(jobId)).toMatchObject({ status: 'failed', error: 'cancelled', bundleSha256: null });
  }, 120_000);

  it('fails a job that stops reporting progress, naming the stall, and deletes its files', async () => {
    const jobId = await start();
    const worker = new ExportWorker(env.runtime, { backend, concurrency: 1, timings: { stallMs: 1 } });
    worker.start();
    try {
      const failed = await waitFor(jobId, (job) => job.status === 'failed', 60_000);
      expect(failed.error).toMatch(/^Export stalled: no progress for 0 s/);
    } finally {
      await worker.stop();
    }
    expect(existsSync(jobDir(env.runtime.dataDir, jobId))).toBe(false);
  }, 90_000);

  it('fails a job whose pinned site build was replaced before it ran, saying so', async () => {
    const jobId = await start({ paths: ['index'] });
    importSite(env.runtime, env.projectId, ALL_SHAPES);
    const worker = new ExportWorker(env.runtime, { backend, concurrency: 1 });
    worker.start();
    try {
      const failed = await waitFor(jobId, (job) => job.status === 'failed', 60_000);
      expect(failed.error).toMatch(/build .* no longer exists/);
    } finally {
      await worker.stop();
    }
    const again = await env.api('POST', JOBS, { domain: env.domain, paths: ['index'] });
    expect(again.status).toBe(202);
    await env.api('DELETE', `${JOBS}/${(again.json as Job).jobId}`);
  }, 90_000);

  describe('leases', () => {
    const claimed = (owner: string, leaseUntil: number): string => {
      const orgId = env.orgId;
      return startExportJob(env.runtime, { orgId, domain: env.domain, deployment: 'air-gapped' }, { owner, leaseUntil })
        .id;
    };

    it('resumes at once a job whose owner process is gone, even with a live lease', async () => {
      const jobId = claimed(`${hostname()}/${2 ** 22 + 17}/dead`, env.runtime.now() + 60_000);
      expect(claimNextJob(env.runtime, 'taker', 30_000, 5)).toBe(jobId);
      expect(row(jobId)).toMatchObject({ leaseOwner: 'taker', attempts: 2, status: 'running' });
      await env.api('DELETE', `${JOBS}/${jobId}`);
    });

    it('leaves a live owner’s job alone until its lease expires', async () => {
      const now = Date.now();
      env.setNow(now);
      const jobId = claimed(`${hostname()}/${process.pid}/alive`, now + 30_000);
      try {
        expect(claimNextJob(env.runtime, 'taker', 30_000, 5)).toBeNull();
        env.setNow(now + 29_999);
        expect(claimNextJob(env.runtime, 'taker', 30_000, 5)).toBeNull();
        env.setNow(now + 30_000);
        expect(claimNextJob(env.runtime, 'taker', 30_000, 5)).toBe(jobId);
      } finally {
        env.setNow(null);
        await env.api('DELETE', `${JOBS}/${jobId}`);
      }
    });

    it('fails a job whose runs keep dying instead of retrying it forever', async () => {
      const jobId = claimed(`${hostname()}/${2 ** 22 + 17}/dead`, env.runtime.now() + 60_000);
      for (let attempt = 2; attempt <= 5; attempt++) {
        const current = row(jobId);
        expect(
          claimExportJob(env.runtime.db, jobId, {
            owner: `${hostname()}/${2 ** 22 + 17}/dead${attempt}`,
            leaseUntil: env.runtime.now() + 60_000,
            expectedOwner: current.leaseOwner,
            now: env.runtime.now(),
          }),
        ).toBe(true);
      }
      expect(row(jobId).attempts).toBe(5);
      expect(claimNextJob(env.runtime, 'taker', 30_000, 5)).toBeNull();
      expect(row(jobId)).toMatchObject({ status: 'failed', leaseOwner: null });
      expect(row(jobId).error).toMatch(/^Gave up after 5 attempts/);
      // Failed means terminal: the site is free for a new job.
      const next = await env.api('POST', JOBS, { domain: env.domain });
      expect(next.status).toBe(202);
      await env.api('DELETE', `${JOBS}/${(next.json as Job).jobId}`);
    });
  });
});
