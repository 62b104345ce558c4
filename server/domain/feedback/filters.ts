/**
 * The feedback query parameters (`dateFrom`, `dateTo`, `source`, `status`, `limit`, `cursor`) as one zod
 * schema over raw strings. The HTTP routes validate query strings with it, the CLI validates its flags
 * with it, and the OpenAPI document describes the parameters from it.
 */
import { z } from 'zod';
import { FEEDBACK_SOURCES, FEEDBACK_STATUSES, type FeedbackStatus } from '../../db/feedback.js';
import { parseIsoInstant } from './dates.js';

const dateParam = (description: string) =>
  z
    .string()
    .transform((value, ctx) => {
      const ms = parseIsoInstant(value, 'strict');
      if (ms === null) {
        ctx.addIssue({
          code: 'custom',
          message: `"${value.slice(0, 64)}" is not a valid date: use YYYY-MM-DD or an ISO 8601 date-time with Z or an offset`,
        });
        return z.NEVER;
      }
      return ms;
    })
    .meta({ description, example: '2026-01-01', openapi: { type: 'string' } });

/** `source`: one of the feedback sources. */
export const sourceParam = z
  .string()
  .transform((value, ctx) => {
    const source = FEEDBACK_SOURCES.find((s) => s === value);
    if (source === undefined) {
      ctx.addIssue({ code: 'custom', message: `"${value.slice(0, 64)}" is not one of ${FEEDBACK_SOURCES.join(', ')}` });
      return z.NEVER;
    }
    return source;
  })
  .meta({ description: 'Filter by feedback source', openapi: { type: 'string', enum: [...FEEDBACK_SOURCES] } });

/** `status`: a comma list of statuses. */
export const statusParam = z
  .string()
  .transform((value, ctx) => {
    const items = value.split(',').map((item) => item.trim());
    if (items.every((item) => item === '')) {
      ctx.addIssue({ code: 'custom', message: `must list at least one of ${FEEDBACK_STATUSES.join(', ')}` });
      return z.NEVER;
    }
    const statuses = new Set<FeedbackStatus>();
    items.forEach((item, index) => {
      const status = FEEDBACK_STATUSES.find((s) => s === item);
      if (item === '') ctx.addIssue({ code: 'custom', message: `item ${index + 1} is empty` });
      else if (status === undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `"${item.slice(0, 64)}" is not one of ${FEEDBACK_STATUSES.join(', ')}`,
        });
      } else statuses.add(status);
    });
    return [...statuses];
  })
  .meta({
    description: `Comma-separated list of statuses to filter by (${FEEDBACK_STATUSES.join(', ')})`,
    example: 'pending,in_progress',
    openapi: { type: 'string' },
  });

/** Offprint's own filters (not in the official API): one page's path, and a text search. */
export const extensionFilterFields = {
  path: z
    .string()
    .min(1)
    .max(4096)
    .optional()
    .meta({ description: 'Only entries on this page path, exactly (Offprint extension).', 'x-offprint': true }),
  q: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .meta({
      description:
        'Only entries whose comment, path, contact, code or filename contains this text, ignoring ASCII case ' +
        '(Offprint extension).',
      'x-offprint': true,
    }),
};

/** A `limit` query parameter: a plain whole number from 1 to 100, `defaultLimit` when absent. */
export const limitParam = (defaultLimit: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return defaultLimit;
      const n = /^(0|[1-9][0-9]{0,5})$/.test(value) ? Number(value) : Number.NaN;
      if (!(n >= 1 && n <= 100)) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number from 1 to 100 (got "${value.slice(0, 32)}")` });
        return z.NEVER;
      }
      return n;
    })
    .meta({
      description: 'Max results per page',
      openapi: { type: 'integer', minimum: 1, maximum: 100, default: defaultLimit },
    });

/** Refuses `dateFrom` after `dateTo`. */
export function checkRange(
  query: { dateFrom?: number | undefined; dateTo?: number | undefined },
  ctx: z.RefinementCtx,
): void {
  // Also runs when another parameter failed (see RANGE_CHECK); a date that failed is then not a number.
  const { dateFrom, dateTo } = query;
  if (typeof dateFrom === 'number' && typeof dateTo === 'number' && dateFrom > dateTo) {
    ctx.addIssue({ code: 'custom', path: ['dateFrom'], message: 'must not be after dateTo' });
  }
}

// Zod skips refinements once a field has failed; run this one anyway so one answer lists every problem.
/** Runs {@link checkRange} even when another field failed. */
export const RANGE_CHECK = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

/** The shared date bounds and their order check, for the extension schemas (selection.ts). */
export const dateFrom = dateParam(
  'Inclusive lower bound: YYYY-MM-DD (UTC midnight) or an ISO 8601 date-time with Z or an offset.',
);
/** Exclusive upper date bound. */
export const dateTo = dateParam(
  'Exclusive upper bound: results include instants before, but not at, this one. Same formats as dateFrom.',
);

/** Query of `GET /v1/analytics/{projectId}/feedback`. */
export const FeedbackListQuerySchema = z
  .object({
    dateFrom: dateFrom.optional(),
    dateTo: dateTo.optional(),
    source: sourceParam.optional(),
    status: statusParam.optional(),
    ...extensionFilterFields,
    limit: limitParam(50),
    cursor: z.string().optional().meta({ description: 'Pagination cursor: the nextCursor of the previous page.' }),
  })
  .superRefine(checkRange, RANGE_CHECK);

/** Validated feedback list query. */
export type FeedbackListQuery = z.output<typeof FeedbackListQuerySchema>;

/** Query of `GET /v1/analytics/{projectId}/feedback/by-page`. */
export const FeedbackByPageQuerySchema = z
  .object({
    dateFrom: dateFrom.optional(),
    dateTo: dateTo.optional(),
    source: sourceParam.optional(),
    status: statusParam.optional(),
    limit: limitParam(10),
  })
  .superRefine(checkRange, RANGE_CHECK);

/** Validated by-page query. */
export type FeedbackByPageQuery = z.output<typeof FeedbackByPageQuerySchema>;
