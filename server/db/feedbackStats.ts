/**
 * Aggregates of the `feedback` table for the triage dashboard: counts per UTC day, grouped in SQL (a row
 * per group, never per entry).
 */
import type { Db } from './connection.js';
import { feedbackWhere, type FeedbackFilter, type FeedbackSource, type FeedbackStatus } from './feedback.js';
import { UNKNOWN_TIME } from './migrations.js';
import { cachedStatement } from './statementCache.js';

const DAY_MS = 86_400_000;

/** Entries of one UTC day (or of unknown time) with one source, vote and status. */
export interface DayCount {
  /** Days since 1970-01-01 (negative before); null for entries whose time is unknown. */
  readonly day: number | null;
  readonly source: FeedbackSource;
  readonly helpful: boolean | null;
  readonly status: FeedbackStatus;
  readonly n: number;
}

/**
 * Counts of the entries matching `filter` per UTC day, source, vote and status: one pass over the
 * covering index `feedback_by_path` (it holds every column named here), for both the series and the
 * totals. Groups, not entries: at most days x 4 x 3 x 4 rows.
 */
export function selectDayCounts(db: Db, filter: FeedbackFilter): DayCount[] {
  const where = feedbackWhere(filter);
  // Floor division, also right for instants before 1970 (SQLite's `/` truncates towards zero).
  const day = `CASE WHEN created_at = ${UNKNOWN_TIME} THEN NULL
    ELSE (created_at - ((created_at % ${DAY_MS}) + ${DAY_MS}) % ${DAY_MS}) / ${DAY_MS} END`;
  const sql = `SELECT ${day} AS day, source, helpful, status, COUNT(*) AS n FROM feedback
    WHERE ${where.sql} GROUP BY 1, 2, 3, 4 ORDER BY 1`;
  const rows = cachedStatement(db, sql).all(...where.params) as (Omit<DayCount, 'helpful'> & {
    helpful: number | null;
  })[];
  return rows.map((r) => ({ ...r, helpful: r.helpful === null ? null : r.helpful === 1 }));
}
