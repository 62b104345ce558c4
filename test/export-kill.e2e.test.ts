/**
 * The kill test of issue 4 (reliability plan J1) and issue 13's "the server never dies of an export",
 * with the built CLI's `serve`: it is SIGKILLed (its whole process group) at about half the pages of an
 * export of 24 novu pages; started again on the same data dir, it resumes the job at once (the dead
 * process's lease is not waited out), the job completes, progress never went down, no Chromium of the
 * killed run is left, and an uninterrupted run of the same export on the restarted server (the "export
 * again" of issue 13) gives the same bundle bytes. Both servers' RSS is logged and printed, and /health is
 * asked every 250 ms all along: every probe must be answered (test/helpers/watchedServe.ts). Then a server
 * whose export heap budget is 1 MB (OFFPRINT_EXPORT_HEAP_MB) fails the export as a job, naming the limit,
 * and goes on answering; and SIGTERM pauses an export that the next start resumes.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { databaseFile } from '../server/config.js';
import { openDatabase } from '../server/db/connection.js';
import { findExportJob, type ExportJobRow } from '../server/db/exportJobs.js';
import { getCurrentSite } from '../server/domain/sites.js';
import { listExportPages } from '../server/exportSpec/pages.js';
import { silentLogger } from '../server/logger.js';
import { openRuntime } from '../server/runtime.js';
import { createProjectAndKey, startServe as startBinaryServe, type ServeProcess } from './helpers/binary.js';
import { fileDigest, tempDir } from './helpers/dataDirs.js';
import { alive, descendants, startWatchedServe, watchReport, type WatchedServe } from './helpers/watchedServe.js';
import { ALL_SHAPES, NOVU } from './helpers/siteProjects.js';
import { CHROMIUM, NOVU_FIXTURE, needs, needsChromium } from './helpers/needs.js';
import { FIXED_EXPORT_EPOCH } from './helpers/exportRun.js';

// Two different jobs' bundles are compared byte for byte: both record this time, not their creation.
process.env['SOURCE_DATE_EPOCH'] = FIXED_EXPORT_EPOCH;

const DOMAIN = 'docs.novu.kill.test';
const PAGES = 24;
const JOBS = '/v1/static-export/jobs';

interface Job {
  jobId: string;
  status: string;
  progress: number;
  pageCount: number;
  error: string | null;
}

/** `offprint serve` as the leader of its own process group, so that the group can be killed at once. */
function startServe(dataDir: string): Promise<ServeProcess> {
  return startBinaryServe(['--port', '0', '--data-dir', dataDir], { detached: true });
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

needs(CHROMIUM, NOVU_FIXTURE).describe('export survives SIGKILL of the server', () => {
  const dataDir = tempDir('offprint-kill-');
  let key: string;
  let paths: string[];
  let serve: WatchedServe | undefined;

  const api = async (method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> => {
    if (serve === undefined) throw new Error('no server');
    const response = await fetch(`${serve.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, json: await response.json() };
  };
  const jobRow = (jobId: string): ExportJobRow | undefined => {
    const db = openDatabase(databaseFile(dataDir), { skipMigrations: true });
    try {
      return findExportJob(db, jobId);
    } finally {
      db.close();
    }
  };
  /** Polls until `stop` says so, checking that progress and page count never go down. */
  const follow = async (
    jobId: string,
    stop: (job: Job) => boolean,
    floor = { progress: 0, pageCount: 0 },
  ): Promise<Job> => {
    const deadline = Date.now() + 600_000;
    for (;;) {
      const job = (await api('GET', `${JOBS}/${jobId}`)).json as Job;
      expect(job.progress).toBeGreaterThanOrEqual(floor.progress);
      expect(job.pageCount).toBeGreaterThanOrEqual(floor.pageCount);
      floor.progress = job.progress;
      floor.pageCount = job.pageCount;
      if (stop(job) || job.status === 'failed' || job.status === 'completed') return job;
      if (Date.now() > deadline) throw new Error(`job did not finish: ${JSON.stringify(job)}`);
      await sleep(100);
    }
  };

  beforeAll(async () => {
    let projectId: string;
    ({ key, projectId } = await createProjectAndKey(dataDir, { name: 'Novu', domain: DOMAIN, source: NOVU }));
    const runtime = openRuntime(dataDir, silentLogger());
    try {
      const site = getCurrentSite(runtime, projectId);
      if (site === null) throw new Error('no site');
      paths = listExportPages(site.model, null).pages.slice(0, PAGES);
    } finally {
      runtime.close();
    }
    expect(paths).toHaveLength(PAGES);
  }, 300_000);

  /** Stops watching the server and ends it with `signal` (SIGKILL: its whole process group). */
  const stopServe = async (signal: NodeJS.Signals): Promise<void> => {
    if (serve === undefined || serve.child.exitCode !== null) return;
    serve.unwatch();
    const closed = once(serve.child, 'close');
    if (signal === 'SIGKILL') process.kill(-(serve.child.pid ?? 0), 'SIGKILL');
    else serve.child.kill(signal);
    await closed;
  };

  afterEach(async () => {
    await stopServe('SIGTERM');
  });

  it('resumes after SIGKILL at half the pages and produces the bytes of an uninterrupted run', async () => {
    serve = await startWatchedServe(dataDir);
    const first = serve;
    const started = await api('POST', JOBS, { domain: DOMAIN, paths });
    expect(started.status).toBe(202);
    const { jobId } = started.json as Job;
    const floor = { progress: 0, pageCount: 0 };
    const half = await follow(jobId, (job) => job.pageCount >= PAGES / 2, floor);
    expect(half.status).toBe('running');
    expect(half.pageCount).toBeLessThan(PAGES);

    const pid = serve.child.pid ?? 0;
    const chromium = descendants(pid).filter((p) => readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('chromium'));
    expect(chromium.length).toBeGreaterThan(0);
    await stopServe('SIGKILL');
    console.info(watchReport('first server, until kill -9', first));
    expect(first.probes.failed).toEqual([]);
    const killed = jobRow(jobId);
    expect(killed).toMatchObject({ status: 'running', attempts: 1 });
    expect(killed?.leaseOwner).toContain(`/${pid}/`);

    // Started again: the job resumes at once (its owner is gone) and completes.
    const restartedAt = Date.now();
    serve = await startWatchedServe(dataDir);
    const done = await follow(jobId, () => false, floor);
    expect(done.error).toBeNull();
    expect(done).toMatchObject({ status: 'completed', progress: 100, pageCount: PAGES });
    expect(jobRow(jobId)).toMatchObject({ attempts: 2, leaseOwner: null });
    expect(Date.now() - restartedAt).toBeLessThan(300_000);

    // No Chromium of the killed server is left running.
    const deadline = Date.now() + 10_000;
    while (chromium.some(alive) && Date.now() < deadline) await sleep(200);
    expect(chromium.filter(alive)).toEqual([]);

    // An uninterrupted run of the same export gives the same bytes.
    const baseline = await api('POST', JOBS, { domain: DOMAIN, paths });
    expect(baseline.status).toBe(202);
    const baselineJob = await follow((baseline.json as Job).jobId, () => false);
    expect(baselineJob.status).toBe('completed');
    const resumed = (await api('POST', `${JOBS}/${jobId}/bundle`)).json as { sha256: string; bundleUrl: string };
    const uninterrupted = (await api('POST', `${JOBS}/${baselineJob.jobId}/bundle`)).json as { sha256: string };
    expect(resumed.sha256).toBe(uninterrupted.sha256);
    const bytes = Buffer.from(await (await fetch(resumed.bundleUrl)).arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(resumed.sha256);
    expect(fileDigest(`${dataDir}/exports/${jobId}/bundle.zip`)).toBe(resumed.sha256);

    console.info(watchReport('restarted server: resume, then the same export again', serve));
    expect(serve.probes.failed).toEqual([]);
    expect(serve.probes.ok).toBeGreaterThan(0);
  }, 900_000);

  it('fails an export past its heap budget as a job, and goes on answering', async () => {
    serve = await startWatchedServe(dataDir, { OFFPRINT_EXPORT_HEAP_MB: '1' });
    const started = await api('POST', JOBS, { domain: DOMAIN, paths: paths.slice(0, 4) });
    const job = await follow((started.json as Job).jobId, () => false);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/^The export ran out of memory while .*past the 1 MB an export may use/);
    expect((await fetch(`${serve.url}/health`)).status).toBe(200);
    expect(serve.child.exitCode).toBeNull();
    console.info(watchReport('server with a 1 MB export heap budget', serve));
    expect(serve.probes.failed).toEqual([]);
  }, 600_000);
});

needsChromium().describe('export paused by SIGTERM of the server', () => {
  const dataDir = tempDir('offprint-term-');
  let serve: ServeProcess | undefined;

  afterAll(async () => {
    if (serve !== undefined && serve.child.exitCode === null) {
      const closed = once(serve.child, 'close');
      serve.child.kill('SIGTERM');
      await closed;
    }
  });

  it('exits within 10 s releasing the job, which the next start resumes at once', async () => {
    const { key } = await createProjectAndKey(dataDir, { name: 'Shapes', domain: 'term.test', source: ALL_SHAPES });
    const call = async (method: string, path: string, body?: unknown): Promise<Job> => {
      const response = await fetch(`${serve?.url ?? ''}${path}`, {
        method,
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return (await response.json()) as Job;
    };
    serve = await startServe(dataDir);
    const { jobId } = await call('POST', JOBS, { domain: 'term.test' });
    let job = await call('GET', `${JOBS}/${jobId}`);
    while (job.pageCount < 3) {
      expect(job.status).not.toBe('failed');
      await sleep(50);
      job = await call('GET', `${JOBS}/${jobId}`);
    }
    const closed = once(serve.child, 'close');
    const stopping = Date.now();
    serve.child.kill('SIGTERM');
    const [code] = (await closed) as [number | null];
    expect(code).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(10_000);
    const db = openDatabase(databaseFile(dataDir), { skipMigrations: true });
    try {
      expect(findExportJob(db, jobId)).toMatchObject({
        status: 'running',
        leaseOwner: null,
        leaseUntil: null,
        attempts: 0,
      });
    } finally {
      db.close();
    }

    serve = await startServe(dataDir);
    job = await call('GET', `${JOBS}/${jobId}`);
    while (job.status === 'running' || job.status === 'queued') {
      await sleep(100);
      job = await call('GET', `${JOBS}/${jobId}`);
    }
    expect(job).toMatchObject({ status: 'completed', progress: 100, error: null });
  }, 300_000);
});
