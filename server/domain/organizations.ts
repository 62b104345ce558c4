/** Organizations, projects and the defaults a fresh install starts with. */
import { randomBytes } from 'node:crypto';
import { writeTransaction } from '../db/connection.js';
import {
  findOrganization,
  insertOrganization,
  listOrganizations,
  type OrganizationRow,
  type Plan,
} from '../db/organizations.js';
import { findProjectByDomain, insertProject, listProjects, type ProjectRow } from '../db/projects.js';
import { ensureSetting, getSetting } from '../db/settings.js';
import type { Db } from '../db/connection.js';
import type { Deps } from '../deps.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { prefixedId } from './ids.js';

const DEFAULT_ORG_SETTING = 'default_org_id';
const SECRET_SETTING = 'hmac_secret';
/** Set on a fresh install to the default project's id until its sample site is installed (sampleSite.ts). */
export const SAMPLE_SITE_PENDING_SETTING = 'sample_site_pending';

/** The domain of the project a fresh install creates for its bundled sample site. */
export const DEFAULT_PROJECT_DOMAIN = 'sample-docs.localhost';

/**
 * Makes sure the install has its secret, a default organization (enterprise plan) and a default
 * project. Idempotent; safe when several processes open the same data dir at once. A fresh install
 * also notes that the default project is to get the bundled sample site, which the first server
 * started on the data dir imports (`installSampleSite`): other commands never pay for that import.
 */
export function ensureInstallDefaults(db: Db, now: number): { secret: Buffer; defaultOrgId: string } {
  return writeTransaction(db, () => {
    const secret = ensureSetting(db, SECRET_SETTING, randomBytes(32).toString('base64'));
    let defaultOrgId = getSetting(db, DEFAULT_ORG_SETTING);
    if (defaultOrgId === undefined) {
      const org: OrganizationRow = {
        id: prefixedId('org'),
        name: 'Default organization',
        plan: 'enterprise',
        createdAt: now,
      };
      insertOrganization(db, org);
      const projectId = prefixedId('prj');
      insertProject(db, {
        id: projectId,
        orgId: org.id,
        name: 'Sample docs',
        domain: DEFAULT_PROJECT_DOMAIN,
        createdAt: now,
      });
      ensureSetting(db, SAMPLE_SITE_PENDING_SETTING, projectId);
      defaultOrgId = ensureSetting(db, DEFAULT_ORG_SETTING, org.id);
    }
    return { secret: Buffer.from(secret, 'base64'), defaultOrgId };
  });
}

/** The organization commands act on when none is named. */
export function defaultOrganizationId(deps: Deps): string {
  const id = getSetting(deps.db, DEFAULT_ORG_SETTING);
  if (id === undefined) throw NotFoundError('This data directory has no default organization');
  return id;
}

/** Creates an organization. */
export function createOrganization(deps: Deps, input: { name: string; plan: Plan }): OrganizationRow {
  const org: OrganizationRow = { id: prefixedId('org'), name: input.name, plan: input.plan, createdAt: deps.now() };
  writeTransaction(deps.db, () => insertOrganization(deps.db, org));
  return org;
}

/** Lists organizations. */
export function listAllOrganizations(deps: Deps): OrganizationRow[] {
  return listOrganizations(deps.db);
}

/** Finds an organization or throws a 404. */
export function requireOrganization(deps: Deps, orgId: string): OrganizationRow {
  const org = findOrganization(deps.db, orgId);
  if (org === undefined)
    throw NotFoundError(`Organization ${orgId} does not exist`, { kind: 'organization', id: orgId });
  return org;
}

/** Creates a project in an organization; its domain must not be taken. */
export function createProject(deps: Deps, input: { orgId: string; name: string; domain: string }): ProjectRow {
  return writeTransaction(deps.db, () => {
    requireOrganization(deps, input.orgId);
    if (findProjectByDomain(deps.db, input.domain) !== undefined) {
      throw ValidationError('Domain is already in use', [`domain: ${input.domain} already belongs to another project`]);
    }
    const project: ProjectRow = {
      id: prefixedId('prj'),
      orgId: input.orgId,
      name: input.name,
      domain: input.domain,
      createdAt: deps.now(),
    };
    insertProject(deps.db, project);
    return project;
  });
}

/**
 * Lists projects; all of them, or one organization's. An organization that does not exist is "not found",
 * not an empty list (a mistyped ID must not read as "no projects").
 */
export function listAllProjects(deps: Deps, orgId?: string): ProjectRow[] {
  if (orgId !== undefined) requireOrganization(deps, orgId);
  return listProjects(deps.db, orgId);
}
