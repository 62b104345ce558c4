/**
 * Triage rows: status updates of `feedback` entries and the append-only `feedback_events` audit trail
 * (status changes and internal notes). Callers wrap a change and its event in one write transaction.
 */
import type { Db } from './connection.js';
import type { FeedbackRow, FeedbackStatus } from './feedback.js';
import { UNKNOWN_TIME } from './migrations.js';
import { cachedStatement } from './statementCache.js';

/** Who did something: an API key (by id and name), the desktop dashboard, or the CLI. */
export interface Actor {
  readonly kind: 'key' | 'dashboard' | 'cli';
  /** The key id for `key`; null otherwise. */
  readonly id: string | null;
  readonly name: string;
}

/** One entry of the audit trail. */
export interface FeedbackEvent {
  readonly seq: number;
  readonly at: number;
  readonly actor: Actor;
  readonly fromStatus: FeedbackStatus | null;
  readonly toStatus: FeedbackStatus | null;
  readonly note: string | null;
}

/** An event to append; `seq` is assigned by the database. */
export type NewFeedbackEvent = Omit<FeedbackEvent, 'seq'>;

interface RawEvent {
  readonly seq: number;
  readonly at: number;
  readonly actorKind: Actor['kind'];
  readonly actorId: string | null;
  readonly actorName: string;
  readonly fromStatus: FeedbackStatus | null;
  readonly toStatus: FeedbackStatus | null;
  readonly note: string | null;
}

interface RawRow extends Omit<FeedbackRow, 'helpful'> {
  readonly helpful: number | null;
}

/** One entry of a project, or undefined. */
export function findFeedback(db: Db, projectId: string, id: string): FeedbackRow | undefined {
  const raw = cachedStatement(
    db,
    `SELECT id, path, comment, NULLIF(created_at, ${UNKNOWN_TIME}) AS createdAt, source, status, helpful, contact,
       code, filename, lang FROM feedback WHERE project_id = ? AND id = ?`,
  ).get(projectId, id) as RawRow | undefined;
  return raw === undefined ? undefined : { ...raw, helpful: raw.helpful === null ? null : raw.helpful === 1 };
}

/** The statuses of the listed entries that exist (one JSON parameter: lists may pass the parameter limit). */
export function selectStatuses(db: Db, projectId: string, ids: readonly string[]): Map<string, FeedbackStatus> {
  const rows = cachedStatement(
    db,
    'SELECT id, status FROM feedback WHERE project_id = ? AND id IN (SELECT value FROM json_each(?))',
  ).all(projectId, JSON.stringify(ids)) as { id: string; status: FeedbackStatus }[];
  return new Map(rows.map((r) => [r.id, r.status]));
}

/** Sets an entry's status. */
export function updateFeedbackStatus(db: Db, projectId: string, id: string, status: FeedbackStatus): void {
  cachedStatement(db, 'UPDATE feedback SET status = ? WHERE project_id = ? AND id = ?').run(status, projectId, id);
}

/** Appends one event to an entry's trail. */
export function insertFeedbackEvent(db: Db, projectId: string, feedbackId: string, event: NewFeedbackEvent): void {
  cachedStatement(
    db,
    `INSERT INTO feedback_events (project_id, feedback_id, at, actor_kind, actor_id, actor_name, from_status,
       to_status, note) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    projectId,
    feedbackId,
    event.at,
    event.actor.kind,
    event.actor.id,
    event.actor.name,
    event.fromStatus,
    event.toStatus,
    event.note,
  );
}

/** An entry's trail, oldest first; at most `limit` events. */
export function selectFeedbackEvents(db: Db, projectId: string, feedbackId: string, limit: number): FeedbackEvent[] {
  const rows = cachedStatement(
    db,
    `SELECT seq, at, actor_kind AS actorKind, actor_id AS actorId, actor_name AS actorName,
       from_status AS fromStatus, to_status AS toStatus, note
     FROM feedback_events WHERE project_id = ? AND feedback_id = ? ORDER BY seq LIMIT ?`,
  ).all(projectId, feedbackId, limit) as RawEvent[];
  return rows.map((r) => ({
    seq: r.seq,
    at: r.at,
    actor: { kind: r.actorKind, id: r.actorId, name: r.actorName },
    fromStatus: r.fromStatus,
    toStatus: r.toStatus,
    note: r.note,
  }));
}
