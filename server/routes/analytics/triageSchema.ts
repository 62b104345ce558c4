/** Request and response schemas of the feedback triage routes (Offprint extensions). */
import { z } from 'zod';
import { FEEDBACK_STATUSES } from '../../db/feedback.js';
import { FeedbackEntrySchema } from '../../domain/feedback/entry.js';
import { BUCKETS } from '../../domain/feedback/selection.js';
import { BULK_MAX_IDS } from '../../domain/feedback/triage.js';
import { wellFormedText } from '../../domain/text.js';

export { FeedbackExportQuerySchema, FeedbackStatsQuerySchema } from '../../domain/feedback/selection.js';

const status = z.enum(FEEDBACK_STATUSES);
// Well-formed, as reader text is: a lone surrogate would be stored as U+FFFD (server/domain/text.ts).
const note = wellFormedText()
  .trim()
  .min(1)
  .max(5000)
  .meta({ description: 'An internal note (never shown to readers).' });
const feedbackId = z.string().min(1).max(256).meta({ description: 'The feedback entry id.' });

/** Path parameters of the routes on one entry. */
export const FeedbackParamsSchema = z.object({
  projectId: z.string().min(1).max(128).meta({ description: 'Your project ID (`offprint projects list`).' }),
  feedbackId,
});

/** Body of `PATCH .../feedback/{feedbackId}`. */
export const FeedbackPatchBodySchema = z
  .strictObject({
    status: status.optional().meta({
      description:
        'New status. Allowed: pending -> in_progress | resolved | dismissed; in_progress -> pending | resolved | dismissed; resolved -> in_progress; dismissed -> pending. The same status again changes nothing.',
    }),
    note: note.optional(),
  })
  .refine((body) => body.status !== undefined || body.note !== undefined, {
    message: 'give a status, a note, or both',
  });

/** Body of `POST .../feedback/bulk`. */
export const FeedbackBulkBodySchema = z.strictObject({
  ids: z
    .array(feedbackId)
    .min(1)
    .max(BULK_MAX_IDS)
    .meta({ description: `Entry ids, 1 to ${BULK_MAX_IDS} (repeats count once).` }),
  status,
  note: note.optional().meta({ description: 'An internal note recorded with each change.' }),
});

/** 200 body of `POST .../feedback/bulk`. */
export const FeedbackBulkResultSchema = z.strictObject({
  updated: z.int().meta({ description: 'Entries whose status changed.' }),
  unchanged: z.int().meta({ description: 'Entries that already had the status.' }),
  notFound: z.int().meta({ description: 'Ids the project does not have.' }),
  rejected: z.int().meta({ description: 'Entries whose current status may not change to the requested one.' }),
  notFoundIds: z.array(z.string()),
  rejectedEntries: z
    .array(z.strictObject({ id: z.string(), status }))
    .meta({ description: 'The rejected entries with their current status (left unchanged).' }),
});

const actor = z.strictObject({
  kind: z.enum(['key', 'dashboard', 'cli']).meta({ description: 'An API key, the desktop dashboard, or the CLI.' }),
  keyId: z.string().nullable().meta({ description: 'The API key, when `kind` is `key`.' }),
  name: z.string().meta({ description: "The key's name, or `dashboard` / `cli`." }),
});

/** One audit event. */
export const FeedbackEventSchema = z.strictObject({
  at: z.string().meta({ description: 'When, ISO 8601 UTC.' }),
  actor,
  fromStatus: status.nullable().meta({ description: 'Status before; null when only a note was added.' }),
  toStatus: status.nullable().meta({ description: 'Status after; null when only a note was added.' }),
  note: z.string().nullable(),
});

/** 200 body of `GET .../feedback/{feedbackId}/history`. */
export const FeedbackHistorySchema = z.strictObject({
  feedback: FeedbackEntrySchema,
  events: z.array(FeedbackEventSchema).meta({ description: 'Status changes and notes, oldest first.' }),
});

const bySource = z
  .strictObject({ code_snippet: z.int(), contextual: z.int(), agent: z.int(), thumbs_only: z.int() })
  .meta({ description: 'Entries per source.' });
const counts = {
  total: z.int(),
  helpful: z.int().meta({ description: 'Helpful votes (contextual and thumbs-only).' }),
  notHelpful: z.int().meta({ description: 'Not-helpful votes.' }),
  bySource,
};
const satisfaction = z
  .number()
  .nullable()
  .meta({ description: 'Helpful share of the votes in percent (one decimal); null without votes.' });

/** 200 body of `GET .../feedback/stats`. */
export const FeedbackStatsSchema = z.strictObject({
  totals: z.strictObject({
    ...counts,
    undated: z.int().meta({ description: 'Entries without a time (in the totals, in no bucket).' }),
    satisfaction,
    byStatus: z.strictObject({ pending: z.int(), in_progress: z.int(), resolved: z.int(), dismissed: z.int() }),
  }),
  bucket: z.enum(BUCKETS),
  series: z
    .array(
      z.strictObject({
        start: z.string().meta({ description: 'First day of the bucket, YYYY-MM-DD (UTC).' }),
        ...counts,
      }),
    )
    .meta({
      description: 'Every bucket from dateFrom (else the oldest entry) to dateTo (else the newest), oldest first.',
    }),
  pages: z
    .array(
      z.strictObject({
        path: z.string(),
        total: z.int(),
        helpful: z.int(),
        notHelpful: z.int(),
        code: z.int().meta({ description: 'Code snippet entries.' }),
        satisfaction,
      }),
    )
    .meta({ description: 'Pages with most feedback first (then by path).' }),
  pagesHasMore: z.boolean(),
});
