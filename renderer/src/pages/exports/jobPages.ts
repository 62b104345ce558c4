/**
 * Pages of the export history as the server hands them out (newest first, by `createdAt` then `jobId`):
 * the query a filter asks, and how a re-read first page joins the pages already shown.
 */
import type { ExportJob } from '../../api/types.js';

/** Jobs per page: the first page, and each "Show older exports". */
export const PAGE_SIZE = 50;

/** The history's filters, as the form holds them ('' = any). */
export interface HistoryFilter {
  /** A status the server takes (`queued`, `running`, `completed`, `failed`, `cancelled`). */
  readonly status: string;
  readonly domain: string;
  /** A local calendar day (YYYY-MM-DD) from the date input. */
  readonly from: string;
}

/** No filter: every job. */
export const NO_FILTER: HistoryFilter = { status: '', domain: '', from: '' };

/** Jobs shown, and the cursor of the next older page (null: every job of the filter is shown). */
export interface ShownJobs {
  readonly jobs: readonly ExportJob[];
  readonly nextCursor: string | null;
}

/** The list query of one page of `filter`, continuing after `cursor` when given. */
export function historyQuery(filter: HistoryFilter, cursor?: string): URLSearchParams {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (filter.status !== '') query.set('status', filter.status);
  if (filter.domain !== '') query.set('domain', filter.domain);
  // The date input is a day where the user is; the server takes an instant, so send that day's local midnight.
  if (filter.from !== '') query.set('dateFrom', new Date(`${filter.from}T00:00:00`).toISOString());
  if (cursor !== undefined) query.set('cursor', cursor);
  return query;
}

/** True when `a` comes before `b` in the list (newer; same instant: the greater id, as the server orders). */
export function listedBefore(a: ExportJob, b: ExportJob): boolean {
  return a.createdAt === b.createdAt ? a.jobId > b.jobId : a.createdAt > b.createdAt;
}

/** `shown` with the next older page added (jobs already shown are not repeated). */
export function appendPage(shown: ShownJobs, page: ShownJobs): ShownJobs {
  const have = new Set(shown.jobs.map((job) => job.jobId));
  return { jobs: [...shown.jobs, ...page.jobs.filter((job) => !have.has(job.jobId))], nextCursor: page.nextCursor };
}

/**
 * `shown` after the first page was read again: the first page is the truth down to its last job (new jobs
 * appear, changed ones are updated, ones that left the filter go); the older pages the user loaded stay,
 * with their cursor, so polling never takes away what was loaded nor reads it all again.
 */
export function mergeFirstPage(shown: ShownJobs, first: ShownJobs): ShownJobs {
  const edge = first.jobs.at(-1);
  if (first.nextCursor === null || edge === undefined) return first;
  const older = shown.jobs.filter((job) => listedBefore(edge, job));
  const shownLast = shown.jobs.at(-1);
  const nextCursor = shownLast !== undefined && listedBefore(edge, shownLast) ? shown.nextCursor : first.nextCursor;
  return { jobs: [...first.jobs, ...older], nextCursor };
}

/** `shown` with `job` in place of the job with its id (a job the page read by itself). */
export function replaceJob(shown: ShownJobs, job: ExportJob): ShownJobs {
  return { ...shown, jobs: shown.jobs.map((j) => (j.jobId === job.jobId ? job : j)) };
}
