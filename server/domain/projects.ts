/**
 * Projects as the dashboard manages them over the API: created in the caller's organization, read with
 * a summary of their site (pages, navigation, last import, the import's report), and deleted with
 * everything that belongs to them (site files, feedback, export jobs).
 */
import { join } from 'node:path';
import { writeTransaction } from '../db/connection.js';
import { CANCELLED_ERROR, failExportJob, listProjectExportJobs } from '../db/exportJobs.js';
import { deleteProjectRow, type ProjectRow } from '../db/projects.js';
import { findSite, type SiteRow } from '../db/sites.js';
import { jobDir, removeCaptureCache, removeEgressProofs } from '../exportSpec/files.js';
import { removeDir } from '../sites/import/stage.js';
import type { SiteDeps } from '../deps.js';
import { NotFoundError } from '../errors.js';
import { requireProjectInOrg } from './feedback/query.js';
import { createProject } from './organizations.js';
import { buildDir, getCurrentSite, sitesRoot } from './sites.js';
import { importReportOf, readImportReport, type ImportReport } from './siteReport.js';

/** A project's site at a glance. */
export interface SiteSummary {
  readonly buildId: string;
  readonly pageCount: number;
  readonly navPages: number;
  readonly problemCount: number;
  readonly importedAt: number;
  readonly sourceKind: SiteRow['sourceKind'];
}

/**
 * Creates a project in `orgId`, the caller's organization: `requestedOrgId`, when given, must be that
 * one (another organization is invisible to the caller, so it is a 404 like one that does not exist).
 */
export function createProjectInOrg(
  deps: SiteDeps,
  orgId: string,
  input: { name: string; domain: string; requestedOrgId?: string | undefined },
): ProjectRow {
  if (input.requestedOrgId !== undefined && input.requestedOrgId !== orgId) {
    throw NotFoundError(`Organization ${input.requestedOrgId} does not exist`, {
      kind: 'organization',
      id: input.requestedOrgId,
    });
  }
  const project = createProject(deps, { orgId, name: input.name, domain: input.domain });
  deps.logger.info({ projectId: project.id, domain: project.domain }, 'project created');
  return project;
}

/**
 * The report of the import that made the project's current build: the one stored with the build, or
 * (a build imported before reports were stored) rebuilt from its model, which lacks render failures.
 * Null when the project has no site.
 */
export function siteImportReport(deps: SiteDeps, projectId: string): ImportReport | null {
  const site = findSite(deps.db, projectId);
  if (site === undefined) return null;
  const stored = readImportReport(buildDir(deps.dataDir, projectId, site.buildId));
  if (stored !== null) return stored;
  const current = getCurrentSite(deps, projectId);
  return current === null ? null : importReportOf(current.model, []);
}

/** The summary of a project's site, or null when it has none. */
export function siteSummary(deps: SiteDeps, projectId: string): SiteSummary | null {
  const site = findSite(deps.db, projectId);
  if (site === undefined) return null;
  const report = siteImportReport(deps, projectId);
  return {
    buildId: site.buildId,
    pageCount: site.pageCount,
    navPages: report?.navPages ?? 0,
    problemCount: site.problemCount,
    importedAt: site.importedAt,
    sourceKind: site.sourceKind,
  };
}

/** What deleting a project removed. */
export interface DeletedProject {
  readonly project: ProjectRow;
  /** Export jobs that were queued or running, now cancelled. */
  readonly cancelledJobs: readonly string[];
  /** Every export job of the project, with its files. */
  readonly deletedJobs: number;
}

/**
 * Deletes a project of `orgId`: its row, site, feedback and export jobs in one transaction (active jobs
 * are cancelled first, so a worker running one stops at its next check), then `stopSite` (the running
 * site servers let go of it), then its site builds, job files and egress proofs on disk. 404 for an unknown project.
 */
export async function deleteProject(
  deps: SiteDeps,
  orgId: string,
  projectId: string,
  stopSite?: (projectId: string) => Promise<unknown>,
): Promise<DeletedProject> {
  const project = requireProjectInOrg(deps, orgId, projectId);
  const jobs = writeTransaction(deps.db, () => {
    const all = listProjectExportJobs(deps.db, projectId);
    const active = all.filter((job) => job.status === 'queued' || job.status === 'running');
    for (const job of active) failExportJob(deps.db, job.id, CANCELLED_ERROR, deps.now());
    if (!deleteProjectRow(deps.db, projectId))
      throw NotFoundError(`Project ${projectId} was not found`, { kind: 'project', id: projectId });
    return { all, active };
  });
  try {
    await stopSite?.(projectId);
  } catch (error) {
    // The site server notices the missing row at its next poll anyway; the files go now regardless.
    deps.logger.warn({ err: error, projectId }, 'could not stop the site of a deleted project at once');
  }
  removeDir(join(sitesRoot(deps.dataDir), projectId));
  // A worker that was rendering may write one more page before it notices; its start-up sweep removes that.
  for (const job of jobs.all) removeDir(jobDir(deps.dataDir, job.id));
  removeEgressProofs(deps.dataDir, projectId);
  removeCaptureCache(deps.dataDir, projectId);
  deps.logger.info({ projectId, jobs: jobs.all.length, cancelled: jobs.active.length }, 'project deleted');
  return { project, cancelledJobs: jobs.active.map((job) => job.id), deletedJobs: jobs.all.length };
}
