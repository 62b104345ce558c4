/**
 * Feedback triage (an Offprint extension): status changes along the review workflow, internal notes,
 * and the audit trail of both. The HTTP routes and the CLI call these same functions.
 */
import { writeTransaction } from '../../db/connection.js';
import { findApiKey } from '../../db/apiKeys.js';
import type { FeedbackRow, FeedbackStatus } from '../../db/feedback.js';
import {
  findFeedback,
  insertFeedbackEvent,
  selectFeedbackEvents,
  selectStatuses,
  updateFeedbackStatus,
  type Actor,
  type FeedbackEvent,
} from '../../db/feedbackEvents.js';
import type { Deps } from '../../deps.js';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.js';
import type { Principal } from '../apiKeys.js';
import { requireProjectInOrg } from './query.js';

/**
 * Where each status may go: `pending` -> `in_progress` -> `resolved` | `dismissed`, with shortcuts from
 * the open states. A closed entry is reopened (`resolved` -> `in_progress`, `dismissed` -> `pending`)
 * before it can be closed the other way, so the trail shows the reopening.
 */
export const TRANSITIONS: Readonly<Record<FeedbackStatus, readonly FeedbackStatus[]>> = {
  pending: ['in_progress', 'resolved', 'dismissed'],
  in_progress: ['pending', 'resolved', 'dismissed'],
  resolved: ['in_progress'],
  dismissed: ['pending'],
};

/** Most ids one bulk change takes. */
export const BULK_MAX_IDS = 1000;

/** The CLI as an actor: it runs as the data dir's owner, with no key. */
export const CLI_ACTOR: Actor = { kind: 'cli', id: null, name: 'cli' };

/**
 * The actor of an API call: the key's id and name; a principal without a stored key is the desktop
 * app's in-memory session, that is its dashboard.
 */
export function actorOf(deps: Deps, principal: Principal): Actor {
  const key = findApiKey(deps.db, principal.keyId);
  if (key === undefined) return { kind: 'dashboard', id: null, name: 'dashboard' };
  return { kind: 'key', id: key.id, name: key.name };
}

function transitionProblem(id: string, from: FeedbackStatus, to: FeedbackStatus): string {
  return `${id}: cannot change status from ${from} to ${to}; from ${from} it may become ${TRANSITIONS[from].join(' or ')}`;
}

/** A change to one entry: a new status, a note, or both. */
export interface FeedbackChange {
  readonly status?: FeedbackStatus | undefined;
  readonly note?: string | undefined;
}

/**
 * Changes one entry's status and/or adds a note; returns the entry as it now is. Setting the status it
 * already has records nothing (only a note, if given). 404 for an unknown id, 409 for a transition the
 * workflow does not allow.
 */
export function updateFeedback(
  deps: Deps,
  orgId: string,
  projectId: string,
  feedbackId: string,
  change: FeedbackChange,
  actor: Actor,
): FeedbackRow {
  requireProjectInOrg(deps, orgId, projectId);
  if (change.status === undefined && change.note === undefined) {
    throw ValidationError('Invalid request parameters', ['body: give a status, a note, or both']);
  }
  return writeTransaction(deps.db, () => {
    const row = findFeedback(deps.db, projectId, feedbackId);
    if (row === undefined)
      throw NotFoundError(`Feedback ${feedbackId} was not found in project ${projectId}`, {
        kind: 'feedback',
        id: feedbackId,
        projectId,
      });
    const to = change.status !== undefined && change.status !== row.status ? change.status : undefined;
    if (to !== undefined && !TRANSITIONS[row.status].includes(to)) {
      throw ConflictError('This status change is not allowed', [transitionProblem(feedbackId, row.status, to)]);
    }
    if (to === undefined && change.note === undefined) return row;
    if (to !== undefined) updateFeedbackStatus(deps.db, projectId, feedbackId, to);
    insertFeedbackEvent(deps.db, projectId, feedbackId, {
      at: deps.now(),
      actor,
      fromStatus: to === undefined ? null : row.status,
      toStatus: to ?? null,
      note: change.note ?? null,
    });
    return to === undefined ? row : { ...row, status: to };
  });
}

/** What a bulk change did. */
export interface BulkResult {
  readonly updated: number;
  readonly unchanged: number;
  /** Ids the project does not have. */
  readonly notFound: readonly string[];
  /** Entries whose status may not become the requested one (left as they were). */
  readonly rejected: readonly { readonly id: string; readonly status: FeedbackStatus }[];
}

/**
 * Sets the status of many entries in one transaction. Entries already in that status are unchanged,
 * unknown ids and disallowed transitions are reported and skipped; the rest change, each with an event
 * (carrying `note` when given). Repeated ids count once.
 */
export function bulkUpdateStatus(
  deps: Deps,
  orgId: string,
  projectId: string,
  request: { readonly ids: readonly string[]; readonly status: FeedbackStatus; readonly note?: string | undefined },
  actor: Actor,
): BulkResult {
  requireProjectInOrg(deps, orgId, projectId);
  const ids = [...new Set(request.ids)];
  if (ids.length > BULK_MAX_IDS) throw ValidationError('Invalid request parameters', [`ids: at most ${BULK_MAX_IDS}`]);
  const result = writeTransaction(deps.db, () => {
    const current = selectStatuses(deps.db, projectId, ids);
    const at = deps.now();
    let updated = 0;
    let unchanged = 0;
    const notFound: string[] = [];
    const rejected: { id: string; status: FeedbackStatus }[] = [];
    for (const id of ids) {
      const from = current.get(id);
      if (from === undefined) notFound.push(id);
      else if (from === request.status) unchanged++;
      else if (!TRANSITIONS[from].includes(request.status)) rejected.push({ id, status: from });
      else {
        updateFeedbackStatus(deps.db, projectId, id, request.status);
        const note = request.note ?? null;
        insertFeedbackEvent(deps.db, projectId, id, { at, actor, fromStatus: from, toStatus: request.status, note });
        updated++;
      }
    }
    return { updated, unchanged, notFound, rejected };
  });
  deps.logger.info(
    { projectId, status: request.status, updated: result.updated, actor: actor.name },
    'feedback status changed in bulk',
  );
  return result;
}

/** Longest trail returned; an entry's trail is a handful of events in practice. */
const HISTORY_LIMIT = 1000;

/** An entry and its audit trail, oldest event first. 404 for an unknown id. */
export function feedbackHistory(
  deps: Deps,
  orgId: string,
  projectId: string,
  feedbackId: string,
): { entry: FeedbackRow; events: FeedbackEvent[] } {
  requireProjectInOrg(deps, orgId, projectId);
  const entry = findFeedback(deps.db, projectId, feedbackId);
  if (entry === undefined)
    throw NotFoundError(`Feedback ${feedbackId} was not found in project ${projectId}`, {
      kind: 'feedback',
      id: feedbackId,
      projectId,
    });
  return { entry, events: selectFeedbackEvents(deps.db, projectId, feedbackId, HISTORY_LIMIT) };
}
