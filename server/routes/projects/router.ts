/**
 * `/v1/projects...`: the organization's projects (the ids the analytics routes take), created, read with
 * their site's summary and import report, and deleted, as the dashboard needs (Offprint extensions).
 */
import { z } from 'zod';
import type { SiteDeps } from '../../deps.js';
import { listAllProjects } from '../../domain/organizations.js';
import { createProjectInOrg, deleteProject, siteImportReport, siteSummary } from '../../domain/projects.js';
import { requireProjectInOrg } from '../../domain/feedback/query.js';
import { allowedScripts } from '../../domain/settings.js';
import { getCurrentSite } from '../../domain/sites.js';
import { NO_BODY, type RouteDefiner } from '../../http/route.js';
import { resolveSiteScripts } from '../../sites/serve/scripts.js';
import { AUTH_ERRORS, errorResponse } from '../errors.js';
import { presentDeletedProject, presentImportReport, presentProject, type ScriptsView } from './presenter.js';
import {
  CreateProjectBodySchema,
  DeletedProjectSchema,
  ProjectDetailSchema,
  ProjectListSchema,
  ProjectParamsSchema,
  ProjectSchema,
} from './schema.js';

export { ProjectSchema } from './schema.js';

const Empty = z.object({});
const TAGS = ['Admin'];
const NOT_FOUND = errorResponse('No such project in the key’s organization');

/** What the project routes need from the running server. */
export interface ProjectRouteHooks {
  /** Where this server serves a project's site (null: not served here). */
  readonly siteUrlOf?: (projectId: string) => string | null;
  /** Brings this process's site servers in line with the database (after a delete: stops that site). */
  readonly syncSites?: (projectId: string) => Promise<unknown>;
}

/**
 * The scripts the site servers load and skip for the project's current build, exactly as they decide
 * (the same function over the same `allowedScripts` setting).
 */
function siteScripts(deps: SiteDeps, projectId: string): ScriptsView {
  try {
    const site = getCurrentSite(deps, projectId);
    if (site === null) return { loaded: [], skipped: [] };
    return resolveSiteScripts(site.rootDir, site.model, allowedScripts(deps.db));
  } catch (error) {
    // The site server answers 503 for such a build; the rest of the report still helps.
    deps.logger.warn({ err: error, projectId }, 'site scripts unreadable for the import report');
    return { loaded: [], skipped: [] };
  }
}

/** Adds the project routes. */
export function projectRoutes(route: RouteDefiner, deps: SiteDeps, hooks: ProjectRouteHooks = {}): void {
  const urlOf = (projectId: string): string | null => hooks.siteUrlOf?.(projectId) ?? null;
  route(
    {
      method: 'get',
      path: '/v1/projects',
      summary: 'List projects',
      description: 'The organization’s projects, oldest first, each with its site URL and summary.',
      tags: TAGS,
      extension: true,
      params: Empty,
      query: Empty,
      body: NO_BODY,
      responses: { 200: { description: 'The organization’s projects', schema: ProjectListSchema }, ...AUTH_ERRORS },
    },
    (ctx, { principal }) => {
      ctx.body = {
        projects: listAllProjects(deps, principal.orgId).map((row) =>
          presentProject(row, siteSummary(deps, row.id), urlOf(row.id)),
        ),
      };
    },
  );
  route(
    {
      method: 'post',
      path: '/v1/projects',
      summary: 'Create a project',
      description:
        'A project without a site yet: import one with `POST /v1/projects/{projectId}/site` (a zip). ' +
        'The domain names the site in exports and must be free.',
      tags: TAGS,
      extension: true,
      params: Empty,
      query: Empty,
      body: CreateProjectBodySchema,
      responses: {
        201: { description: 'The new project', schema: ProjectSchema },
        400: errorResponse('Invalid body, or the domain already belongs to a project'),
        ...AUTH_ERRORS,
        404: errorResponse('`orgId` is not the key’s organization'),
      },
    },
    (ctx, { body, principal }) => {
      const row = createProjectInOrg(deps, principal.orgId, {
        name: body.name,
        domain: body.domain,
        requestedOrgId: body.orgId,
      });
      ctx.status = 201;
      ctx.body = presentProject(row, null, null);
    },
  );
  route(
    {
      method: 'get',
      path: '/v1/projects/:projectId',
      summary: 'Get a project',
      description:
        'The project, its site summary and the report of the import that made the current site: problems ' +
        'by code, missing assets, the scripts the site asks for that are not loaded.',
      tags: TAGS,
      extension: true,
      params: ProjectParamsSchema,
      query: Empty,
      body: NO_BODY,
      responses: { 200: { description: 'The project', schema: ProjectDetailSchema }, ...AUTH_ERRORS, 404: NOT_FOUND },
    },
    (ctx, { params, principal }) => {
      const row = requireProjectInOrg(deps, principal.orgId, params.projectId);
      const report = siteImportReport(deps, row.id);
      ctx.body = {
        ...presentProject(row, siteSummary(deps, row.id), urlOf(row.id)),
        importReport: report === null ? null : presentImportReport(report, siteScripts(deps, row.id)),
      };
    },
  );
  route(
    {
      method: 'delete',
      path: '/v1/projects/:projectId',
      summary: 'Delete a project',
      description:
        'Deletes the project with its site (its site server stops), feedback and export jobs with their ' +
        'bundles; queued or running exports are cancelled first. Cannot be undone.',
      tags: TAGS,
      extension: true,
      params: ProjectParamsSchema,
      query: Empty,
      body: NO_BODY,
      responses: {
        200: { description: 'What was deleted', schema: DeletedProjectSchema },
        ...AUTH_ERRORS,
        404: NOT_FOUND,
      },
    },
    async (ctx, { params, principal }) => {
      const deleted = await deleteProject(deps, principal.orgId, params.projectId, hooks.syncSites);
      ctx.body = presentDeletedProject(deleted);
    },
  );
}
