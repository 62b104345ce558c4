/**
 * The start-up sweep of what crashed imports leave in `<dataDir>/sites`: uploaded zips (`.uploads/`),
 * staged builds (`.staging/`) and build folders no site row points at. What is in use stays:
 *
 * - uploads and staged builds are named `<id>-<pid>`: kept while that process lives (another process's
 *   import in progress on the same data dir); names without a pid are an older version's, swept;
 * - a build folder is moved into place by its import inside a write transaction (sites.ts), and the
 *   sweep picks folders inside one too, so it never takes a build whose row is about to point at it;
 *   the current build of every site is never touched.
 */
import { mkdirSync, readdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { writeTransaction } from '../db/connection.js';
import { listSites } from '../db/sites.js';
import { removeDir } from '../sites/import/stage.js';
import { isProcessAlive } from '../serverFile.js';
import type { Logger } from '../logger.js';
import type { Db } from '../db/connection.js';
import { removeIfEmpty, sitesRoot, stagingRoot, uploadsDir } from './siteBuilds.js';

/** What the sweep needs. */
export interface SweepDeps {
  readonly db: Db;
  readonly dataDir: string;
  readonly logger: Logger;
}

function list(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/**
 * The pid an upload or staged build is named after (`<id>-<pid>`, `<id>-<pid>.zip`, or the hand-over
 * file of a staged build, `<id>-<pid>.model`), if any.
 */
export function ownerPid(name: string): number | undefined {
  const match = /-([1-9][0-9]{0,9})(?:\.zip|\.model)?$/.exec(name);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

function isLive(name: string): boolean {
  const pid = ownerPid(name);
  return pid !== undefined && isProcessAlive(pid);
}

/** Moves build folders no site points at to `trash` (inside a write transaction); returns their names. */
function trashUnusedBuilds(deps: SweepDeps, trash: string): string[] {
  const root = sitesRoot(deps.dataDir);
  return writeTransaction(deps.db, () => {
    const current = new Map(listSites(deps.db).map((row) => [row.projectId, row.buildId]));
    const moved: string[] = [];
    for (const projectId of list(root).filter((name) => !name.startsWith('.'))) {
      for (const buildId of list(join(root, projectId))) {
        if (current.get(projectId) === buildId) continue;
        mkdirSync(trash, { recursive: true });
        renameSync(join(root, projectId, buildId), join(trash, `${projectId}-${buildId}`));
        moved.push(`${projectId}/${buildId}`);
      }
      removeIfEmpty(join(root, projectId));
    }
    return moved;
  });
}

/**
 * Deletes the leftovers of crashed imports (see the module comment); returns what it removed, relative
 * to `<dataDir>/sites`. Failures are logged, never thrown: a sweep must not stop a server from starting.
 */
export function sweepSiteLeftovers(deps: SweepDeps): string[] {
  const removed: string[] = [];
  const remove = (dir: string, label: string): void => {
    try {
      removeDir(dir);
      if (label !== '') removed.push(label);
    } catch (error) {
      deps.logger.warn({ err: error, dir }, 'could not delete a leftover of an interrupted import');
    }
  };
  for (const area of ['.uploads', '.staging'] as const) {
    const dir = area === '.uploads' ? uploadsDir(deps.dataDir) : stagingRoot(deps.dataDir);
    for (const name of list(dir)) if (!isLive(name)) remove(join(dir, name), `${area}/${name}`);
  }
  const trash = join(sitesRoot(deps.dataDir), '.trash');
  try {
    removed.push(...trashUnusedBuilds(deps, join(trash, String(process.pid))));
  } catch (error) {
    deps.logger.warn({ err: error }, 'could not sweep unused site builds');
  }
  remove(trash, '');
  if (removed.length > 0) deps.logger.info({ removed }, 'swept leftovers of interrupted imports');
  return removed;
}
