/** Temporary data directories, removed after each test file (test/setupEachFile.ts). */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseFile } from '../../server/config.js';
import { openDatabase } from '../../server/db/connection.js';
import { LATEST_VERSION } from '../../server/db/migrations.js';

const created: string[] = [];

/**
 * Deletes every directory {@link tempDir} made since the last call. The per-file setup calls it once the
 * file is done: a hook registered here would belong only to the first file that imported this module,
 * since files share a worker and its loaded modules.
 */
export function removeTempDirs(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A new empty directory, deleted when the test file that made it finishes. */
export function tempDir(prefix = 'offprint-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  created.push(dir);
  return dir;
}

/**
 * A data dir whose database says it was written by a newer Offprint (schema `LATEST_VERSION + 1`), in
 * WAL mode or, as a future version might leave it, with a rollback journal.
 */
export function tooNewDataDir(journalMode: 'wal' | 'delete' = 'wal'): {
  dataDir: string;
  file: string;
  version: number;
} {
  const dataDir = tempDir();
  mkdirSync(dataDir, { recursive: true });
  const file = databaseFile(dataDir);
  const db = openDatabase(file);
  const version = LATEST_VERSION + 1;
  db.pragma(`journal_mode = ${journalMode}`);
  db.pragma(`user_version = ${version}`);
  db.close();
  return { dataDir, file, version };
}

/** SHA-256 of a file's bytes, or null when it does not exist. */
export function fileDigest(file: string): string | null {
  return existsSync(file) ? createHash('sha256').update(readFileSync(file)).digest('hex') : null;
}
