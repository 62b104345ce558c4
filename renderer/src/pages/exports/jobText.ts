/** How a job's state reads: status labels, the current phase, its timing. */
import type { ExportJob } from '../../api/types.js';
import { formatCount, formatDuration, humanize } from '../../ui/format.js';

/** True while the job may still change. */
export const isActive = (job: ExportJob): boolean => job.status === 'queued' || job.status === 'running';

/** A cancelled job is `failed` with this error. */
export const isCancelled = (job: ExportJob): boolean => job.status === 'failed' && job.error === 'cancelled';

/** The label of a job's status badge. */
export function statusLabel(job: ExportJob): string {
  if (isCancelled(job)) return 'cancelled';
  return job.status;
}

/** "Rendering 12 / 40 pages (10 from the last export)", "Zipping", "Waiting for the worker". */
export function phaseText(job: ExportJob): string {
  if (job.status === 'queued') return 'Waiting for the export worker';
  const pages = job.pagesTotal === null ? `${job.pageCount} pages` : `${job.pageCount} / ${job.pagesTotal} pages`;
  if (job.phase === 'rendering') return `Rendering ${pages}${reusedText(job)}`;
  if (job.phase === 'proving') return 'Checking that no page reaches outside the bundle';
  return job.phase === 'assembling' ? 'Assembling the bundle' : humanize(job.phase);
}

/** " (10 from the last export)" when pages were taken from the project's last export, else "". */
function reusedText(job: ExportJob): string {
  return job.pagesReused > 0 ? ` (${formatCount(job.pagesReused)} from the last export)` : '';
}

/** "all taken from the last export", "400 taken from the last export", or null when none were. */
export function reusedNote(job: ExportJob): string | null {
  if (job.pagesReused <= 0) return null;
  const count = job.pagesReused >= job.pageCount ? 'all' : formatCount(job.pagesReused);
  return `${count} taken from the last export`;
}

/** "ETA 1 min 5 s" when the server estimates one. */
export function etaText(job: ExportJob): string | undefined {
  return job.etaSeconds === null ? undefined : `about ${formatDuration(job.etaSeconds)} left`;
}

/** How long a finished job took, in seconds. */
export function durationSeconds(job: ExportJob): number | null {
  return job.durationMs === null ? null : job.durationMs / 1000;
}
