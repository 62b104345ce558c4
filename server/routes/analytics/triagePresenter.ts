/** Response bodies of the feedback triage routes. */
import type { z } from 'zod';
import type { FeedbackEvent } from '../../db/feedbackEvents.js';
import type { FeedbackRow } from '../../db/feedback.js';
import { formatInstant } from '../../domain/feedback/dates.js';
import { presentFeedbackEntry } from '../../domain/feedback/entry.js';
import type { BulkResult } from '../../domain/feedback/triage.js';
import type { FeedbackBulkResultSchema, FeedbackEventSchema, FeedbackHistorySchema } from './triageSchema.js';

/** One audit event. */
export function presentEvent(event: FeedbackEvent): z.output<typeof FeedbackEventSchema> {
  return {
    at: formatInstant(event.at),
    actor: { kind: event.actor.kind, keyId: event.actor.id, name: event.actor.name },
    fromStatus: event.fromStatus,
    toStatus: event.toStatus,
    note: event.note,
  };
}

/** An entry and its trail. */
export function presentHistory(history: {
  entry: FeedbackRow;
  events: FeedbackEvent[];
}): z.output<typeof FeedbackHistorySchema> {
  return { feedback: presentFeedbackEntry(history.entry), events: history.events.map(presentEvent) };
}

/** The outcome of a bulk change. */
export function presentBulkResult(result: BulkResult): z.output<typeof FeedbackBulkResultSchema> {
  return {
    updated: result.updated,
    unchanged: result.unchanged,
    notFound: result.notFound.length,
    rejected: result.rejected.length,
    notFoundIds: [...result.notFound],
    rejectedEntries: result.rejected.map((r) => ({ id: r.id, status: r.status })),
  };
}
