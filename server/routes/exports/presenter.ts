/** Response bodies of the static export routes: fields whitelisted from the job row. */
import type { z } from 'zod';
import type { ExportJobRow } from '../../db/exportJobs.js';
import type { BundleLink } from '../../domain/exports/bundle.js';
import { readJobWarnings } from '../../exportSpec/warnings.js';
import { PROVING_PERCENT, RENDER_SHARE, ZIPPING_PERCENT } from '../../jobs/progress.js';
import type { EXPORT_PHASES } from './jobFields.js';
import type { BundleResponseSchema, ExportJobSchema } from './schema.js';

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** What presenting a job needs besides its row. */
export interface JobView {
  /** The current time (epoch ms), for durations and estimates. */
  readonly now: number;
  /** The data dir, where a completed job's warnings are kept. */
  readonly dataDir: string;
  /**
   * Whether to read a completed job's warnings file. Lists leave it out (null): with hundreds of jobs,
   * reading every job's warnings made a list call cost a second and 10 MB; `GET .../jobs/{jobId}` has them.
   */
  readonly withWarnings: boolean;
}

/**
 * The phase of a job. The row keeps no phase of its own: the job runner writes it into `progress`
 * (rendering fills 0..35, assembling holds 35, the egress check fills 36..97, zipping 98; see jobs/progress.ts).
 */
export function jobPhase(row: ExportJobRow): (typeof EXPORT_PHASES)[number] {
  if (row.status !== 'running') return row.status;
  if (row.progress >= ZIPPING_PERCENT) return 'zipping';
  if (row.progress >= PROVING_PERCENT) return 'proving';
  if (row.progress >= RENDER_SHARE) return 'assembling';
  return 'rendering';
}

/**
 * Seconds until the job completes at its pace so far; null when there is too little to go on. The
 * percent's shares follow where an export's time goes (jobs/progress.ts), so what is left of it is what
 * is left of the time; while rendering, the pages done give a finer fraction than the whole percent.
 */
function etaSeconds(row: ExportJobRow, now: number): number | null {
  if (row.status !== 'running' || row.startedAt === null) return null;
  const elapsed = now - row.startedAt;
  const percent = percentDone(row);
  if (percent <= 0 || elapsed < 1000) return null;
  return Math.round((elapsed * (100 - percent)) / percent / 1000);
}

/** How much of a running job is done, in percent: `progress`, or while rendering finer, by its pages. */
function percentDone(row: ExportJobRow): number {
  if (jobPhase(row) !== 'rendering') return row.progress;
  if (row.pagesTotal === null || row.pagesTotal <= 0) return 0;
  return (RENDER_SHARE * Math.min(row.pageCount, row.pagesTotal)) / row.pagesTotal;
}

function durationMs(row: ExportJobRow, now: number): number | null {
  if (row.startedAt === null) return null;
  return Math.max(0, (row.completedAt ?? now) - row.startedAt);
}

/** A job as the API shows it: the official fields, then Offprint's. */
export function presentExportJob(row: ExportJobRow, view: JobView): z.output<typeof ExportJobSchema> {
  const completed = row.status === 'completed';
  const warnings = completed && view.withWarnings ? readJobWarnings(view.dataDir, row.id) : null;
  return {
    jobId: row.id,
    status: row.status,
    progress: row.progress,
    pageCount: row.pageCount,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    error: row.error,
    domain: row.domain,
    deployment: row.deployment,
    version: row.versionLabel,
    pagesTotal: row.pagesTotal,
    blockedRequests: completed ? (row.blockedCount ?? 0) : null,
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
    phase: jobPhase(row),
    etaSeconds: etaSeconds(row, view.now),
    pagesReused: row.pagesReused,
    durationMs: durationMs(row, view.now),
    sizeBytes: completed ? row.bundleSize : null,
    sha256: completed ? row.bundleSha256 : null,
    signingKeyFingerprint: completed ? row.signingFingerprint : null,
    warnings: warnings?.warnings ?? null,
    warningCount: warnings?.total ?? null,
  };
}

/** A bundle link. */
export function presentBundleLink(link: BundleLink): z.output<typeof BundleResponseSchema> {
  return {
    jobId: link.jobId,
    bundleUrl: link.bundleUrl,
    sizeBytes: link.sizeBytes,
    expiresAt: new Date(link.expires * 1000).toISOString(),
    sha256: link.sha256,
    signingKeyFingerprint: link.signingKeyFingerprint,
  };
}
