/**
 * Projects' docs sites: importing a folder or zip as a new build and switching to it atomically, and
 * reading the current build's model. Builds live in `<dataDir>/sites/<projectId>/<buildId>/`; the
 * `sites` row names the current one. An import stages and validates the whole build first, switches the
 * row in one transaction, and only then deletes the previous build: a failed import changes nothing.
 */
import { mkdirSync, readdirSync, renameSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeTransaction } from '../db/connection.js';
import { findProject, findProjectByDomain, type ProjectRow } from '../db/projects.js';
import { findSite, upsertSite, type SiteRow } from '../db/sites.js';
import { importLimits, type ImportLimits } from '../sites/import/limits.js';
import { removeDir, stageBuild, type StagedBuild } from '../sites/import/stage.js';
import { loadSiteProject } from '../sites/project/load.js';
import type { SiteModel, SiteProblem } from '../sites/project/model.js';
import type { Deps } from './deps.js';
import { NotFoundError, ValidationError } from './errors.js';
import { ulid } from './ids.js';
import { createProject } from './organizations.js';

/** What site functions need: the domain deps plus the data dir the build folders live in. */
export interface SiteDeps extends Deps {
  readonly dataDir: string;
}

/** Options of an import. */
export interface ImportSiteOptions {
  /** Overrides of the zip/folder caps (see DEFAULT_IMPORT_LIMITS). */
  readonly limits?: Partial<ImportLimits>;
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
}

/** A project's current site. */
export interface CurrentSite {
  readonly projectId: string;
  readonly buildId: string;
  readonly rootDir: string;
  readonly site: SiteRow;
  readonly model: SiteModel;
}

/** Builds older than this that no row points at are leftovers of a crashed import. */
const STALE_BUILD_MS = 60 * 60 * 1000;
const CACHE_SIZE = 16;
const modelCache = new Map<string, SiteModel>();

/** `<dataDir>/sites`. */
export function sitesRoot(dataDir: string): string {
  return join(dataDir, 'sites');
}

/** The folder of one build. */
export function buildDir(dataDir: string, projectId: string, buildId: string): string {
  return join(sitesRoot(dataDir), projectId, buildId);
}

function cacheModel(dir: string, model: SiteModel): void {
  modelCache.delete(dir);
  modelCache.set(dir, model);
  while (modelCache.size > CACHE_SIZE) {
    const oldest = modelCache.keys().next().value;
    if (oldest === undefined) break;
    modelCache.delete(oldest);
  }
}

function ulidTime(id: string): number | undefined {
  const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  if (!/^[0-9A-HJKMNP-TV-Z]{26}$/.test(id)) return undefined;
  let t = 0;
  for (const c of id.slice(0, 10)) t = t * 32 + CROCKFORD.indexOf(c);
  return t;
}

/** Deletes a replaced build and leftovers of crashed imports; failures are logged, never thrown. */
function cleanUp(deps: SiteDeps, projectId: string, current: string, previous: string | null): void {
  const dirs: string[] = [];
  try {
    dirs.push(...readdirSync(join(sitesRoot(deps.dataDir), projectId)));
  } catch {
    return;
  }
  for (const name of dirs) {
    if (name === current) continue;
    const time = ulidTime(name);
    // A younger unknown build may belong to an import still running in another process.
    const stale = name === previous || (time !== undefined && time < deps.now() - STALE_BUILD_MS);
    if (!stale) continue;
    const dir = buildDir(deps.dataDir, projectId, name);
    modelCache.delete(dir);
    try {
      removeDir(dir);
    } catch (error) {
      deps.logger.warn({ err: error, dir }, 'could not delete an old site build');
    }
  }
}

/** Removes a project's sites folder left empty by a failed first import. */
function removeIfEmpty(dir: string): void {
  try {
    rmdirSync(dir);
  } catch {
    // Not empty (an earlier build is in it) or already gone: both fine.
  }
}

function rowFor(projectId: string, buildId: string, staged: StagedBuild, importedAt: number): SiteRow {
  return {
    projectId,
    buildId,
    sourceKind: staged.sourceKind,
    sourcePath: staged.sourcePath,
    pageCount: staged.model.counts.pages,
    problemCount: staged.model.problems.length,
    importedAt,
  };
}

/**
 * Imports `sourcePath` (a folder or a .zip) as the new site of `projectId`. Throws NotFoundError for an
 * unknown project and a ValidationError for a bad source, hostile zip or broken config; in every failing
 * case the previous site keeps being served and nothing of the new build is left on disk.
 */
export function importSite(
  deps: SiteDeps,
  projectId: string,
  sourcePath: string,
  options: ImportSiteOptions = {},
): ImportedSite {
  if (findProject(deps.db, projectId) === undefined) throw NotFoundError(`Project ${projectId} does not exist`);
  const buildId = ulid(deps.now());
  const dir = buildDir(deps.dataDir, projectId, buildId);
  const projectDir = join(sitesRoot(deps.dataDir), projectId);
  mkdirSync(projectDir, { recursive: true });
  let staged: StagedBuild;
  try {
    staged = stageBuild(sourcePath, dir, importLimits(options.limits));
  } catch (error) {
    removeIfEmpty(projectDir);
    throw error;
  }
  let previous: SiteRow | undefined;
  const row = rowFor(projectId, buildId, staged, deps.now());
  try {
    writeTransaction(deps.db, () => {
      if (findProject(deps.db, projectId) === undefined) throw NotFoundError(`Project ${projectId} does not exist`);
      previous = findSite(deps.db, projectId);
      upsertSite(deps.db, row);
    });
  } catch (error) {
    removeDir(dir);
    removeIfEmpty(projectDir);
    throw error;
  }
  cacheModel(dir, staged.model);
  const previousBuildId = previous?.buildId ?? null;
  cleanUp(deps, projectId, buildId, previousBuildId);
  deps.logger.info({ projectId, buildId, pages: row.pageCount, problems: row.problemCount }, 'site imported');
  return { projectId, buildId, site: row, model: staged.model, previousBuildId, skippedLinks: staged.skippedLinks };
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
  // Checked again inside createProject; failing here first spares copying a large source for nothing.
  if (findProjectByDomain(deps.db, input.domain) !== undefined) {
    throw ValidationError('Domain is already in use', [`domain: ${input.domain} already belongs to another project`]);
  }
  const buildId = ulid(deps.now());
  const staging = join(sitesRoot(deps.dataDir), '.staging', buildId);
  mkdirSync(join(sitesRoot(deps.dataDir), '.staging'), { recursive: true });
  const staged = stageBuild(sourcePath, staging, importLimits(options.limits));
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
    },
  };
}

/** The current site of a project, or null when it has none. The model is cached per build. */
export function getCurrentSite(deps: SiteDeps, projectId: string): CurrentSite | null {
  const site = findSite(deps.db, projectId);
  if (site === undefined) return null;
  const rootDir = buildDir(deps.dataDir, projectId, site.buildId);
  let model = modelCache.get(rootDir);
  if (model === undefined) {
    model = loadSiteProject(rootDir);
    cacheModel(rootDir, model);
  }
  return { projectId, buildId: site.buildId, rootDir, site, model };
}

/** Problems grouped by code, for summaries: `{ 'missing-asset': 216, ... }`. */
export function problemCounts(problems: readonly SiteProblem[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const p of problems) counts[p.code] = (counts[p.code] ?? 0) + 1;
  return counts;
}
