/** Where Offprint keeps its data, and which address it serves on. */
import { homedir, platform } from 'node:os';
import { join, resolve } from 'node:path';

/** The per-OS application-data folder Offprint uses when neither `--data-dir` nor `OFFPRINT_DATA_DIR` is set. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const home = homedir();
  switch (platform()) {
    case 'win32':
      return join(env['APPDATA'] ?? join(home, 'AppData', 'Roaming'), 'Offprint');
    case 'darwin':
      return join(home, 'Library', 'Application Support', 'Offprint');
    default:
      return join(env['XDG_DATA_HOME'] ?? join(home, '.local', 'share'), 'offprint');
  }
}

/** `--data-dir`, else `OFFPRINT_DATA_DIR`, else the per-OS default; always absolute. */
export function resolveDataDir(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  return resolve(flag ?? env['OFFPRINT_DATA_DIR'] ?? defaultDataDir(env));
}

/** The database file inside a data dir. */
export function databaseFile(dataDir: string): string {
  return join(dataDir, 'offprint.db');
}

/** Extra Host names to accept (`OFFPRINT_ALLOWED_HOSTS`, comma-separated), besides the loopback names. */
export function allowedHostsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env['OFFPRINT_ALLOWED_HOSTS'] ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== '');
}
