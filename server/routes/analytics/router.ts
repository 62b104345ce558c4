/** `/v1/analytics/{projectId}/feedback...`: the feedback export API, plus NDJSON import and triage. */
import { IMPORT_BODY_LIMIT_DEFAULT } from '../../domain/feedback/limits.js';
import { importFeedback, MAX_IMPORT_LINE_BYTES } from '../../domain/feedback/importer.js';
import { feedbackByPage, listFeedback } from '../../domain/feedback/query.js';
import { checkStreamedBody } from '../../http/body.js';
import { cappedStream } from '../../http/cappedStream.js';
import type { SiteDeps } from '../../deps.js';
import { NO_BODY, type RouteDefiner } from '../../http/route.js';
import { AUTH_ERRORS, errorResponse } from '../errors.js';
import { presentFeedbackByPage, presentFeedbackPage, presentImportResult } from './presenter.js';
import { triageRoutes } from './triage.js';
import {
  FeedbackByPageQuerySchema,
  FeedbackByPageSchema,
  FeedbackListQuerySchema,
  FeedbackPageSchema,
  ImportResultSchema,
  ProjectParamsSchema,
} from './schema.js';
import { z } from 'zod';

/** Options of the analytics routes. */
export interface AnalyticsRouteOptions {
  readonly importBodyLimit?: number;
}

/** Adds the analytics routes. */
export function analyticsRoutes(route: RouteDefiner, deps: SiteDeps, options: AnalyticsRouteOptions = {}): void {
  const importLimit = options.importBodyLimit ?? IMPORT_BODY_LIMIT_DEFAULT;
  route(
    {
      method: 'get',
      path: '/v1/analytics/:projectId/feedback',
      summary: 'Get user feedback',
      description: 'Returns paginated user feedback, newest first, with optional filtering.',
      tags: ['Analytics'],
      params: ProjectParamsSchema,
      query: FeedbackListQuerySchema,
      body: NO_BODY,
      responses: {
        200: { description: 'Feedback data with pagination', schema: FeedbackPageSchema },
        400: errorResponse('Invalid query parameters'),
        ...AUTH_ERRORS,
        404: errorResponse('No such project in the key’s organization'),
      },
    },
    (ctx, { params, query, principal }) => {
      ctx.body = presentFeedbackPage(listFeedback(deps, principal.orgId, params.projectId, query));
    },
  );
  route(
    {
      method: 'get',
      path: '/v1/analytics/:projectId/feedback/by-page',
      summary: 'Get feedback by page',
      description:
        'Feedback counts per documentation page path (thumbs up/down, code snippet entries, total), most first. ' +
        'When the project has a site, only paths that are pages of its current build are listed.',
      tags: ['Analytics'],
      params: ProjectParamsSchema,
      query: FeedbackByPageQuerySchema,
      body: NO_BODY,
      responses: {
        200: { description: 'Per-page feedback aggregates', schema: FeedbackByPageSchema },
        400: errorResponse('Invalid query parameters'),
        ...AUTH_ERRORS,
        404: errorResponse('No such project in the key’s organization'),
      },
    },
    (ctx, { params, query, principal }) => {
      ctx.body = presentFeedbackByPage(feedbackByPage(deps, principal.orgId, params.projectId, query));
    },
  );
  route(
    {
      method: 'post',
      path: '/v1/analytics/:projectId/feedback/import',
      summary: 'Import feedback (NDJSON)',
      description:
        'Imports feedback entries, one JSON object per line in the shape this API returns (`id` and `status` optional). ' +
        'All or nothing: one invalid line rejects the whole file, listing every problem by line number. ' +
        'Entries whose `id` the project already has are skipped.',
      tags: ['Analytics'],
      params: ProjectParamsSchema,
      query: z.object({}),
      body: NO_BODY,
      rawBody: { contentType: 'application/x-ndjson', description: 'One feedback entry per line.' },
      responses: {
        200: { description: 'What was imported', schema: ImportResultSchema },
        400: errorResponse('A line is not valid; nothing was imported'),
        ...AUTH_ERRORS,
        404: errorResponse('No such project in the key’s organization'),
        413: errorResponse(
          `Body larger than ${importLimit} bytes, or a line longer than ${MAX_IMPORT_LINE_BYTES} bytes`,
        ),
        415: errorResponse('Body is not NDJSON'),
      },
    },
    async (ctx, { params, principal }) => {
      checkStreamedBody(ctx, ['application/x-ndjson', 'application/jsonl', 'text/plain'], importLimit);
      const result = await importFeedback(deps, principal.orgId, params.projectId, cappedStream(ctx.req, importLimit));
      ctx.body = presentImportResult(result);
    },
  );
  triageRoutes(route, deps);
}
