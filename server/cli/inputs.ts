/**
 * The files and folders a command reads (a bundle, a delta, an NDJSON file, a docs folder or zip, a public
 * key) and the files it writes (`--out`), checked before any work in one wording for every command: the
 * path as it resolved and what was expected. A usage error (exit code 2, the command's help), since the fix is on the command line; each
 * command used to say it its own way ("no such file", "does not exist", node's ENOENT, "cannot read").
 */
import { accessSync, constants, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from './io.js';

/** What a path must be: a file, or (a docs project) a folder or a zip file. */
export type InputKind = 'file' | 'file or folder';

/** Why a readable-looking entry cannot be read, in words. */
function unreadable(error: unknown): string {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOTDIR') return 'a part of the path is a file';
  if (code === 'ELOOP') return 'the path has a loop of symbolic links';
  return error instanceof Error ? error.message : String(error);
}

/**
 * `given` as an absolute path, refused as a usage error when nothing is there, when it is a folder and a
 * file is expected, or when this user may not read it. `flagName` (`--source`) names the flag it came
 * from; a positional argument needs none.
 */
export function inputPath(given: string, kind: InputKind = 'file', flagName?: string): string {
  const path = resolve(given);
  const prefix = flagName === undefined ? '' : `${flagName}: `;
  let stats;
  try {
    stats = statSync(path, { throwIfNoEntry: false });
  } catch (error) {
    throw new UsageError(`${prefix}cannot read ${path}: ${unreadable(error)}`);
  }
  if (stats === undefined) throw new UsageError(`${prefix}no such ${kind}: ${path}`);
  if (kind === 'file' && stats.isDirectory()) throw new UsageError(`${prefix}${path} is a folder, not a file`);
  try {
    accessSync(path, stats.isDirectory() ? constants.R_OK | constants.X_OK : constants.R_OK);
  } catch (error) {
    throw new UsageError(`${prefix}cannot read ${path}: ${unreadable(error)}`);
  }
  return path;
}

/**
 * `given`, a file a command will write, as an absolute path; refused as a usage error when its folder does
 * not exist or this user may not write there, or when it is a folder. Checked first, since finding out
 * after minutes of rendering or fetching (or as node's ENOENT on a temporary file) is no help.
 */
export function outputPath(given: string, flagName = '--out'): string {
  const path = resolve(given);
  const folder = dirname(path);
  let why: string | undefined;
  try {
    const stats = statSync(folder, { throwIfNoEntry: false });
    if (stats === undefined) why = 'no such folder';
    else if (!stats.isDirectory()) why = 'it is a file, not a folder';
    else accessSync(folder, constants.W_OK | constants.X_OK);
  } catch (error) {
    why = unreadable(error);
  }
  if (why !== undefined) throw new UsageError(`${flagName}: cannot write a file in ${folder}: ${why}`);
  if (statSync(path, { throwIfNoEntry: false })?.isDirectory() === true) {
    throw new UsageError(`${flagName}: ${path} is a folder, not a file`);
  }
  return path;
}
