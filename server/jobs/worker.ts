/**
 * The background export worker run by `offprint serve` and the desktop app: it claims one job at a time
 * (a job left running by a crashed process first, once its lease has expired or its process is gone),
 * runs it, and repeats. Several processes may run workers on one data dir: claims are transactions
 * and every write is conditioned on the lease, so a job is never run by two workers at once.
 */
import { availableParallelism } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { writeTransaction } from '../db/connection.js';
import {
  claimExportJob,
  failExportJob,
  findExportJob,
  listExportJobsByStatus,
  type ExportJobRow,
} from '../db/exportJobs.js';
import type { Deps } from '../deps.js';
import type { SiteDeps } from '../deps.js';
import { runExport } from '../export/run.js';
import type { RenderBackendFactory } from '../render/cdp.js';
import type { BrowserEndpoint } from '../render/endpoints.js';
import { renderSetup } from './backend.js';
import { findProject } from '../db/projects.js';
import {
  captureCacheDir,
  listCaptureCaches,
  listJobDirs,
  removeCaptureCache,
  removeJobDir,
  removeJobWorkDir,
  removeReplacedCaptures,
} from '../exportSpec/files.js';
import { isDeadOwner, newLeaseOwner } from './owner.js';
import { runClaimedJob, type JobOutcome, type JobRunOptions, type RunExport } from './runJob.js';

/** Timings shared by the worker and `offprint export`. */
export const JOB_TIMINGS = {
  /** A crashed worker's job is resumed at most this long after its last renewal (sooner if its pid is gone). */
  leaseMs: 30_000,
  /** Progress writes are at most this frequent, and a cancel is noticed within it. */
  tickMs: 250,
  /** No progress report for this long fails the job (every page has its own, much shorter, timeout). */
  stallMs: 15 * 60_000,
  /** How often an idle worker looks for queued jobs. */
  pollMs: 500,
  /** Claims of one job that ended without finishing it (crash, kill) before it is failed. */
  maxAttempts: 5,
} as const;

/** Pages rendered at once by default: one per core, at least 1, at most 4 (more only adds latency and memory). */
export function defaultExportConcurrency(): number {
  return Math.min(4, Math.max(1, availableParallelism()));
}

/** What a worker needs from its host. */
export interface ExportWorkerOptions {
  /** The browser: E1's playwright backend headless, Electron's own Chromium in the desktop app. */
  readonly backend: RenderBackendFactory;
  /** Pages rendered at once (per browser when rendering through remote browsers). */
  readonly concurrency?: number;
  /**
   * Remote browsers to render through instead of `backend` (the `renderBrowsers` setting, read at each
   * job start so an admin's change applies to the next job); none: `backend`.
   */
  readonly browsers?: () => readonly BrowserEndpoint[];
  /** The pipeline (defaults to `runExport`). */
  readonly run?: RunExport;
  /** Overrides of {@link JOB_TIMINGS}. */
  readonly timings?: Partial<typeof JOB_TIMINGS>;
}

/** True when a worker may take `job` now: queued, released, or its lease expired or its process gone. */
export function isClaimable(job: ExportJobRow, now: number): boolean {
  if (job.status === 'queued' || job.leaseOwner === null) return true;
  return (job.leaseUntil ?? 0) <= now || isDeadOwner(job.leaseOwner);
}

/**
 * Claims the next job for `owner`: interrupted running jobs first (oldest first), then queued ones. A
 * job whose runs keep dying (`maxAttempts` claims without an end) is failed instead of retried forever.
 */
export function claimNextJob(deps: Deps, owner: string, leaseMs: number, maxAttempts: number): string | null {
  return writeTransaction(deps.db, () => {
    const now = deps.now();
    const candidates = [...listExportJobsByStatus(deps.db, 'running'), ...listExportJobsByStatus(deps.db, 'queued')];
    for (const job of candidates) {
      if (!isClaimable(job, now)) continue;
      if (job.attempts >= maxAttempts) {
        failExportJob(
          deps.db,
          job.id,
          `Gave up after ${job.attempts} attempts: the process running the export stopped each time (crash or kill)`,
          now,
        );
        continue;
      }
      if (claimExportJob(deps.db, job.id, { owner, leaseUntil: now + leaseMs, expectedOwner: job.leaseOwner, now })) {
        return job.id;
      }
    }
    return null;
  });
}

/**
 * Deletes files no job needs: folders of failed or deleted jobs (a cancel whose worker had died), the
 * working folder of completed ones, the kept captures of deleted projects (an export that finished after
 * its project was deleted), and old versions of kept captures a killed process left. Failures are logged,
 * never thrown.
 */
export function sweepJobFiles(deps: SiteDeps): void {
  for (const jobId of listJobDirs(deps.dataDir)) {
    try {
      const row = findExportJob(deps.db, jobId);
      if (row === undefined || row.status === 'failed') removeJobDir(deps.dataDir, jobId);
      else if (row.status === 'completed') removeJobWorkDir(deps.dataDir, jobId);
    } catch (error) {
      deps.logger.warn({ err: error, jobId }, 'could not clean up export files');
    }
  }
  for (const projectId of listCaptureCaches(deps.dataDir)) {
    try {
      if (findProject(deps.db, projectId) === undefined) removeCaptureCache(deps.dataDir, projectId);
      else removeReplacedCaptures(captureCacheDir(deps.dataDir, projectId));
    } catch (error) {
      deps.logger.warn({ err: error, projectId }, 'could not clean up kept page captures');
    }
  }
}

/** The background worker. `start()` once; `stop()` pauses the current job for the next start. */
export class ExportWorker {
  readonly owner = newLeaseOwner();
  private readonly stopper = new AbortController();
  private readonly timings: typeof JOB_TIMINGS;
  private loopDone: Promise<void> | null = null;

  constructor(
    private readonly deps: SiteDeps,
    private readonly options: ExportWorkerOptions,
  ) {
    this.timings = { ...JOB_TIMINGS, ...options.timings };
  }

  /** Starts claiming and running jobs. */
  start(): void {
    this.loopDone ??= this.loop();
  }

  /** Stops: the running job (if any) is aborted and released, so the next worker resumes it at once. */
  async stop(): Promise<void> {
    this.stopper.abort();
    await this.loopDone;
  }

  private runOptions(): JobRunOptions {
    const render = renderSetup(
      this.options.backend,
      this.options.browsers?.() ?? [],
      this.options.concurrency ?? defaultExportConcurrency(),
      this.deps.logger,
    );
    return {
      run: this.options.run ?? runExport,
      backend: render.backend,
      concurrency: render.concurrency,
      leaseMs: this.timings.leaseMs,
      tickMs: this.timings.tickMs,
      stallMs: this.timings.stallMs,
      stop: this.stopper.signal,
    };
  }

  private async loop(): Promise<void> {
    const { signal } = this.stopper;
    sweepJobFiles(this.deps);
    while (!signal.aborted) {
      let jobId: string | null = null;
      try {
        jobId = claimNextJob(this.deps, this.owner, this.timings.leaseMs, this.timings.maxAttempts);
      } catch (error) {
        this.deps.logger.warn({ err: error }, 'could not claim an export job');
      }
      if (jobId === null) {
        await sleep(this.timings.pollMs, undefined, { signal }).catch(() => undefined);
        continue;
      }
      let outcome: JobOutcome | undefined;
      try {
        outcome = await runClaimedJob(this.deps, jobId, this.owner, this.runOptions());
      } catch (error) {
        // Bookkeeping itself failed (disk, database); the lease expires and the job is retried.
        this.deps.logger.error({ err: error, jobId }, 'export job crashed');
      }
      this.deps.logger.debug({ jobId, outcome: outcome?.kind }, 'export job ended');
      sweepJobFiles(this.deps);
    }
  }
}
