/**
 * Runs one claimed static-export job to its end: renews the lease while the pipeline renders, writes
 * throttled progress, watches the row for a cancel or a takeover, and records the outcome. Used by the
 * background worker and by `offprint export`, which runs its own job in-process.
 */
import { mkdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import {
  CANCELLED_ERROR,
  completeExportJob,
  failExportJob,
  findExportJob,
  recordExportProgress,
  releaseExportLease,
  renewExportLease,
  type ExportJobRow,
} from '../db/exportJobs.js';
import {
  ExportFailedError,
  type ExportOptions,
  type ExportProgress,
  type ExportResult,
  type ExportRunInput,
} from '../export/contract.js';
import type { RenderBackendFactory } from '../render/cdp.js';
import type { SiteDeps } from '../deps.js';
import {
  captureCacheDir,
  egressProofsFile,
  jobBundleFile,
  jobWorkDir,
  removeJobDir,
  removeJobWorkDir,
} from '../exportSpec/files.js';
import { jobExportOptions } from '../exportSpec/jobOptions.js';
import { writeJobWarnings } from '../exportSpec/warnings.js';
import { sourceDateEpochMs } from '../config.js';
import { keepCaptures } from '../export/captureCache.js';
import { projectSigner } from '../export/signer.js';
import { PageStore } from '../export/workDir.js';
import { findProject } from '../db/projects.js';
import { progressPercent } from './progress.js';
import { exportWarnings } from './warnings.js';
import { privateRoots, redactPaths } from '../redact.js';

/** The pipeline: `runExport` of `server/export/run.ts`. */
export type RunExport = (input: ExportRunInput) => Promise<ExportResult>;

/** Timings and collaborators of a job run. */
export interface JobRunOptions {
  readonly run: RunExport;
  readonly backend: RenderBackendFactory;
  /** Pages rendered at once. */
  readonly concurrency: number;
  /** How long a claim lasts without renewal; renewed every third of it. */
  readonly leaseMs: number;
  /** How often progress is written and the row checked for a cancel (at most one write per tick). */
  readonly tickMs: number;
  /** A run that reports no progress for this long is stopped and the job failed. */
  readonly stallMs: number;
  /** Aborted = shut down: the run stops and the job is released to be resumed later. */
  readonly stop?: AbortSignal;
  /** Every progress report, unthrottled (the CLI's progress bar). */
  readonly onProgress?: (progress: ExportProgress) => void;
}

/** How a run ended. */
export type JobOutcome =
  | { readonly kind: 'completed'; readonly row: ExportJobRow; readonly result: ExportResult }
  | { readonly kind: 'failed'; readonly error: string }
  | { readonly kind: 'cancelled' }
  /** Stopped by shutdown; the job stays running, unowned, and is resumed by the next worker. */
  | { readonly kind: 'released' }
  /** The job was no longer this worker's (lease expired and taken over). */
  | { readonly kind: 'lost' };

type StopReason = 'shutdown' | 'cancelled' | 'lost' | 'stalled';

/**
 * The job's `error` as API callers read it: an export's own failures as written (server paths hidden),
 * anything else as a generic line; the log has the exception.
 */
function describeFailure(error: unknown, dataDir: string): string {
  if (error instanceof ExportFailedError) return redactPaths(error.message, privateRoots([dataDir]));
  return 'Export failed: internal error (the server log has the details)';
}

/** The reason a row that is no longer ours says. */
function reasonFromRow(row: ExportJobRow | undefined, owner: string): StopReason | null {
  if (row !== undefined && row.status === 'running' && row.leaseOwner === owner) return null;
  return row?.status === 'failed' && row.error === CANCELLED_ERROR ? 'cancelled' : 'lost';
}

/** Keeps the run's warnings beside its bundle for the API; failing to is logged, not fatal (the log has them). */
function storeWarnings(deps: SiteDeps, jobId: string, result: ExportResult): void {
  try {
    writeJobWarnings(deps.dataDir, jobId, exportWarnings(result));
  } catch (error) {
    deps.logger.warn({ err: error, jobId }, 'could not store the export warnings');
  }
}

/**
 * Deletes the folder of a job that will not run again (failed, cancelled), keeping first the pages it
 * captured for its project's next export: a large export that failed on one page renders only what it
 * had not captured (and that page) once the page is fixed. Not for a project that is gone.
 */
function dropJobFiles(deps: SiteDeps, row: ExportJobRow): void {
  if (findProject(deps.db, row.projectId) !== undefined) {
    const store = new PageStore(jobWorkDir(deps.dataDir, row.id));
    keepCaptures(store, captureCacheDir(deps.dataDir, row.projectId), false, deps.logger);
  }
  removeJobDir(deps.dataDir, row.id);
}

/** Marks the job failed (if still ours) and deletes its files. */
function failJob(deps: SiteDeps, row: ExportJobRow, owner: string, error: string): JobOutcome {
  const failed = failExportJob(deps.db, row.id, error, deps.now(), owner);
  if (!failed) {
    const reason = reasonFromRow(findExportJob(deps.db, row.id), owner);
    if (reason === 'cancelled') dropJobFiles(deps, row);
    return { kind: reason === 'cancelled' ? 'cancelled' : 'lost' };
  }
  dropJobFiles(deps, row);
  deps.logger.warn({ jobId: row.id, error }, 'export failed');
  return { kind: 'failed', error };
}

/**
 * Runs job `jobId`, which `owner` has just claimed, until it completes, fails, is cancelled, or `stop`
 * aborts it. Never throws for the job's own problems: they become the job's `error`.
 */
export async function runClaimedJob(
  deps: SiteDeps,
  jobId: string,
  owner: string,
  options: JobRunOptions,
): Promise<JobOutcome> {
  const row = findExportJob(deps.db, jobId);
  if (row === undefined || reasonFromRow(row, owner) !== null) return { kind: 'lost' };
  let exportOptions: ExportOptions;
  try {
    exportOptions = jobExportOptions(row);
  } catch (error) {
    deps.logger.error({ err: error, jobId }, 'export job options unreadable');
    return failJob(deps, row, owner, "The job's stored options are unreadable");
  }
  const workDir = jobWorkDir(deps.dataDir, jobId);
  mkdirSync(workDir, { recursive: true });

  const controller = new AbortController();
  // An object, not a local: TypeScript would narrow a local to its initial null across the await below.
  const stopped: { reason: StopReason | null } = { reason: null };
  const stopWith = (why: StopReason): void => {
    if (stopped.reason !== null) return;
    stopped.reason = why;
    controller.abort(new Error(`export ${why}`));
  };
  const onStop = (): void => stopWith('shutdown');
  options.stop?.addEventListener('abort', onStop, { once: true });
  if (options.stop?.aborted === true) onStop();

  let pending: ExportProgress | null = null;
  let lastActivity = performance.now();
  let lastRenewal = performance.now();
  // Written by the progress callback, read after the run: an object so the type is not narrowed to null.
  // The pages taken from the last export are said by the rendering's reports only: the count is kept.
  const seen: { page: string | null; reused: number } = { page: null, reused: 0 };
  const tick = (): void => {
    try {
      if (pending !== null) {
        const p = pending;
        pending = null;
        recordExportProgress(deps.db, jobId, owner, {
          percent: progressPercent(p),
          pageCount: p.pagesDone,
          pagesReused: seen.reused,
          pagesTotal: p.pagesTotal,
          now: deps.now(),
        });
      }
      const why = reasonFromRow(findExportJob(deps.db, jobId), owner);
      if (why !== null) return stopWith(why);
      if (performance.now() - lastRenewal >= options.leaseMs / 3) {
        if (!renewExportLease(deps.db, jobId, owner, deps.now() + options.leaseMs)) return stopWith('lost');
        lastRenewal = performance.now();
      }
      if (performance.now() - lastActivity > options.stallMs) stopWith('stalled');
    } catch (error) {
      // A busy database delays one tick; the lease outlives several.
      deps.logger.warn({ err: error, jobId }, 'export job bookkeeping failed');
    }
  };
  const timer = setInterval(tick, options.tickMs);

  deps.logger.info({ jobId, projectId: row.projectId, attempt: row.attempts }, 'export started');
  let result: ExportResult | undefined;
  let failure: unknown;
  try {
    result = await options.run({
      deps,
      projectId: row.projectId,
      buildId: row.buildId,
      options: exportOptions,
      workDir,
      egressProofs: egressProofsFile(deps.dataDir, row.projectId),
      captureCache: captureCacheDir(deps.dataDir, row.projectId),
      outFile: jobBundleFile(deps.dataDir, jobId),
      signer: projectSigner(deps, row.projectId),
      createdAt: new Date(sourceDateEpochMs() ?? row.createdAt).toISOString(),
      backend: options.backend,
      concurrency: options.concurrency,
      signal: controller.signal,
      onProgress: (progress) => {
        pending = progress;
        lastActivity = performance.now();
        seen.page = progress.currentPage ?? seen.page;
        seen.reused = Math.max(seen.reused, progress.pagesReused ?? 0);
        options.onProgress?.(progress);
      },
    });
  } catch (error) {
    failure = error;
  } finally {
    clearInterval(timer);
    options.stop?.removeEventListener('abort', onStop);
  }
  const why = stopped.reason;

  if (result !== undefined && why !== 'cancelled' && why !== 'lost') {
    storeWarnings(deps, jobId, result);
    const completed = completeExportJob(deps.db, jobId, owner, {
      sha256: result.sha256,
      sizeBytes: result.sizeBytes,
      pageCount: result.pageCount,
      pagesReused: seen.reused,
      blockedRequests: JSON.stringify(result.blockedRequests),
      signingFingerprint: result.signingFingerprint,
      now: deps.now(),
    });
    const after = findExportJob(deps.db, jobId);
    if (completed && after !== undefined) {
      removeJobWorkDir(deps.dataDir, jobId);
      deps.logger.info(
        { jobId, pages: result.pageCount, bytes: result.sizeBytes, missingAnchors: result.missingAnchors },
        'export completed',
      );
      return { kind: 'completed', row: after, result };
    }
    if (reasonFromRow(after, owner) === 'cancelled') {
      dropJobFiles(deps, row);
      return { kind: 'cancelled' };
    }
    return { kind: 'lost' };
  }
  switch (why) {
    case 'cancelled':
      dropJobFiles(deps, row);
      deps.logger.info({ jobId }, 'export cancelled');
      return { kind: 'cancelled' };
    case 'lost':
      deps.logger.warn({ jobId }, 'export job taken over by another worker');
      return { kind: 'lost' };
    case 'shutdown':
      releaseExportLease(deps.db, jobId, owner);
      deps.logger.info({ jobId }, 'export paused for shutdown; it resumes on the next start');
      return { kind: 'released' };
    case 'stalled':
      return failJob(
        deps,
        row,
        owner,
        `Export stalled: no progress for ${Math.round(options.stallMs / 1000)} s` +
          (seen.page === null ? '' : ` (last page started: ${seen.page})`),
      );
    case null:
      deps.logger.error({ err: failure, jobId }, 'export run failed');
      return failJob(deps, row, owner, describeFailure(failure, deps.dataDir));
  }
}
