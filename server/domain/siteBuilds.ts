/**
 * Build folders of the docs sites on disk (`<dataDir>/sites/<projectId>/<buildId>/`): where they are,
 * and deleting the ones no longer needed (forgetting their models: sites/project/buildModels.ts).
 */
import { readdirSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildDir, sitesRoot } from '../dataPaths.js';
import type { Logger } from '../logger.js';
import { removeDir } from '../sites/import/stage.js';
import { forgetModel } from '../sites/project/buildModels.js';

/** Builds older than this that no row points at are leftovers of a crashed import. */
const STALE_BUILD_MS = 60 * 60 * 1000;

export { buildDir, sitesRoot, stagingDir, stagingRoot, uploadsDir } from '../dataPaths.js';
export { buildModel, cacheModel } from '../sites/project/buildModels.js';

function ulidTime(id: string): number | undefined {
  const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  if (!/^[0-9A-HJKMNP-TV-Z]{26}$/.test(id)) return undefined;
  let t = 0;
  for (const c of id.slice(0, 10)) t = t * 32 + CROCKFORD.indexOf(c);
  return t;
}

/**
 * Deletes a project's replaced build and leftovers of crashed imports, keeping `current`; failures are
 * logged, never thrown.
 */
export function cleanUpBuilds(
  deps: { readonly dataDir: string; readonly now: () => number; readonly logger: Logger },
  projectId: string,
  current: string,
  previous: string | null,
): void {
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
    forgetModel(dir);
    try {
      removeDir(dir);
    } catch (error) {
      deps.logger.warn({ err: error, dir }, 'could not delete an old site build');
    }
  }
}

/** Removes a project's sites folder left empty by a failed first import. */
export function removeIfEmpty(dir: string): void {
  try {
    rmdirSync(dir);
  } catch {
    // Not empty (an earlier build is in it) or already gone: both fine.
  }
}
