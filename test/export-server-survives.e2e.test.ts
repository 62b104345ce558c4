/**
 * Issue 13, "the server never dies of an export", with the built CLI's `serve`: an export of 24 novu
 * pages, SIGKILL of the server at half of them, a restart that resumes and completes the job, then a
 * second export on the same server. The server's RSS (/proc VmRSS of the node process) is logged all
 * along and printed, and /health is asked every 250 ms: every probe must be answered 200 (a probe gets
 * 20 s: the server stopped answering once in this very sequence, from outside). Then a server whose
 * export heap budget is 1 MB (OFFPRINT_EXPORT_HEAP_MB) fails the export as a job, naming the limit,
 * and goes on answering /health.
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { getCurrentSite } from '../server/domain/sites.js';
import { listExportPages } from '../server/exportSpec/pages.js';
import { silentLogger } from '../server/logger.js';
import { openRuntime } from '../server/runtime.js';
import { createProjectAndKey, startServe as startBinaryServe } from './helpers/binary.js';
import { tempDir } from './helpers/dataDirs.js';
import { CHROMIUM, NOVU_FIXTURE, needs } from './helpers/needs.js';
import { NOVU } from './helpers/siteProjects.js';

const DOMAIN = 'docs.novu.survive.test';
const PAGES = 24;
const JOBS = '/v1/static-export/jobs';
/** Longest a /health probe may wait before it counts as not answered. */
const PROBE_MS = 20_000;

interface Job {
  jobId: string;
  status: string;
  pageCount: number;
  error: string | null;
}

/** A running `serve` with its RSS log and /health probes. */
interface Serve {
  readonly child: ChildProcessWithoutNullStreams;
  readonly url: string;
  readonly rssMb: number[];
  readonly probes: { ok: number; failed: string[] };
  readonly stop: () => void;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function rssMb(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] === undefined ? null : Math.round(Number(match[1]) / 1024);
  } catch {
    return null;
  }
}

async function startServe(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<Serve> {
  // Leader of its own process group, so the kill takes its Chromium with it.
  const { child, url } = await startBinaryServe(['--port', '0', '--data-dir', dataDir], { env, detached: true });
  const log: number[] = [];
  const probes = { ok: 0, failed: [] as string[] };
  const rssTimer = setInterval(() => {
    const mb = rssMb(child.pid ?? 0);
    if (mb !== null) log.push(mb);
  }, 500);
  let probing = true;
  void (async () => {
    while (probing) {
      try {
        const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(PROBE_MS) });
        await response.arrayBuffer();
        if (response.status === 200) probes.ok += 1;
        else probes.failed.push(`HTTP ${response.status}`);
      } catch (error) {
        if (probing) probes.failed.push(String(error));
      }
      await sleep(250);
    }
  })();
  const stop = (): void => {
    probing = false;
    clearInterval(rssTimer);
  };
  return { child, url, rssMb: log, probes, stop };
}

needs(CHROMIUM, NOVU_FIXTURE).describe('the server survives exports (kill -9, resume, export again)', () => {
  const dataDir = tempDir('offprint-survive-');
  let key: string;
  let paths: string[];
  let serve: Serve | undefined;

  const api = async (method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> => {
    const response = await fetch(`${serve?.url ?? ''}${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, json: await response.json() };
  };
  const follow = async (jobId: string, until: (job: Job) => boolean): Promise<Job> => {
    for (;;) {
      const job = (await api('GET', `${JOBS}/${jobId}`)).json as Job;
      if (until(job) || job.status === 'failed' || job.status === 'completed') return job;
      await sleep(200);
    }
  };
  const report = (label: string, s: Serve): void => {
    const peak = Math.max(...s.rssMb);
    console.log(
      `${label}: server RSS MB every 0.5 s [${s.rssMb.join(' ')}] peak ${peak} MB; ` +
        `/health answered ${s.probes.ok}, not answered ${s.probes.failed.length}`,
    );
  };
  const stopServe = async (signal: NodeJS.Signals): Promise<void> => {
    if (serve === undefined || serve.child.exitCode !== null) return;
    serve.stop();
    const closed = once(serve.child, 'close');
    if (signal === 'SIGKILL') process.kill(-(serve.child.pid ?? 0), 'SIGKILL');
    else serve.child.kill(signal);
    await closed;
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
  }, 300_000);

  afterEach(async () => {
    await stopServe('SIGTERM');
  });

  it('exports, is killed mid-export, resumes, exports again, answering /health throughout', async () => {
    serve = await startServe(dataDir);
    const { jobId } = (await api('POST', JOBS, { domain: DOMAIN, paths })).json as Job;
    expect((await follow(jobId, (job) => job.pageCount >= PAGES / 2)).status).toBe('running');
    const first = serve;
    await stopServe('SIGKILL');
    report('first server, until kill -9', first);

    serve = await startServe(dataDir);
    const resumed = await follow(jobId, () => false);
    expect(resumed).toMatchObject({ status: 'completed', error: null, pageCount: PAGES });
    const again = await api('POST', JOBS, { domain: DOMAIN, paths });
    expect(again.status).toBe(202);
    const second = await follow((again.json as Job).jobId, () => false);
    expect(second).toMatchObject({ status: 'completed', error: null, pageCount: PAGES });
    report('restarted server: resume, then a second export', serve);
    expect(first.probes.failed).toEqual([]);
    expect(serve.probes.failed).toEqual([]);
    expect(serve.probes.ok).toBeGreaterThan(0);
  }, 1_200_000);

  it('fails an export past its heap budget as a job, and goes on answering', async () => {
    serve = await startServe(dataDir, { OFFPRINT_EXPORT_HEAP_MB: '1' });
    const { jobId } = (await api('POST', JOBS, { domain: DOMAIN, paths: paths.slice(0, 4) })).json as Job;
    const job = await follow(jobId, () => false);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/^The export ran out of memory while .*past the 1 MB an export may use/);
    expect((await fetch(`${serve.url}/health`)).status).toBe(200);
    expect(serve.child.exitCode).toBeNull();
    report('server with a 1 MB export heap budget', serve);
    expect(serve.probes.failed).toEqual([]);
  }, 600_000);
});
