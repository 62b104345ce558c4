/** The schema of one NDJSON import line: the API's output shape, with defaults for what may be left out. */
import { z } from 'zod';
import { FEEDBACK_STATUSES, type NewFeedback } from '../../db/feedback.js';
import { wellFormedText } from '../text.js';
import { parseIsoInstant } from './dates.js';

// Text is refused with a lone UTF-16 surrogate (JSON can carry one, UTF-8 cannot store it), as the widgets'
// endpoints refuse it: stored, it would read back as U+FFFD, so an export would no longer match its import.
const optionalText = (max: number) => wellFormedText().max(max).nullable().optional();

const createdAt = z
  .string()
  .nullable()
  .optional()
  .transform((value, ctx) => {
    if (value === null || value === undefined) return null;
    const ms = parseIsoInstant(value, 'lenient');
    if (ms === null) {
      ctx.addIssue({ code: 'custom', message: `"${value.slice(0, 40)}" is not an ISO 8601 date or date-time` });
      return z.NEVER;
    }
    return ms;
  });

const base = {
  id: wellFormedText().min(1).max(256).optional(),
  path: wellFormedText().min(1).max(4096),
  comment: optionalText(20_000),
  createdAt,
  status: z.enum(FEEDBACK_STATUSES).optional(),
};

/** One line of an import file. Unknown keys are refused: they usually mean a misspelt field. */
export const ImportLineSchema = z.discriminatedUnion('source', [
  z.strictObject({ ...base, source: z.literal('contextual'), helpful: z.boolean(), contact: optionalText(320) }),
  z.strictObject({
    ...base,
    source: z.literal('code_snippet'),
    code: wellFormedText().max(200_000),
    filename: optionalText(1024),
    lang: optionalText(64),
  }),
  z.strictObject({ ...base, source: z.literal('thumbs_only'), helpful: z.boolean().nullable().optional() }),
  z.strictObject({ ...base, source: z.literal('agent') }),
]);

/** A parsed import line. */
export type ImportLine = z.output<typeof ImportLineSchema>;

/** Turns a parsed line into a row to store, generating an id when the line has none. */
export function importLineToFeedback(line: ImportLine, newId: () => string): NewFeedback {
  const common = {
    id: line.id ?? newId(),
    path: line.path,
    comment: line.comment ?? null,
    createdAt: line.createdAt,
    status: line.status ?? 'pending',
  };
  const none = { helpful: null, contact: null, code: null, filename: null, lang: null };
  switch (line.source) {
    case 'contextual':
      return { ...common, ...none, source: line.source, helpful: line.helpful, contact: line.contact ?? null };
    case 'code_snippet':
      return {
        ...common,
        ...none,
        source: line.source,
        code: line.code,
        filename: line.filename ?? null,
        lang: line.lang ?? null,
      };
    case 'thumbs_only':
      return { ...common, ...none, source: line.source, helpful: line.helpful ?? null };
    case 'agent':
      return { ...common, ...none, source: line.source };
  }
}
