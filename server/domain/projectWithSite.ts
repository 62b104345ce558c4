/**
 * Creating a project together with its first site, as one operation: the source is staged and validated
 * before the project exists, then the project row, the build folder and the site row are committed
 * together. Importing into an existing project, and reading a project's current site, are in sites.ts.
 */
import { mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { writeTransaction } from '../db/connection.js';
import { findProjectByDomain, type ProjectRow } from '../db/projects.js';
import { upsertSite, type SiteRow } from '../db/sites.js';
import { importLimits } from '../sites/import/limits.js';
import { stageBuildOffThread } from '../sites/import/offThread.js';
import { removeDir, stageBuild, type StagedBuild } from '../sites/import/stage.js';
import { indexBuildFolder } from '../sites/search/index.js';
import { removeStoredSearchIndex } from '../sites/search/file.js';
import type { SiteModel } from '../sites/project/model.js';
import type { SiteDeps } from '../deps.js';
import { ValidationError } from '../errors.js';
import { ulid } from './ids.js';
import { createProject } from './organizations.js';
import { buildDir, cacheModel, sitesRoot, stagingDir, stagingRoot } from './siteBuilds.js';
import { withRenderProblems } from './siteProblems.js';
import { importReportOf, storeImportReport } from './siteReport.js';
import { rowFor, type ImportedSite, type ImportSiteOptions } from './sites.js';

/** A new project's site, staged and validated before the project exists. */
interface StagedProject {
  readonly buildId: string;
  readonly staging: string;
  readonly staged: StagedBuild;
}

/** Where a new project's build is staged (checked: the domain is free). */
function projectSlot(deps: SiteDeps, domain: string): { buildId: string; staging: string } {
  // Checked again inside createProject; failing here first spares copying a large source for nothing.
  if (findProjectByDomain(deps.db, domain) !== undefined) {
    throw ValidationError('Domain is already in use', [`domain: ${domain} already belongs to another project`]);
  }
  const buildId = ulid(deps.now());
  mkdirSync(stagingRoot(deps.dataDir), { recursive: true });
  return { buildId, staging: stagingDir(deps.dataDir, buildId) };
}

function stageProject(
  deps: SiteDeps,
  input: { orgId: string; name: string; domain: string },
  sourcePath: string,
  options: ImportSiteOptions,
): StagedProject {
  const slot = projectSlot(deps, input.domain);
  const staged = stageBuild(sourcePath, slot.staging, importLimits(options.limits));
  removeStoredSearchIndex(slot.staging);
  return { ...slot, staged };
}

/** {@link stageProject} with the copy/unzip and model load in a worker thread. */
async function stageProjectOffThread(
  deps: SiteDeps,
  input: { orgId: string; name: string; domain: string },
  sourcePath: string,
  options: ImportSiteOptions,
): Promise<StagedProject> {
  const slot = projectSlot(deps, input.domain);
  const staged = await stageBuildOffThread(sourcePath, slot.staging, importLimits(options.limits));
  removeStoredSearchIndex(slot.staging);
  return { ...slot, staged };
}

function commitProject(
  deps: SiteDeps,
  input: { orgId: string; name: string; domain: string },
  pending: StagedProject,
): { project: ProjectRow; imported: ImportedSite } {
  const { buildId, staging, staged } = pending;
  let finalDir: string | undefined;
  let committed: { project: ProjectRow; row: SiteRow };
  try {
    committed = writeTransaction(deps.db, () => {
      const project = createProject(deps, input);
      finalDir = buildDir(deps.dataDir, project.id, buildId);
      mkdirSync(join(sitesRoot(deps.dataDir), project.id), { recursive: true });
      renameSync(staging, finalDir);
      const row = rowFor(project.id, buildId, staged, deps.now());
      upsertSite(deps.db, row);
      return { project, row };
    });
  } catch (error) {
    removeDir(staging);
    // The project id was new, so its sites folder holds nothing but this build.
    if (finalDir !== undefined) removeDir(join(finalDir, '..'));
    throw error;
  }
  const { project, row } = committed;
  const dir = buildDir(deps.dataDir, project.id, buildId);
  const model: SiteModel = { ...staged.model, rootDir: dir };
  cacheModel(dir, model);
  storeImportReport(dir, importReportOf(model, staged.skippedLinks), deps.logger);
  deps.logger.info({ projectId: project.id, buildId, pages: row.pageCount }, 'project created with its site');
  return {
    project,
    imported: {
      projectId: project.id,
      buildId,
      site: row,
      model,
      previousBuildId: null,
      skippedLinks: staged.skippedLinks,
      projectFolder: staged.projectFolder,
    },
  };
}

/**
 * Creates a project and imports its site as one operation: the source is staged and validated first,
 * then the project row, the build folder's final name and the site row are committed together. If
 * anything fails, neither the project nor any folder remains.
 */
export function createProjectWithSite(
  deps: SiteDeps,
  input: { orgId: string; name: string; domain: string },
  sourcePath: string,
  options: ImportSiteOptions = {},
): { project: ProjectRow; imported: ImportedSite } {
  return commitProject(deps, input, stageProject(deps, input, sourcePath, options));
}

/** {@link createProjectWithSite}, with the site's search index built before anything is committed. */
export async function createProjectWithSiteAndIndex(
  deps: SiteDeps,
  input: { orgId: string; name: string; domain: string },
  sourcePath: string,
  options: ImportSiteOptions = {},
): Promise<{ project: ProjectRow; imported: ImportedSite }> {
  let pending = await stageProjectOffThread(deps, input, sourcePath, options);
  try {
    pending = withRenderProblems(pending, await indexBuildFolder(pending.staging, pending.staged.model, deps.logger));
  } catch (error) {
    removeDir(pending.staging);
    throw error;
  }
  return commitProject(deps, input, pending);
}
