/**
 * The data dir holds the database, and with it the install's signing secret and every organisation's
 * keys: it must be the owner's alone. Rule (README, "Data directory"): the folder is 0700 and the
 * database files and server.json 0600. A folder or file that others may read is tightened when this
 * user owns it, and refused with how to fix it when not. Windows has no such modes (its folders
 * inherit the ACL of the per-user profile): the checks are skipped there.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** Files of a data dir that hold secrets or point at them (the SQLite database and its journals). */
export const SECRET_FILES = ['offprint.db', 'offprint.db-wal', 'offprint.db-shm', 'server.json'] as const;

/** Permission bits that let anyone but the owner in. */
const OTHERS = 0o077;

/** Why a data dir cannot be used safely; `code` makes the CLI print it as it is. */
export class UnsafeDataDirError extends Error {
  readonly code = 'EUNSAFEDATADIR';
}

/** Files Offprint creates from now on are owner-only, whatever the umask it was started with. */
export function restrictUmask(): void {
  if (process.platform !== 'win32') process.umask(0o077);
}

function isOwn(uid: number): boolean {
  return typeof process.getuid === 'function' && process.getuid() === uid;
}

/** Makes `path` owner-only (`mode`) when others may read it: chmod if ours, else refuse. */
function tighten(path: string, mode: number, fix: string): void {
  const stats = statSync(path);
  if ((stats.mode & OTHERS) === 0) return;
  const how = `other users can read ${path} (mode ${(stats.mode & 0o777).toString(8)})`;
  if (!isOwn(stats.uid)) {
    throw new UnsafeDataDirError(`${how} and it belongs to another user; fix it with \`${fix}\` as its owner`);
  }
  try {
    chmodSync(path, mode);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UnsafeDataDirError(`${how} and it could not be made private (${reason}); fix it with \`${fix}\``);
  }
}

/**
 * Creates `path` and any missing parents (`mode`), one folder at a time. Not `mkdirSync`'s recursive
 * mode: where a folder exists but refuses a new entry with ENOENT (`/proc/nope`), that mode takes the
 * ENOENT for a missing parent and retries forever; here the error comes back at once.
 */
export function makeFolders(path: string, mode: number): void {
  const missing: string[] = [];
  for (let at = resolve(path); !existsSync(at); at = dirname(at)) {
    missing.unshift(at);
    if (dirname(at) === at) break;
  }
  for (const dir of missing) {
    try {
      mkdirSync(dir, { mode });
    } catch (error) {
      // Another process made it meanwhile: as good as made here.
      const code = error instanceof Error && 'code' in error ? error.code : undefined;
      if (code !== 'EEXIST' || !statSync(dir).isDirectory()) throw error;
    }
  }
}

/**
 * Creates `dataDir` (0700) if missing and makes it and its secret files owner-only, creating the
 * database file 0600 before SQLite does (SQLite gives its -wal and -shm files the database's mode).
 * Throws {@link UnsafeDataDirError} when others can read it and it cannot be tightened.
 */
export function prepareDataDir(dataDir: string, platform: NodeJS.Platform = process.platform): void {
  makeFolders(dataDir, 0o700);
  if (platform === 'win32') return;
  if (!statSync(dataDir).isDirectory()) throw new UnsafeDataDirError(`${dataDir} is not a folder`);
  tighten(dataDir, 0o700, `chmod 700 '${dataDir}'`);
  const database = join(dataDir, SECRET_FILES[0]);
  if (!existsSync(database)) closeSync(openSync(database, 'a', 0o600));
  for (const name of SECRET_FILES) {
    const file = join(dataDir, name);
    if (existsSync(file)) tighten(file, 0o600, `chmod 600 '${file}'`);
  }
}
