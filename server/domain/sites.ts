/**
 * Projects' docs sites: importing a folder or zip as a new build and switching to it atomically, and
 * reading the current build's model. Builds live in `<dataDir>/sites/<projectId>/<buildId>/`; the
 * `sites` row names the current one. An import stages and validates the whole build first, switches the
 * row in one transaction, and only then deletes the previous build: a failed import changes nothing.
 * Creating a project together with its first site is in projectWithSite.ts.
 */
import { mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { writeTransaction } from '../db/connection.js';
import { findProject } from '../db/projects.js';
import { findSite, upsertSite, type SiteRow } from '../db/sites.js';
import { importLimits, type ImportLimits } from '../sites/import/limits.js';
import { stageBuildOffThread } from '../sites/import/offThread.js';
import { removeDir, stageBuild, type StagedBuild } from '../sites/import/stage.js';
import { indexBuildFolder } from '../sites/search/index.js';
import { problemTotal, withRenderProblems } from './siteProblems.js';
import { importReportOf, storeImportReport } from './siteReport.js';
import { removeStoredSearchIndex } from '../sites/search/file.js';
import type { SiteModel } from '../sites/project/model.js';
import type { SiteDeps } from '../deps.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { ulid } from './ids.js';
import {
  buildDir,
  buildModel,
  cacheModel,
  cleanUpBuilds,
  removeIfEmpty,
  sitesRoot,
  stagingDir,
  stagingRoot,
} from './siteBuilds.js';

export { buildDir, sitesRoot } from './siteBuilds.js';

/** Options of an import. */
export interface ImportSiteOptions {
  /** Overrides of the zip/folder caps (see DEFAULT_IMPORT_LIMITS). */
  readonly limits?: Partial<ImportLimits>;
  /** Import only if the project still has no site when switching (else a ConflictError, nothing changed). */
  readonly onlyIfNoSite?: boolean;
}

/** The outcome of an import. */
export interface ImportedSite {
  readonly projectId: string;
  readonly buildId: string;
  readonly site: SiteRow;
  readonly model: SiteModel;
  /** Build replaced by this import (its folder has been deleted), or null on a first import. */
  readonly previousBuildId: string | null;
  /** Symbolic links of a folder source that were not copied. */
  readonly skippedLinks: readonly string[];
  /** The folder of the source the project was taken from; '' for its root. */
  readonly projectFolder: string;
}

/** A project's current site. */
export interface CurrentSite {
  readonly projectId: string;
  readonly buildId: string;
  readonly rootDir: string;
  readonly site: SiteRow;
  readonly model: SiteModel;
}

/** The `sites` row of a staged build switched to as `projectId`'s current one. */
export function rowFor(projectId: string, buildId: string, staged: StagedBuild, importedAt: number): SiteRow {
  return {
    projectId,
    buildId,
    sourceKind: staged.sourceKind,
    sourcePath: staged.sourcePath,
    pageCount: staged.model.counts.pages,
    problemCount: problemTotal(staged.model.problems),
    importedAt,
  };
}

/** A build staged and validated for a project, not yet switched to. */
interface StagedImport {
  readonly projectId: string;
  readonly buildId: string;
  readonly dir: string;
  readonly projectDir: string;
  readonly staged: StagedBuild;
  readonly onlyIfNoSite: boolean;
}

/** Where a new build of `projectId` is staged (checked: the project exists). */
function importSlot(deps: SiteDeps, projectId: string): { buildId: string; dir: string; projectDir: string } {
  if (findProject(deps.db, projectId) === undefined)
    throw NotFoundError(`Project ${projectId} does not exist`, { kind: 'project', id: projectId });
  const buildId = ulid(deps.now());
  // Staged aside until the commit renames it into place, so a crash leaves it where the start-up sweep
  // finds it (siteSweep.ts).
  const dir = stagingDir(deps.dataDir, buildId);
  mkdirSync(stagingRoot(deps.dataDir), { recursive: true });
  return { buildId, dir, projectDir: join(sitesRoot(deps.dataDir), projectId) };
}

function stageImport(deps: SiteDeps, projectId: string, sourcePath: string, options: ImportSiteOptions): StagedImport {
  const slot = importSlot(deps, projectId);
  const staged = stageBuild(sourcePath, slot.dir, importLimits(options.limits));
  // The stored index is Offprint's own file: one shipped in the source would be served as if it were.
  removeStoredSearchIndex(slot.dir);
  return { projectId, ...slot, staged, onlyIfNoSite: options.onlyIfNoSite === true };
}

/** {@link stageImport} with the copy/unzip and model load in a worker thread (the event loop stays free). */
async function stageImportOffThread(
  deps: SiteDeps,
  projectId: string,
  sourcePath: string,
  options: ImportSiteOptions,
): Promise<StagedImport> {
  const slot = importSlot(deps, projectId);
  const staged = await stageBuildOffThread(sourcePath, slot.dir, importLimits(options.limits));
  removeStoredSearchIndex(slot.dir);
  return { projectId, ...slot, staged, onlyIfNoSite: options.onlyIfNoSite === true };
}

function discardImport(pending: StagedImport): void {
  removeDir(pending.dir);
}

function commitImport(deps: SiteDeps, pending: StagedImport): ImportedSite {
  const { projectId, buildId, staged } = pending;
  const dir = buildDir(deps.dataDir, projectId, buildId);
  let previous: SiteRow | undefined;
  const row = rowFor(projectId, buildId, staged, deps.now());
  try {
    writeTransaction(deps.db, () => {
      if (findProject(deps.db, projectId) === undefined)
        throw NotFoundError(`Project ${projectId} does not exist`, { kind: 'project', id: projectId });
      previous = findSite(deps.db, projectId);
      if (pending.onlyIfNoSite && previous !== undefined) {
        throw ConflictError(`Project ${projectId} got a site while this one was being imported`);
      }
      // Moved into place inside the write transaction: the start-up sweep holds it too, so it never
      // sees this build in place before the row points at it.
      mkdirSync(pending.projectDir, { recursive: true });
      renameSync(pending.dir, dir);
      upsertSite(deps.db, row);
    });
  } catch (error) {
    discardImport(pending);
    // A new build id: nothing but this failed import can be in that folder.
    removeDir(dir);
    removeIfEmpty(pending.projectDir);
    throw error;
  }
  const model: SiteModel = { ...staged.model, rootDir: dir };
  cacheModel(dir, model);
  storeImportReport(dir, importReportOf(model, staged.skippedLinks), deps.logger);
  const previousBuildId = previous?.buildId ?? null;
  cleanUpBuilds(deps, projectId, buildId, previousBuildId);
  deps.logger.info({ projectId, buildId, pages: row.pageCount, problems: row.problemCount }, 'site imported');
  return {
    projectId,
    buildId,
    site: row,
    model,
    previousBuildId,
    skippedLinks: staged.skippedLinks,
    projectFolder: staged.projectFolder,
  };
}

/**
 * Imports `sourcePath` (a folder or a .zip) as the new site of `projectId`. Throws NotFoundError for an
 * unknown project and a ValidationError for a bad source, hostile zip or broken config; in every failing
 * case the previous site keeps being served and nothing of the new build is left on disk. The build has
 * no search index yet: its first search builds and stores it (see {@link importSiteAndIndex}).
 */
export function importSite(
  deps: SiteDeps,
  projectId: string,
  sourcePath: string,
  options: ImportSiteOptions = {},
): ImportedSite {
  return commitImport(deps, stageImport(deps, projectId, sourcePath, options));
}

/**
 * {@link importSite}, plus the site's search index built and stored with the build before the switch,
 * so the first search on the new site is fast. What every user-facing import (CLI, API) uses.
 */
export async function importSiteAndIndex(
  deps: SiteDeps,
  projectId: string,
  sourcePath: string,
  options: ImportSiteOptions = {},
): Promise<ImportedSite> {
  let pending = await stageImportOffThread(deps, projectId, sourcePath, options);
  try {
    pending = withRenderProblems(pending, await indexBuildFolder(pending.dir, pending.staged.model, deps.logger));
  } catch (error) {
    discardImport(pending);
    throw error;
  }
  return commitImport(deps, pending);
}

/** The current site of a project, or null when it has none. The model is cached per build. */
export function getCurrentSite(deps: SiteDeps, projectId: string): CurrentSite | null {
  const site = findSite(deps.db, projectId);
  if (site === undefined) return null;
  const rootDir = buildDir(deps.dataDir, projectId, site.buildId);
  return { projectId, buildId: site.buildId, rootDir, site, model: buildModel(rootDir) };
}
