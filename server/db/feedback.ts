/**
 * Rows of the `feedback` table: keyset pages, per-path aggregates and inserts. Every query is bounded by
 * one composite index, so a page deep in a million entries costs what the first page costs.
 */
import type { Db } from './connection.js';
import { UNKNOWN_TIME } from './migrations.js';
import { cachedStatement } from './statementCache.js';

/** Where feedback came from. */
export const FEEDBACK_SOURCES = ['code_snippet', 'contextual', 'agent', 'thumbs_only'] as const;
/** One of {@link FEEDBACK_SOURCES}. */
export type FeedbackSource = (typeof FEEDBACK_SOURCES)[number];
/** Review states of a feedback entry. */
export const FEEDBACK_STATUSES = ['pending', 'in_progress', 'resolved', 'dismissed'] as const;
/** One of {@link FEEDBACK_STATUSES}. */
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** A feedback entry as stored; `createdAt` is epoch milliseconds or null when unknown. */
export interface FeedbackRow {
  readonly id: string;
  readonly path: string;
  readonly comment: string | null;
  readonly createdAt: number | null;
  readonly source: FeedbackSource;
  readonly status: FeedbackStatus;
  readonly helpful: boolean | null;
  readonly contact: string | null;
  readonly code: string | null;
  readonly filename: string | null;
  readonly lang: string | null;
}

/** Which entries of one project a query covers. */
export interface FeedbackFilter {
  readonly projectId: string;
  /** Inclusive lower bound, epoch ms. Entries with an unknown time are then excluded. */
  readonly fromMs?: number | undefined;
  /** Exclusive upper bound, epoch ms. Entries with an unknown time are then excluded. */
  readonly toMs?: number | undefined;
  readonly source?: FeedbackSource | undefined;
  /** Non-empty when present. */
  readonly statuses?: readonly FeedbackStatus[] | undefined;
  /** One page path, exactly. */
  readonly path?: string | undefined;
  /** Text that the comment, path, contact, code or filename contains (ASCII case ignored). */
  readonly text?: string | undefined;
}

/** A position in the newest-first order: the page continues with entries strictly after it. */
export interface KeysetPosition {
  /** Epoch ms, or {@link UNKNOWN_TIME}. */
  readonly createdAt: number;
  readonly id: string;
}

/** Stored time of an entry, as used in keyset positions. */
export function sortTime(createdAt: number | null): number {
  return createdAt ?? UNKNOWN_TIME;
}

interface RawFeedbackRow extends Omit<FeedbackRow, 'helpful'> {
  readonly helpful: number | null;
}

const SELECT_ROW = `SELECT id, path, comment, NULLIF(created_at, ${UNKNOWN_TIME}) AS createdAt, source, status,
  helpful, contact, code, filename, lang FROM feedback`;

/** A WHERE clause and its parameters. */
export interface BuiltWhere {
  readonly sql: string;
  readonly params: (string | number)[];
}

/** The WHERE clause (without `WHERE`) of every entry `filter` covers, for aggregate queries. */
export function feedbackWhere(filter: FeedbackFilter): BuiltWhere {
  return buildWhere(filter, undefined, 'column');
}

/**
 * `upperBound: 'column'` writes a date upper bound as `created_at < ?`, for queries without a cursor
 * that read an index holding `created_at` but not `id` (the by-page counts).
 */
function buildWhere(
  filter: FeedbackFilter,
  after: KeysetPosition | undefined,
  upperBound: 'rowValue' | 'column' = 'rowValue',
): BuiltWhere {
  const clauses = ['project_id = ?'];
  const params: (string | number)[] = [filter.projectId];
  if (filter.source !== undefined) {
    clauses.push('source = ?');
    params.push(filter.source);
  }
  if (filter.statuses !== undefined) {
    clauses.push(`status IN (${filter.statuses.map(() => '?').join(', ')})`);
    params.push(...filter.statuses);
  }
  addExtensionClauses(filter, clauses, params);
  if (filter.fromMs !== undefined) {
    clauses.push('created_at >= ?');
    params.push(filter.fromMs);
  } else if (filter.toMs !== undefined) {
    clauses.push(`created_at > ${UNKNOWN_TIME}`);
  }
  // One upper bound only, written as a row value: given both `created_at < to` and a cursor, SQLite
  // picks the date range as the index bound and scans from `to` down to the cursor on every page.
  if (upperBound === 'column' && after === undefined && filter.toMs !== undefined) {
    clauses.push('created_at < ?');
    params.push(filter.toMs);
    return { sql: clauses.join(' AND '), params };
  }
  const upper = mergeUpperBound(filter.toMs, after);
  if (upper !== undefined) {
    clauses.push('(created_at, id) < (?, ?)');
    params.push(upper.createdAt, upper.id);
  }
  return { sql: clauses.join(' AND '), params };
}

const SEARCHED = ['comment', 'path', 'contact', 'code', 'filename'];

/** `%`, `_` and the escape character itself match literally in the search text. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function addExtensionClauses(filter: FeedbackFilter, clauses: string[], params: (string | number)[]): void {
  if (filter.path !== undefined) {
    clauses.push('path = ?');
    params.push(filter.path);
  }
  if (filter.text !== undefined) {
    const pattern = likePattern(filter.text);
    clauses.push(`(${SEARCHED.map((column) => `${column} LIKE ? ESCAPE '\\'`).join(' OR ')})`);
    params.push(...SEARCHED.map(() => pattern));
  }
}

function mergeUpperBound(toMs: number | undefined, after: KeysetPosition | undefined): KeysetPosition | undefined {
  // (to, '') sorts before every entry at instant `to`, so `< (to, '')` means `created_at < to`.
  const dateBound = toMs === undefined ? undefined : { createdAt: toMs, id: '' };
  if (after === undefined) return dateBound;
  if (dateBound === undefined || after.createdAt < dateBound.createdAt) return after;
  return dateBound;
}

function toRow(raw: RawFeedbackRow): FeedbackRow {
  return { ...raw, helpful: raw.helpful === null ? null : raw.helpful === 1 };
}

// With source + status + dates together, SQLite picked the time index and scanned the whole date range
// (measured on 1M rows: 3.99 ms a page, 1.31 ms with the source index). The source index is always right
// when `source` is given: it has the same (created_at, id) order after the equality prefix.
function indexHint(filter: FeedbackFilter): string {
  return filter.source === undefined ? '' : ' INDEXED BY feedback_by_source_time';
}

/** Returns up to `limit` entries matching `filter`, newest first, strictly after `after`. */
export function selectFeedbackPage(
  db: Db,
  filter: FeedbackFilter,
  after: KeysetPosition | undefined,
  limit: number,
): FeedbackRow[] {
  const where = buildWhere(filter, after);
  const sql = `${SELECT_ROW}${indexHint(filter)} WHERE ${where.sql} ORDER BY created_at DESC, id DESC LIMIT ?`;
  const rows = cachedStatement(db, sql).all(...where.params, limit) as RawFeedbackRow[];
  return rows.map(toRow);
}

/** The SQLite query plan of a page query, for tests that pin the index bound. */
export function explainFeedbackPage(db: Db, filter: FeedbackFilter, after: KeysetPosition | undefined): string[] {
  const where = buildWhere(filter, after);
  const sql = `EXPLAIN QUERY PLAN ${SELECT_ROW}${indexHint(filter)} WHERE ${where.sql} ORDER BY created_at DESC, id DESC LIMIT ?`;
  return (db.prepare(sql).all(...where.params, 50) as { detail: string }[]).map((r) => r.detail);
}

/** Feedback counts of one page path. */
export interface FeedbackPathCounts {
  readonly path: string;
  readonly thumbsUp: number;
  readonly thumbsDown: number;
  readonly code: number;
  readonly total: number;
}

const VOTES = "source IN ('contextual', 'thumbs_only')";

/**
 * `onlyPaths` keeps the paths it lists (the pages of a site's current build), as one JSON array
 * parameter: a site can have thousands of pages, more than SQLite's parameter limit.
 */
function byPathSql(filter: FeedbackFilter, onlyPaths?: readonly string[]): BuiltWhere {
  const built = buildWhere(filter, undefined, 'column');
  const where =
    onlyPaths === undefined
      ? built
      : {
          sql: `${built.sql} AND path IN (SELECT value FROM json_each(?))`,
          params: [...built.params, JSON.stringify(onlyPaths)],
        };
  const tail = 'GROUP BY path ORDER BY total DESC, path ASC LIMIT ?';
  if (filter.source !== undefined) {
    // One source: SQLite then sorts the nested form's groups in a temporary tree; counting straight
    // from the index in path order is faster (0.26 s against 0.36 s for code_snippet on 1M entries).
    // CASE, not SUM(condition): the condition is NULL on a vote without `helpful`, and a path with only
    // such votes would then count NULL thumbs instead of 0.
    const sql = `SELECT path, SUM(CASE WHEN ${VOTES} AND helpful = 1 THEN 1 ELSE 0 END) AS thumbsUp,
        SUM(CASE WHEN ${VOTES} AND helpful = 0 THEN 1 ELSE 0 END) AS thumbsDown,
        SUM(CASE WHEN source = 'code_snippet' THEN 1 ELSE 0 END) AS code, COUNT(*) AS total
      FROM feedback WHERE ${where.sql} ${tail}`;
    return { sql, params: where.params };
  }
  // Counting (path, source, helpful) groups first, then folding them per path, evaluates the CASE
  // expressions once per group instead of once per entry: 0.2 s instead of 0.5 s on 1M entries. The inner
  // query reads only feedback_by_path, which holds every column it names, in path order.
  const sql = `SELECT path,
      SUM(CASE WHEN ${VOTES} AND helpful = 1 THEN n ELSE 0 END) AS thumbsUp,
      SUM(CASE WHEN ${VOTES} AND helpful = 0 THEN n ELSE 0 END) AS thumbsDown,
      SUM(CASE WHEN source = 'code_snippet' THEN n ELSE 0 END) AS code,
      SUM(n) AS total
    FROM (SELECT path, source, helpful, COUNT(*) AS n FROM feedback WHERE ${where.sql} GROUP BY path, source, helpful)
    ${tail}`;
  return { sql, params: where.params };
}

/** Per-path counts for entries matching `filter` (and on one of `onlyPaths`), most feedback first, then by path. */
export function selectFeedbackByPath(
  db: Db,
  filter: FeedbackFilter,
  limit: number,
  onlyPaths?: readonly string[],
): FeedbackPathCounts[] {
  const query = byPathSql(filter, onlyPaths);
  return cachedStatement(db, query.sql).all(...query.params, limit) as FeedbackPathCounts[];
}

/** The SQLite query plan of a by-page query, for tests that pin the covering index. */
export function explainFeedbackByPath(db: Db, filter: FeedbackFilter): string[] {
  const query = byPathSql(filter);
  return (db.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).all(...query.params, 10) as { detail: string }[]).map(
    (r) => r.detail,
  );
}

/** A feedback entry to store; `createdAt` null when unknown. */
export interface NewFeedback {
  readonly id: string;
  readonly path: string;
  readonly comment: string | null;
  readonly createdAt: number | null;
  readonly source: FeedbackSource;
  readonly status: FeedbackStatus;
  readonly helpful: boolean | null;
  readonly contact: string | null;
  readonly code: string | null;
  readonly filename: string | null;
  readonly lang: string | null;
}

/** The stored columns of an entry, in the order of {@link feedbackParams}. */
export const FEEDBACK_COLUMNS = 'id, path, comment, created_at, source, status, helpful, contact, code, filename, lang';

/** The values of an entry for {@link FEEDBACK_COLUMNS}, as stored. */
export function feedbackParams(entry: NewFeedback): (string | number | null)[] {
  return [
    entry.id,
    entry.path,
    entry.comment,
    sortTime(entry.createdAt),
    entry.source,
    entry.status,
    entry.helpful === null ? null : Number(entry.helpful),
    entry.contact,
    entry.code,
    entry.filename,
    entry.lang,
  ];
}

/** Stores one entry for a project; returns false when the project already has an entry with that id. */
export function insertFeedback(db: Db, projectId: string, entry: NewFeedback): boolean {
  const sql = `INSERT INTO feedback (project_id, ${FEEDBACK_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (project_id, id) DO NOTHING`;
  return cachedStatement(db, sql).run(projectId, ...feedbackParams(entry)).changes > 0;
}

/**
 * Turns a reader's thumbs vote into contextual feedback once they add a comment or an address, so one
 * reader action stays one entry. Returns false when the entry is gone or is not a vote any more.
 */
export function upgradeVoteToContextual(
  db: Db,
  projectId: string,
  id: string,
  details: { helpful: boolean; comment: string | null; contact: string | null },
): boolean {
  const sql = `UPDATE feedback SET source = 'contextual', helpful = ?, comment = ?, contact = ?
    WHERE project_id = ? AND id = ? AND source = 'thumbs_only'`;
  return (
    cachedStatement(db, sql).run(Number(details.helpful), details.comment, details.contact, projectId, id).changes > 0
  );
}
