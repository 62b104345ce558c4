/** How a job's state reads: status labels, the current phase, its timing. */
import type { ExportJob } from '../../api/types.js';
import { formatDuration, humanize } from '../../ui/format.js';

/** True while the job may still change. */
export const isActive = (job: ExportJob): boolean => job.status === 'queued' || job.status === 'running';

/** A cancelled job is `failed` with this error. */
export const isCancelled = (job: ExportJob): boolean => job.status === 'failed' && job.error === 'cancelled';

/** The label of a job's status badge. */
export function statusLabel(job: ExportJob): string {
  if (isCancelled(job)) return 'cancelled';
  return job.status;
}

/** "Rendering 12 / 40 pages", "Zipping", "Waiting for the worker". */
export function phaseText(job: ExportJob): string {
  if (job.status === 'queued') return 'Waiting for the export worker';
  const pages = job.pagesTotal === null ? `${job.pageCount} pages` : `${job.pageCount} / ${job.pagesTotal} pages`;
  if (job.phase === 'rendering') return `Rendering ${pages}`;
  if (job.phase === 'proving') return 'Checking that no page reaches outside the bundle';
  return job.phase === 'assembling' ? 'Assembling the bundle' : humanize(job.phase);
}

/** "ETA 1 min 5 s" when the server estimates one. */
export function etaText(job: ExportJob): string | undefined {
  return job.etaSeconds === null ? undefined : `about ${formatDuration(job.etaSeconds)} left`;
}

/** How long a finished job took, in seconds. */
export function durationSeconds(job: ExportJob): number | null {
  return job.durationMs === null ? null : job.durationMs / 1000;
}
