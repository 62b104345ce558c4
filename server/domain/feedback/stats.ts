/**
 * Feedback statistics for the triage dashboard (an Offprint extension): totals for a filter, a series
 * over time (UTC days or ISO weeks, every bucket of the range present, empty ones as zeros) split by
 * source and by vote, and the pages with most feedback with their satisfaction.
 */
import { readTransaction } from '../../db/connection.js';
import { selectFeedbackByPath, type FeedbackSource, type FeedbackStatus } from '../../db/feedback.js';
import { selectDayCounts, type DayCount } from '../../db/feedbackStats.js';
import type { Deps } from '../../deps.js';
import { ValidationError } from '../../errors.js';
import { requireProjectInOrg, toFilter } from './query.js';
import type { Bucket, FeedbackStatsQuery } from './selection.js';

const DAY_MS = 86_400_000;

/** Most buckets one answer holds (ten years of days). */
export const MAX_BUCKETS = 3660;

/** Counts of a set of entries. */
export interface Counts {
  readonly total: number;
  /** Votes saying the page helped (contextual and thumbs-only). */
  readonly helpful: number;
  readonly notHelpful: number;
  readonly bySource: Record<FeedbackSource, number>;
}

/** One bucket of the series. */
export interface SeriesBucket extends Counts {
  /** First day of the bucket, `YYYY-MM-DD` (UTC). */
  readonly start: string;
}

/** Per-page ranking row. */
export interface PageStats {
  readonly path: string;
  readonly total: number;
  readonly helpful: number;
  readonly notHelpful: number;
  readonly code: number;
  /** Helpful share of the page's votes, 0-100 with one decimal; null without votes. */
  readonly satisfaction: number | null;
}

/** The answer of {@link feedbackStats}. */
export interface FeedbackStats {
  readonly totals: Counts & {
    readonly undated: number;
    readonly satisfaction: number | null;
    readonly byStatus: Record<FeedbackStatus, number>;
  };
  readonly bucket: Bucket;
  readonly series: SeriesBucket[];
  readonly pages: PageStats[];
  readonly pagesHasMore: boolean;
}

const noSources = (): Record<FeedbackSource, number> => ({ code_snippet: 0, contextual: 0, agent: 0, thumbs_only: 0 });
const noStatuses = (): Record<FeedbackStatus, number> => ({ pending: 0, in_progress: 0, resolved: 0, dismissed: 0 });

function satisfaction(helpful: number, notHelpful: number): number | null {
  const votes = helpful + notHelpful;
  return votes === 0 ? null : Math.round((helpful / votes) * 1000) / 10;
}

/** The first day (days since epoch) of the bucket holding `day`; ISO weeks start on Monday. */
function bucketStart(day: number, bucket: Bucket): number {
  // 1970-01-01 was a Thursday: three days after a Monday.
  return bucket === 'day' ? day : day - ((((day + 3) % 7) + 7) % 7);
}

/** A group of entries whose day is known. */
type Dated = DayCount & { readonly day: number };

const floorDay = (ms: number): number => Math.floor(ms / DAY_MS);

function emptyBucket(day: number): SeriesBucket {
  const start = new Date(day * DAY_MS).toISOString().slice(0, 10);
  return { start, total: 0, helpful: 0, notHelpful: 0, bySource: noSources() };
}

function buildSeries(days: readonly Dated[], query: FeedbackStatsQuery): SeriesBucket[] {
  const first = query.dateFrom === undefined ? days[0]?.day : floorDay(query.dateFrom);
  // dateTo is exclusive: the last bucket holds the instant just before it.
  const last = query.dateTo === undefined ? days.at(-1)?.day : floorDay(query.dateTo - 1);
  if (first === undefined || last === undefined || last < first) return [];
  const step = query.bucket === 'day' ? 1 : 7;
  const from = bucketStart(first, query.bucket);
  const count = Math.floor((bucketStart(last, query.bucket) - from) / step) + 1;
  if (count > MAX_BUCKETS) {
    throw ValidationError('Invalid request parameters', [
      `bucket: the range spans ${count} ${query.bucket}s, more than ${MAX_BUCKETS}; narrow dateFrom/dateTo or use bucket=week`,
    ]);
  }
  const series = Array.from({ length: count }, (_, i) => emptyBucket(from + i * step));
  for (const row of days) {
    const index = (bucketStart(row.day, query.bucket) - from) / step;
    const target = series[index];
    if (target !== undefined) series[index] = addTo(target, row);
  }
  return series;
}

function addTo<T extends Counts>(counts: T, row: { source: FeedbackSource; helpful: boolean | null; n: number }): T {
  return {
    ...counts,
    total: counts.total + row.n,
    helpful: counts.helpful + (row.helpful === true ? row.n : 0),
    notHelpful: counts.notHelpful + (row.helpful === false ? row.n : 0),
    bySource: { ...counts.bySource, [row.source]: counts.bySource[row.source] + row.n },
  };
}

/** Totals, series and per-page ranking of the entries a filter selects, read in one snapshot. */
export function feedbackStats(deps: Deps, orgId: string, projectId: string, query: FeedbackStatsQuery): FeedbackStats {
  requireProjectInOrg(deps, orgId, projectId);
  const filter = toFilter(projectId, query);
  const { groups, pages } = readTransaction(deps.db, () => ({
    groups: selectDayCounts(deps.db, filter),
    pages: selectFeedbackByPath(deps.db, filter, query.pages + 1),
  }));
  let totals: Counts = { total: 0, helpful: 0, notHelpful: 0, bySource: noSources() };
  const byStatus = noStatuses();
  let undated = 0;
  const days: Dated[] = [];
  for (const group of groups) {
    totals = addTo(totals, group);
    byStatus[group.status] += group.n;
    if (group.day === null) undated += group.n;
    else days.push({ ...group, day: group.day });
  }
  const ranked = pages.slice(0, query.pages).map((p) => ({
    path: p.path,
    total: p.total,
    helpful: p.thumbsUp,
    notHelpful: p.thumbsDown,
    code: p.code,
    satisfaction: satisfaction(p.thumbsUp, p.thumbsDown),
  }));
  return {
    totals: { ...totals, undated, satisfaction: satisfaction(totals.helpful, totals.notHelpful), byStatus },
    bucket: query.bucket,
    series: buildSeries(days, query),
    pages: ranked,
    pagesHasMore: pages.length > query.pages,
  };
}
