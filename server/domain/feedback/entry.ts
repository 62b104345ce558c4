/**
 * The public shape of a feedback entry (one of three variants, told apart by `source`) and the presenter
 * that builds it from a stored row. HTTP responses and NDJSON exports both go through here.
 */
import { z } from 'zod';
import { FEEDBACK_SOURCES, FEEDBACK_STATUSES, type FeedbackRow } from '../../db/feedback.js';
import { formatInstant } from './dates.js';

const baseFields = {
  id: z.string().meta({ description: 'Unique feedback identifier.' }),
  path: z.string().meta({ description: 'The path or URL to the source document.' }),
  comment: z.string().nullable().meta({ description: "Text of the user's feedback comment." }),
  createdAt: z.string().nullable().meta({
    description: 'When the feedback was submitted, ISO 8601 UTC with milliseconds.',
    example: '2026-01-31T09:05:00.000Z',
  }),
  status: z.enum(FEEDBACK_STATUSES).meta({ description: 'Current review status of the feedback.' }),
};

/** Page-level feedback: whether the reader found the page helpful, and an optional contact address. */
export const ContextualEntrySchema = z
  .strictObject({
    ...baseFields,
    source: z.literal('contextual'),
    helpful: z.boolean().meta({ description: 'Whether the user found the content helpful.' }),
    contact: z.string().nullable().meta({ description: 'Email address the user provided for follow-up.' }),
  })
  .meta({ description: 'Returned when source is `contextual`.' });

/** Feedback on one code block. */
export const CodeSnippetEntrySchema = z
  .strictObject({
    ...baseFields,
    source: z.literal('code_snippet'),
    code: z.string().meta({ description: 'The code snippet the feedback relates to.' }),
    filename: z.string().nullable().meta({ description: 'Filename associated with the code snippet.' }),
    lang: z.string().nullable().meta({ description: 'Programming language of the code snippet.' }),
  })
  .meta({ description: 'Returned when source is `code_snippet`.' });

/** Agent feedback and thumbs-only votes carry the base fields only. */
export const BaseEntrySchema = z
  .strictObject({ ...baseFields, source: z.enum(['agent', 'thumbs_only']) })
  .meta({ description: 'Returned when source is `agent` or `thumbs_only`: base fields only.' });

/** Any feedback entry. */
export const FeedbackEntrySchema = z
  .union([ContextualEntrySchema, CodeSnippetEntrySchema, BaseEntrySchema])
  .meta({ id: 'FeedbackEntry' });

/** A feedback entry as the API returns it. */
export type FeedbackEntry = z.output<typeof FeedbackEntrySchema>;

/**
 * Builds the API shape of a stored entry: exactly its variant's fields, nothing else. One plain object
 * literal per variant rather than spreading a shared base: this runs for every entry of every page, and
 * spreads measured about 4x slower (bench/feedback/micro.js).
 */
export function presentFeedbackEntry(row: FeedbackRow): FeedbackEntry {
  const createdAt = row.createdAt === null ? null : formatInstant(row.createdAt);
  switch (row.source) {
    case 'contextual':
      return {
        id: row.id,
        path: row.path,
        comment: row.comment,
        createdAt,
        status: row.status,
        source: row.source,
        helpful: row.helpful ?? false,
        contact: row.contact,
      };
    case 'code_snippet':
      return {
        id: row.id,
        path: row.path,
        comment: row.comment,
        createdAt,
        status: row.status,
        source: row.source,
        code: row.code ?? '',
        filename: row.filename,
        lang: row.lang,
      };
    case 'agent':
    case 'thumbs_only':
      return { id: row.id, path: row.path, comment: row.comment, createdAt, status: row.status, source: row.source };
  }
}

/**
 * The NDJSON export line: the API shape, plus `helpful` on thumbs-only votes (which the API leaves out)
 * so that export then import loses nothing.
 */
export function presentExportLine(row: FeedbackRow): Record<string, unknown> {
  const entry = presentFeedbackEntry(row);
  if (row.source === 'thumbs_only' && row.helpful !== null) return { ...entry, helpful: row.helpful };
  return entry;
}

/** Sources accepted by filters. */
export const FeedbackSourceSchema = z.enum(FEEDBACK_SOURCES);
