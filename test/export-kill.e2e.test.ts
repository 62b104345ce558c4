/**
 * The kill test of issue 4 (reliability plan J1): `offprint serve` is SIGKILLed (its whole process
 * group) at about half the pages of an export of 24 novu pages; started again on the same data dir, it
 * resumes the job at once (the dead process's lease is not waited out), the job completes, progress
 * never went down, no Chromium of the killed run is left, and the bundle's SHA-256 equals that of an
 * uninterrupted run of the same export.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { databaseFile } from '../server/config.js';
import { openDatabase } from '../server/db/connection.js';
import { findExportJob, type ExportJobRow } from '../server/db/exportJobs.js';
import { getCurrentSite } from '../server/domain/sites.js';
import { listExportPages } from '../server/exportSpec/pages.js';
import { silentLogger } from '../server/logger.js';
import { openRuntime } from '../server/runtime.js';
import { createProjectAndKey, startServe as startBinaryServe, type ServeProcess } from './helpers/binary.js';
import { fileDigest, tempDir } from './helpers/dataDirs.js';
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

/** Every process below `root` (by parent pid), from /proc. */
function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(name), ppid);
    } catch {
      // Gone meanwhile.
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift() ?? 0;
    for (const [child, parent] of parents) {
      if (parent === pid) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

const alive = (pid: number): boolean =>
  existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

needs(CHROMIUM, NOVU_FIXTURE).describe('export survives SIGKILL of the server', () => {
  const dataDir = tempDir('offprint-kill-');
  let key: string;
  let paths: string[];
  let serve: ServeProcess | undefined;

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

  afterAll(async () => {
    if (serve !== undefined && serve.child.exitCode === null) {
      const closed = once(serve.child, 'close');
      serve.child.kill('SIGTERM');
      await closed;
    }
  });

  it('resumes after SIGKILL at half the pages and produces the bytes of an uninterrupted run', async () => {
    serve = await startServe(dataDir);
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
    const closed = once(serve.child, 'close');
    process.kill(-pid, 'SIGKILL');
    await closed;
    const killed = jobRow(jobId);
    expect(killed).toMatchObject({ status: 'running', attempts: 1 });
    expect(killed?.leaseOwner).toContain(`/${pid}/`);

    // Started again: the job resumes at once (its owner is gone) and completes.
    const restartedAt = Date.now();
    serve = await startServe(dataDir);
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
  }, 900_000);
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
