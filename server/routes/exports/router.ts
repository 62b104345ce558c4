/**
 * `/v1/static-export/jobs...`: Mintlify's static export API, run locally. Start a job, poll it, get a
 * presigned link to its bundle; plus, as Offprint extensions, cancel (DELETE) and the list of jobs.
 */
import { z } from 'zod';
import { createBundleLink } from '../../domain/exports/bundle.js';
import { createDeltaLink } from '../../domain/exports/delta.js';
import { cancelExportJob, getExportJob, listExportJobs, startExportJob } from '../../domain/exports/jobs.js';
import type { SiteDeps } from '../../deps.js';
import { NO_BODY, type RouteDefiner } from '../../http/route.js';
import { AUTH_ERRORS, errorResponse } from '../errors.js';
import { presentBundleLink, presentExportJob, type JobView } from './presenter.js';
import {
  BundleBodySchema,
  BundleResponseSchema,
  ExportJobListSchema,
  ExportJobSchema,
  JobParamsSchema,
  ListJobsQuerySchema,
  StartExportBodySchema,
} from './schema.js';

const Empty = z.object({});
const TAGS = ['Static export'];
const NOT_FOUND = errorResponse('No such job in the key’s organization');

/** What the export routes need from the running server. */
export interface ExportRouteOptions {
  /** Where this server serves a project's site (the default feedback collector of its bundles). */
  readonly siteUrlOf?: (projectId: string) => string | null;
}

/** Adds the static export routes. */
export function exportRoutes(route: RouteDefiner, deps: SiteDeps, options: ExportRouteOptions = {}): void {
  const view = (): JobView => ({ now: deps.now(), dataDir: deps.dataDir, withWarnings: true });
  route(
    {
      method: 'post',
      path: '/v1/static-export/jobs',
      summary: 'Start static export job',
      description:
        'Queues a static export of the docs site whose hostname is `domain`: every page (or `paths`) rendered in ' +
        'Chromium and packed into one deterministic zip. Poll the job until `status` is `completed` or `failed`. ' +
        'One active (queued or running) job per site. Enterprise plan only.',
      tags: TAGS,
      params: Empty,
      query: Empty,
      body: StartExportBodySchema,
      responses: {
        202: { description: 'The job was accepted and queued.', schema: ExportJobSchema },
        400: errorResponse('Invalid body, unknown domain, or `paths` that are not pages (each listed)'),
        ...AUTH_ERRORS,
        403: errorResponse('The organization is not on the enterprise plan'),
        409: errorResponse('The site already has a queued or running job'),
      },
    },
    (ctx, { body, principal }) => {
      const row = startExportJob(deps, {
        orgId: principal.orgId,
        domain: body.domain,
        version: body.version,
        paths: body.paths,
        deployment: body.deployment,
        features: body.features,
        allowEgress: body.allowEgress,
        collectorUrlOf: options.siteUrlOf,
      });
      ctx.status = 202;
      ctx.body = presentExportJob(row, view());
    },
  );
  route(
    {
      method: 'get',
      path: '/v1/static-export/jobs',
      summary: 'List static export jobs',
      description:
        'The organization’s jobs, newest first, a page at a time: pass `nextCursor` as `cursor` for the next ' +
        'page; `status`, `domain`, `dateFrom` and `dateTo` narrow the list (Offprint extension).',
      tags: TAGS,
      extension: true,
      params: Empty,
      query: ListJobsQuerySchema,
      body: NO_BODY,
      responses: {
        200: { description: 'One page of jobs', schema: ExportJobListSchema },
        400: errorResponse('Invalid query parameters, or a `cursor` altered or issued for other filters'),
        ...AUTH_ERRORS,
      },
    },
    (ctx, { query, principal }) => {
      const filter = {
        status: query.status,
        domain: query.domain,
        createdFrom: query.dateFrom,
        createdTo: query.dateTo,
      };
      const at = { ...view(), withWarnings: false };
      const page = listExportJobs(deps, principal.orgId, { limit: query.limit, filter, cursor: query.cursor });
      ctx.body = { jobs: page.rows.map((row) => presentExportJob(row, at)), nextCursor: page.nextCursor };
    },
  );
  route(
    {
      method: 'get',
      path: '/v1/static-export/jobs/:jobId',
      summary: 'Get static export job status',
      tags: TAGS,
      params: JobParamsSchema,
      query: Empty,
      body: NO_BODY,
      responses: { 200: { description: 'The job', schema: ExportJobSchema }, ...AUTH_ERRORS, 404: NOT_FOUND },
    },
    (ctx, { params, principal }) => {
      ctx.body = presentExportJob(getExportJob(deps, principal.orgId, params.jobId), view());
    },
  );
  route(
    {
      method: 'post',
      path: '/v1/static-export/jobs/:jobId/bundle',
      summary: 'Generate export bundle',
      description:
        'A presigned link to the completed job’s archive, served by this Offprint (no API key needed to use it). ' +
        'Calling again gives a fresh link to the same archive. Optional body `{"expiresIn": seconds}`. ' +
        'With `{"deltaFrom": "<jobId>"}` (Offprint extension) the link is to a signed delta from that earlier job’s ' +
        'bundle instead: only what changed, rebuilt into this job’s exact archive by `offprint apply` or ' +
        '`offprint serve-bundle --delta-url`; `sizeBytes` and `sha256` are the delta’s.',
      tags: TAGS,
      params: JobParamsSchema,
      query: Empty,
      body: BundleBodySchema,
      responses: {
        200: { description: 'A presigned link to the bundle', schema: BundleResponseSchema },
        400: errorResponse('Invalid body; `deltaFrom` names this job or a job of another site'),
        ...AUTH_ERRORS,
        404: errorResponse('No such job (or `deltaFrom` job) in the key’s organization'),
        409: errorResponse('The job (or the `deltaFrom` job) is not completed (or failed, or its bundle is gone)'),
      },
    },
    async (ctx, { params, body, principal }) => {
      // The link names this server the way the client reached it. The Host header has passed the Host
      // check; Koa's `ctx.origin` is the Origin request header, which must never end up in a link.
      const options = { origin: `${ctx.protocol}://${ctx.host}`, expiresIn: body?.expiresIn };
      const link =
        body?.deltaFrom === undefined
          ? createBundleLink(deps, principal.orgId, params.jobId, options)
          : await createDeltaLink(deps, principal.orgId, params.jobId, body.deltaFrom, options);
      ctx.body = presentBundleLink(link);
    },
  );
  route(
    {
      method: 'delete',
      path: '/v1/static-export/jobs/:jobId',
      summary: 'Cancel static export job',
      description:
        'Cancels a queued or running job: it becomes `failed` with `error` "cancelled" and its files are deleted ' +
        '(Offprint extension).',
      tags: TAGS,
      extension: true,
      params: JobParamsSchema,
      query: Empty,
      body: NO_BODY,
      responses: {
        200: { description: 'The cancelled job', schema: ExportJobSchema },
        ...AUTH_ERRORS,
        404: NOT_FOUND,
        409: errorResponse('The job has already completed or failed'),
      },
    },
    (ctx, { params, principal }) => {
      ctx.body = presentExportJob(cancelExportJob(deps, principal.orgId, params.jobId), view());
    },
  );
}
