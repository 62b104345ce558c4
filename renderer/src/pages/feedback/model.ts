/**
 * The words and rules of feedback triage as the dashboard shows them: sources (named as the official
 * schema names them), statuses and the workflow between them.
 */
import type { FeedbackEntry } from '../../api/types.js';

/** Where an entry came from (`source` in the official schema). */
export type Source = FeedbackEntry['source'];
/** A review status. */
export type Status = FeedbackEntry['status'];

/** Every source, in the order the chart stacks them. */
export const SOURCES: readonly Source[] = ['contextual', 'thumbs_only', 'code_snippet', 'agent'];
/** Every status, in workflow order. */
export const STATUSES: readonly Status[] = ['pending', 'in_progress', 'resolved', 'dismissed'];

/** How a source reads. */
export const SOURCE_LABEL: Readonly<Record<Source, string>> = {
  contextual: 'Page feedback',
  thumbs_only: 'Thumbs vote',
  code_snippet: 'Code snippet',
  agent: 'Agent',
};

/** How a status reads. */
export const STATUS_LABEL: Readonly<Record<Status, string>> = {
  pending: 'Pending',
  in_progress: 'In progress',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
};

/**
 * Where each status may go. The server enforces the same workflow (and says why with a 409); the copy
 * here only keeps impossible choices out of the menus.
 */
export const TRANSITIONS: Readonly<Record<Status, readonly Status[]>> = {
  pending: ['in_progress', 'resolved', 'dismissed'],
  in_progress: ['pending', 'resolved', 'dismissed'],
  resolved: ['in_progress'],
  dismissed: ['pending'],
};

/** The source named by `value`, if it names one. */
export function sourceOf(value: string | null | undefined): Source | undefined {
  return SOURCES.find((s) => s === value);
}

/** The status named by `value`, if it names one. */
export function statusOf(value: string | null | undefined): Status | undefined {
  return STATUSES.find((s) => s === value);
}
