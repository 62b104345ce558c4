/**
 * Feedback triage routes, Offprint extensions beside the official read API (whose shapes they leave
 * alone): change status and add notes, one entry or many, read an entry's audit trail, statistics for
 * charts, and downloads of what a filter selects.
 */
import { Readable } from 'node:stream';
import { z } from 'zod';
import { feedbackDownload } from '../../domain/feedback/download.js';
import { FeedbackEntrySchema, presentFeedbackEntry } from '../../domain/feedback/entry.js';
import { feedbackStats } from '../../domain/feedback/stats.js';
import { actorOf, bulkUpdateStatus, feedbackHistory, updateFeedback } from '../../domain/feedback/triage.js';
import type { Deps } from '../../deps.js';
import { NO_BODY, type RouteDefiner } from '../../http/route.js';
import { AUTH_ERRORS, errorResponse } from '../errors.js';
import { presentBulkResult, presentHistory } from './triagePresenter.js';
import { ProjectParamsSchema } from './schema.js';
import {
  FeedbackBulkBodySchema,
  FeedbackBulkResultSchema,
  FeedbackExportQuerySchema,
  FeedbackHistorySchema,
  FeedbackParamsSchema,
  FeedbackPatchBodySchema,
  FeedbackStatsQuerySchema,
  FeedbackStatsSchema,
} from './triageSchema.js';

const TAGS = ['Analytics'];
const NOT_FOUND = errorResponse('No such project in the key’s organization, or no such entry in the project');
const common = { tags: TAGS, extension: true } as const;

/** Adds the triage routes. */
export function triageRoutes(route: RouteDefiner, deps: Deps): void {
  changeRoutes(route, deps);
  readRoutes(route, deps);
}

function changeRoutes(route: RouteDefiner, deps: Deps): void {
  route(
    {
      ...common,
      method: 'patch',
      path: '/v1/analytics/:projectId/feedback/:feedbackId',
      summary: 'Update feedback status or add a note',
      description:
        'Changes the status and/or adds an internal note; both are recorded in the audit trail with who ' +
        '(the API key’s name) and when. Returns the entry in the official shape (Offprint extension).',
      params: FeedbackParamsSchema,
      query: z.object({}),
      body: FeedbackPatchBodySchema,
      responses: {
        200: { description: 'The entry as it now is', schema: FeedbackEntrySchema },
        400: errorResponse('Invalid body'),
        ...AUTH_ERRORS,
        404: NOT_FOUND,
        409: errorResponse('The workflow does not allow this status change; details say what it allows'),
      },
    },
    (ctx, { params, body, principal }) => {
      const change = { status: body.status, note: body.note };
      const row = updateFeedback(
        deps,
        principal.orgId,
        params.projectId,
        params.feedbackId,
        change,
        actorOf(deps, principal),
      );
      ctx.body = presentFeedbackEntry(row);
    },
  );
  route(
    {
      ...common,
      method: 'post',
      path: '/v1/analytics/:projectId/feedback/bulk',
      summary: 'Update the status of many feedback entries',
      description:
        'Sets one status on up to 1000 entries in one transaction. Entries already in it are unchanged; unknown ' +
        'ids and changes the workflow does not allow are listed and skipped (Offprint extension).',
      params: ProjectParamsSchema,
      query: z.object({}),
      body: FeedbackBulkBodySchema,
      responses: {
        200: { description: 'What changed', schema: FeedbackBulkResultSchema },
        400: errorResponse('Invalid body'),
        ...AUTH_ERRORS,
        404: errorResponse('No such project in the key’s organization'),
      },
    },
    (ctx, { params, body, principal }) => {
      const request = { ids: body.ids, status: body.status, note: body.note };
      ctx.body = presentBulkResult(
        bulkUpdateStatus(deps, principal.orgId, params.projectId, request, actorOf(deps, principal)),
      );
    },
  );
}

function readRoutes(route: RouteDefiner, deps: Deps): void {
  route(
    {
      ...common,
      method: 'get',
      path: '/v1/analytics/:projectId/feedback/:feedbackId/history',
      summary: 'Get the audit trail of a feedback entry',
      description: 'The entry and its status changes and notes, oldest first (Offprint extension).',
      params: FeedbackParamsSchema,
      query: z.object({}),
      body: NO_BODY,
      responses: {
        200: { description: 'The entry and its trail', schema: FeedbackHistorySchema },
        400: errorResponse('Invalid parameters'),
        ...AUTH_ERRORS,
        404: NOT_FOUND,
      },
    },
    (ctx, { params, principal }) => {
      ctx.body = presentHistory(feedbackHistory(deps, principal.orgId, params.projectId, params.feedbackId));
    },
  );
  route(
    {
      ...common,
      method: 'get',
      path: '/v1/analytics/:projectId/feedback/stats',
      summary: 'Get feedback statistics',
      description:
        'For the entries the filters select: totals (per source, status and vote), a series over time in UTC ' +
        'days or ISO weeks, and the pages with most feedback with their satisfaction (Offprint extension).',
      params: ProjectParamsSchema,
      query: FeedbackStatsQuerySchema,
      body: NO_BODY,
      responses: {
        200: { description: 'Totals, series and ranking', schema: FeedbackStatsSchema },
        400: errorResponse('Invalid query parameters'),
        ...AUTH_ERRORS,
        404: errorResponse('No such project in the key’s organization'),
      },
    },
    (ctx, { params, query, principal }) => {
      ctx.body = feedbackStats(deps, principal.orgId, params.projectId, query);
    },
  );
  route(
    {
      ...common,
      method: 'get',
      path: '/v1/analytics/:projectId/feedback/export',
      summary: 'Download feedback as CSV or NDJSON',
      description:
        'Every entry the filters select, newest first, streamed as an attachment. `format=ndjson` gives ' +
        '`application/x-ndjson` in the import format (Offprint extension).',
      params: ProjectParamsSchema,
      query: FeedbackExportQuerySchema,
      body: NO_BODY,
      responses: {
        200: {
          description: 'The file (CSV, or NDJSON with format=ndjson)',
          schema: z.string(),
          contentType: 'text/csv',
        },
        400: errorResponse('Invalid query parameters'),
        ...AUTH_ERRORS,
        404: errorResponse('No such project in the key’s organization'),
      },
    },
    (ctx, { params, query, principal }) => {
      const { format, ...selection } = query;
      const download = feedbackDownload(deps, principal.orgId, params.projectId, selection, format);
      ctx.set('Content-Disposition', `attachment; filename="${download.filename}"`);
      ctx.set('Cache-Control', 'no-store');
      ctx.type = download.contentType;
      ctx.body = Readable.from(download.chunks);
    },
  );
}
