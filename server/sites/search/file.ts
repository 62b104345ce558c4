/**
 * The search index stored in a build folder. Building it renders every searchable page (tens of seconds
 * on a large site), so it is done once per build, at import or by the site server in the background,
 * and kept with the build: the first search, even after a restart, reads files instead of rendering.
 * The index is a folder of small JSON files (shards.ts), written under a temporary name and renamed,
 * so a reader never sees half an index.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../../logger.js';
import { SEARCH_MANIFEST_NAME } from '../theme/searchFormat.js';
import type { ShardSink } from './shards.js';

/**
 * Folder name inside the build folder. A dotfile, so the site never serves it as a project file; the
 * version follows the index format (`SearchManifest.version`), so a format change rebuilds it.
 */
export const SEARCH_INDEX_DIR = '.offprint-search.v3';

/** The single-file index of format 1, removed wherever it is found (imports never trust it). */
const LEGACY_FILE = '.offprint-search-index.v1.json';

/** Names a stored index may hold: `manifest`, `t<n>`, `d<n>`, `h<n>`. */
export const SEARCH_FILE_NAME = /^(manifest|[tdh](0|[1-9][0-9]{0,6}))$/;

/** Where a build's stored index is. */
export function searchIndexDir(rootDir: string): string {
  return join(rootDir, SEARCH_INDEX_DIR);
}

/** True when the build has a complete stored index (its manifest is written last). */
export function hasStoredSearchIndex(rootDir: string): boolean {
  return existsSync(join(searchIndexDir(rootDir), `${SEARCH_MANIFEST_NAME}.json`));
}

/** One file of a build's stored index (JSON text), or null when it has no such file. */
export function readStoredSearchFile(rootDir: string, name: string): string | null {
  if (!SEARCH_FILE_NAME.test(name)) return null;
  try {
    return readFileSync(join(searchIndexDir(rootDir), `${name}.json`), 'utf8');
  } catch {
    return null;
  }
}

/**
 * Writes an index's files into a temporary folder beside the final one; {@link FolderSink.commit}
 * puts it in place. Failing to store is not fatal (the index can always be rebuilt).
 */
export class FolderSink implements ShardSink {
  private readonly temp: string;

  constructor(private readonly rootDir: string) {
    this.temp = `${searchIndexDir(rootDir)}.${process.pid}.${Date.now()}.tmp`;
    mkdirSync(this.temp, { recursive: true });
  }

  write(name: string, json: string): void {
    writeFileSync(join(this.temp, `${name}.json`), json);
  }

  /** Replaces the build's stored index with the written one; false (logged) when that failed. */
  commit(logger: Logger): boolean {
    const dir = searchIndexDir(this.rootDir);
    try {
      rmSync(dir, { recursive: true, force: true });
      renameSync(this.temp, dir);
      return true;
    } catch (error) {
      this.discard();
      // ENOENT: the build was replaced (and deleted) while its index was being built; nothing to keep.
      const gone = error instanceof Error && 'code' in error && error.code === 'ENOENT';
      logger[gone ? 'debug' : 'warn']({ err: error, rootDir: this.rootDir }, 'could not store the search index');
      return false;
    }
  }

  /** Removes the temporary folder. */
  discard(): void {
    rmSync(this.temp, { recursive: true, force: true });
  }
}

/** Deletes a stored index: a project source may not supply one (imports call this on the staged copy). */
export function removeStoredSearchIndex(rootDir: string): void {
  rmSync(searchIndexDir(rootDir), { recursive: true, force: true });
  rmSync(join(rootDir, LEGACY_FILE), { force: true });
}
