/**
 * The query schemas of Offprint's triage extensions: what a dashboard filter selects (the official
 * filters plus `path` and `q`), the stats options and the download format. The HTTP routes, the CLI and
 * the OpenAPI document all read them from here.
 */
import { z } from 'zod';
import {
  checkRange,
  dateFrom,
  dateTo,
  extensionFilterFields,
  limitParam,
  RANGE_CHECK,
  sourceParam,
  statusParam,
} from './filters.js';

const selectionFields = {
  dateFrom: dateFrom.optional(),
  dateTo: dateTo.optional(),
  source: sourceParam.optional(),
  status: statusParam.optional(),
  ...extensionFilterFields,
};

/** The filters of the list, stats and download: which entries of a project they cover. */
export const FeedbackSelectionSchema = z.object(selectionFields).superRefine(checkRange, RANGE_CHECK);

/** Validated filters. */
export type FeedbackSelection = z.output<typeof FeedbackSelectionSchema>;

/** Chart buckets: UTC days, or ISO weeks (Monday 00:00 UTC). */
export const BUCKETS = ['day', 'week'] as const;
/** One of {@link BUCKETS}. */
export type Bucket = (typeof BUCKETS)[number];

/** Query of `GET .../feedback/stats`. */
export const FeedbackStatsQuerySchema = z
  .object({
    ...selectionFields,
    bucket: z
      .enum(BUCKETS)
      .default('day')
      .meta({ description: 'Width of one chart bucket: a UTC day, or an ISO week starting Monday 00:00 UTC.' }),
    pages: limitParam(10).meta({
      description: 'How many pages the ranking lists (most feedback first), 1-100.',
      openapi: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
    }),
  })
  .superRefine(checkRange, RANGE_CHECK);

/** Validated stats query. */
export type FeedbackStatsQuery = z.output<typeof FeedbackStatsQuerySchema>;

/** Download formats. */
export const EXPORT_FORMATS = ['csv', 'ndjson'] as const;
/** One of {@link EXPORT_FORMATS}. */
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Query of `GET .../feedback/export`. */
export const FeedbackExportQuerySchema = z
  .object({
    ...selectionFields,
    format: z
      .enum(EXPORT_FORMATS)
      .default('csv')
      .meta({
        description:
          '`csv`: UTF-8 with a byte order mark (Excel opens it), RFC 4180 quoting, cells that a spreadsheet would ' +
          "read as a formula prefixed with `'`. `ndjson`: the import format, one entry per line.",
      }),
  })
  .superRefine(checkRange, RANGE_CHECK);

/** Validated download query. */
export type FeedbackExportQuery = z.output<typeof FeedbackExportQuerySchema>;
