/** `/v1/projects`: the organization's projects (the ids the analytics routes take). */
import { z } from 'zod';
import type { ProjectRow } from '../../db/projects.js';
import type { Deps } from '../../deps.js';
import { listAllProjects } from '../../domain/organizations.js';
import { NO_BODY, type RouteDefiner } from '../../http/route.js';
import { AUTH_ERRORS } from '../errors.js';

/** A project as listed. */
export const ProjectSchema = z.strictObject({
  projectId: z.string(),
  orgId: z.string(),
  name: z.string(),
  domain: z.string().meta({ description: 'Hostname of the project’s docs site.' }),
  createdAt: z.string(),
});

/** A project, field by field. */
export function presentProject(row: ProjectRow): z.output<typeof ProjectSchema> {
  return {
    projectId: row.id,
    orgId: row.orgId,
    name: row.name,
    domain: row.domain,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

const Empty = z.object({});

/** Adds the project routes. */
export function projectRoutes(route: RouteDefiner, deps: Deps): void {
  route(
    {
      method: 'get',
      path: '/v1/projects',
      summary: 'List projects',
      tags: ['Admin'],
      params: Empty,
      query: Empty,
      body: NO_BODY,
      responses: {
        200: {
          description: 'The organization’s projects',
          schema: z.strictObject({ projects: z.array(ProjectSchema) }),
        },
        ...AUTH_ERRORS,
      },
    },
    (ctx, { principal }) => {
      ctx.body = { projects: listAllProjects(deps, principal.orgId).map(presentProject) };
    },
  );
}
