/** `POST /v1/projects/{projectId}/site`: replace a project's docs site with an uploaded zip. */
import { z } from 'zod';
import { importUploadedSite, SITE_UPLOAD_MAX_BYTES } from '../../domain/siteUpload.js';
import type { SiteDeps } from '../../deps.js';
import { checkStreamedBody } from '../../http/body.js';
import { cappedStream } from '../../http/cappedStream.js';
import { NO_BODY, type RouteDefiner } from '../../http/route.js';
import { AUTH_ERRORS, errorResponse } from '../errors.js';
import { presentSiteImport } from './presenter.js';
import { SiteImportResultSchema, SiteParamsSchema } from './schema.js';

const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/octet-stream'];

/** What the site routes need besides the domain deps. */
export interface SiteRouteHooks {
  /**
   * Called once a site is imported, so the running site servers serve it now rather than at their next
   * poll; resolves with the site's URL (null when this process serves no sites).
   */
  readonly onSiteImported?: (projectId: string) => Promise<string | null>;
}

/** Adds the site routes. */
export function siteRoutes(route: RouteDefiner, deps: SiteDeps, hooks: SiteRouteHooks = {}): void {
  route(
    {
      method: 'post',
      path: '/v1/projects/:projectId/site',
      summary: 'Import a docs site (zip)',
      description:
        'Replaces the project’s docs site with a Mintlify-format project (`docs.json` or `mint.json`) sent as a zip. ' +
        'The import is atomic: readers see the old site until the new one, search index included, is ready. ' +
        'A broken zip or configuration is a 400 listing the problems, and the old site stays. ' +
        'The body is streamed to disk (never held in memory) under the size cap, and the response arrives once ' +
        'the import is done (unzip, render, search index: seconds, minutes for the largest sites); a client shows ' +
        'the upload’s own progress, then an "importing" state until the answer.',
      tags: ['Sites'],
      params: SiteParamsSchema,
      query: z.object({}),
      body: NO_BODY,
      rawBody: { contentType: 'application/zip', description: 'The docs project as a zip archive.' },
      responses: {
        200: { description: 'The site was imported and is served', schema: SiteImportResultSchema },
        400: errorResponse('Not a usable docs project (every problem listed)'),
        ...AUTH_ERRORS,
        404: errorResponse('No such project in the key’s organization'),
        409: errorResponse('The project changed during the import'),
        413: errorResponse(`Body larger than ${SITE_UPLOAD_MAX_BYTES} bytes`),
        415: errorResponse('Body is not a zip'),
      },
    },
    async (ctx, { params, principal }) => {
      checkStreamedBody(ctx, ZIP_TYPES, SITE_UPLOAD_MAX_BYTES);
      const body = cappedStream(ctx.req, SITE_UPLOAD_MAX_BYTES);
      const imported = await importUploadedSite(deps, principal.orgId, params.projectId, body);
      const siteUrl = (await hooks.onSiteImported?.(imported.projectId)) ?? null;
      ctx.body = presentSiteImport(imported, siteUrl);
    },
  );
}
