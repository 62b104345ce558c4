/** Response bodies of the analytics routes, field by field. */
import type { z } from 'zod';
import type { FeedbackPathCounts } from '../../db/feedback.js';
import { presentFeedbackEntry } from '../../domain/feedback/entry.js';
import type { FeedbackPage } from '../../domain/feedback/query.js';
import type { ImportResult } from '../../domain/feedback/importer.js';
import type { FeedbackByPageSchema, FeedbackPageSchema, ImportResultSchema } from './schema.js';

/** A page of feedback. */
export function presentFeedbackPage(page: FeedbackPage): z.output<typeof FeedbackPageSchema> {
  return { feedback: page.rows.map(presentFeedbackEntry), nextCursor: page.nextCursor, hasMore: page.hasMore };
}

/** Per-path counts. */
export function presentFeedbackByPage(result: {
  pages: FeedbackPathCounts[];
  hasMore: boolean;
}): z.output<typeof FeedbackByPageSchema> {
  return {
    feedback: result.pages.map((p) => ({
      path: p.path,
      thumbsUp: p.thumbsUp,
      thumbsDown: p.thumbsDown,
      code: p.code,
      total: p.total,
    })),
    hasMore: result.hasMore,
  };
}

/** The outcome of an import. */
export function presentImportResult(result: ImportResult): z.output<typeof ImportResultSchema> {
  return { lines: result.lines, imported: result.imported, duplicates: result.duplicates };
}
