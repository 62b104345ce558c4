/**
 * The sample docs site a fresh install serves: Offprint's own documentation, shipped in
 * `resources/sample-docs`. `ensureInstallDefaults` notes on a fresh data dir that the default project is
 * to get it; the first server started there (`offprint serve`, the desktop app) imports it, once.
 */
import { writeTransaction } from '../db/connection.js';
import { findProject } from '../db/projects.js';
import { deleteSetting, getSetting } from '../db/settings.js';
import { findSite } from '../db/sites.js';
import { indexBuildFolder, type IndexedBuild } from '../sites/search/index.js';
import { SAMPLE_SITE_PENDING_SETTING } from './organizations.js';
import { buildDir, importSite, type ImportedSite } from './sites.js';
import type { SiteDeps } from '../deps.js';

/** An installed sample site. */
export interface SampleInstall {
  readonly imported: ImportedSite;
  /**
   * Its search index, built in the background so that the first start is not held up by rendering
   * every page (a search made before it is done builds the index itself). Never rejects.
   */
  readonly indexed: Promise<IndexedBuild | null>;
}

/**
 * Imports the sample docs in `sourceDir` into the default project if this data dir still waits for
 * them: the first start of a fresh install, and only while that project has no site of its own yet.
 * Afterwards (installed, or the project was given another site or deleted) nothing happens again: a
 * restart does not re-import, and a user's import replaces the sample like any other site.
 *
 * Never throws: a missing or broken sample is logged, and the install goes on without it.
 */
export function installSampleSite(deps: SiteDeps, sourceDir: string): SampleInstall | null {
  const projectId = getSetting(deps.db, SAMPLE_SITE_PENDING_SETTING);
  if (projectId === undefined) return null;
  const done = (): void => {
    writeTransaction(deps.db, () => deleteSetting(deps.db, SAMPLE_SITE_PENDING_SETTING));
  };
  if (findProject(deps.db, projectId) === undefined || findSite(deps.db, projectId) !== undefined) {
    done();
    return null;
  }
  let imported: ImportedSite;
  try {
    // Only if no site arrived meanwhile (an import by another process racing this first start).
    imported = importSite(deps, projectId, sourceDir, { onlyIfNoSite: true });
  } catch (error) {
    deps.logger.warn({ err: error, sourceDir }, 'the sample docs site could not be installed');
    done();
    return null;
  }
  done();
  deps.logger.info({ projectId, buildId: imported.buildId }, 'sample docs site installed');
  const dir = buildDir(deps.dataDir, projectId, imported.buildId);
  const indexed = indexBuildFolder(dir, imported.model, deps.logger).catch((error: unknown) => {
    deps.logger.warn({ err: error, projectId }, 'the sample docs search index could not be built');
    return null;
  });
  return { imported, indexed };
}
