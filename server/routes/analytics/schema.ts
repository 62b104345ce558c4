/** Request and response schemas of the analytics routes. */
import { z } from 'zod';
import { FeedbackEntrySchema } from '../../domain/feedback/entry.js';

export { FeedbackByPageQuerySchema, FeedbackListQuerySchema } from '../../domain/feedback/filters.js';

/** Path parameters of every analytics route. */
export const ProjectParamsSchema = z.object({
  projectId: z.string().min(1).max(128).meta({ description: 'Your project ID (`offprint projects list`).' }),
});

/** 200 body of `GET /v1/analytics/{projectId}/feedback`. */
export const FeedbackPageSchema = z.strictObject({
  feedback: z.array(FeedbackEntrySchema).meta({ description: 'List of feedback entries, newest first.' }),
  nextCursor: z
    .string()
    .nullable()
    .meta({ description: 'Cursor to retrieve the next page of results. Null if no more results.' }),
  hasMore: z.boolean().meta({ description: 'Whether additional results are available beyond this page.' }),
});

/** 200 body of `GET /v1/analytics/{projectId}/feedback/by-page`. */
export const FeedbackByPageSchema = z.strictObject({
  feedback: z.array(
    z.strictObject({
      path: z.string().meta({ description: 'The documentation page path.' }),
      thumbsUp: z.number().int().meta({ description: 'Positive votes (contextual and thumbs-only).' }),
      thumbsDown: z.number().int().meta({ description: 'Negative votes (contextual and thumbs-only).' }),
      code: z.number().int().meta({ description: 'Number of code snippet feedback entries.' }),
      total: z.number().int().meta({ description: 'Total feedback entries for this page.' }),
    }),
  ),
  hasMore: z.boolean().meta({ description: 'Whether more pages have feedback than were returned.' }),
});

/** 200 body of the NDJSON import. */
export const ImportResultSchema = z.strictObject({
  lines: z.number().int().meta({ description: 'Non-empty lines read.' }),
  imported: z.number().int().meta({ description: 'Entries stored.' }),
  duplicates: z.number().int().meta({ description: 'Entries skipped because the project already had their id.' }),
});
