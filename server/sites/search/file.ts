/**
 * The search index stored in a build folder. Building it renders every searchable page (tens of seconds
 * on a large site), so it is done once per build, at import or by the site server in the background,
 * and kept with the build: the first search, even after a restart, reads a file instead of rendering.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../../logger.js';

/**
 * File name inside the build folder. A dotfile, so the site never serves it as a project file; the
 * version follows the index format (`SearchIndexData.version`), so a format change rebuilds it.
 */
export const SEARCH_INDEX_FILE = '.offprint-search-index.v1.json';

/** Where a build's stored index is. */
export function searchIndexPath(rootDir: string): string {
  return join(rootDir, SEARCH_INDEX_FILE);
}

/** The stored index document of a build, or null when there is none (or it cannot be read). */
export function readStoredSearchIndex(rootDir: string): string | null {
  try {
    const body = readFileSync(searchIndexPath(rootDir), 'utf8');
    // A file cut short (disk full during a write) is not worth serving: rebuild instead.
    return body.startsWith('{') && body.endsWith('}') ? body : null;
  } catch {
    return null;
  }
}

/**
 * Stores a build's index: written under a temporary name, then renamed, so a reader never sees half a
 * file. Failing is not fatal (the index can always be rebuilt): it is logged and false is returned.
 */
export function storeSearchIndex(rootDir: string, body: string, logger: Logger): boolean {
  const file = searchIndexPath(rootDir);
  const temp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, body);
    renameSync(temp, file);
    return true;
  } catch (error) {
    rmSync(temp, { force: true });
    // ENOENT: the build was replaced (and deleted) while its index was being built; nothing to keep.
    const gone = error instanceof Error && 'code' in error && error.code === 'ENOENT';
    logger[gone ? 'debug' : 'warn']({ err: error, rootDir }, 'could not store the search index with the build');
    return false;
  }
}

/** Deletes a stored index: a project source may not supply one (imports call this on the staged copy). */
export function removeStoredSearchIndex(rootDir: string): void {
  rmSync(searchIndexPath(rootDir), { force: true });
}
