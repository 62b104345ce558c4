/** Where tests write screenshots for a person to look at (never committed). */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The folder for one test file's screenshots, made if needed: `$OFFPRINT_SHOTS/GROUP` when set (kept), else
 * one in the OS temp dir, which during `npm test` is the run's own folder (test/globalSetup.ts), removed at
 * its end.
 */
export function shotDir(group: string): string {
  const dir = join(process.env['OFFPRINT_SHOTS'] ?? join(tmpdir(), 'offprint-shots'), group);
  mkdirSync(dir, { recursive: true });
  return dir;
}
