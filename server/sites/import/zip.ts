/**
 * Safe extraction of a docs zip. Every entry is checked before anything is written (see zipChecks.ts:
 * no entry may leave the target, no symlinks or special files, no encryption, caps on entry count,
 * central-directory size, declared total and expansion ratio, each checked before the work it bounds).
 * Extraction then trusts no declared size: each entry may produce at most what it declared and must
 * pass its CRC, and the bytes actually written are counted against the total cap.
 *
 * A zip without a config at its root (GitHub's `docs-main/...` downloads, a repository with its docs in
 * `docs/`) is unpacked from the folder that holds the project (projectFolder.ts), and only that folder.
 */
import { closeSync, mkdirSync, openSync, statSync, utimesSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { extractEntrySync } from '../../zip/entryData.js';
import { ZipFormatError, type ZipDirectory, type ZipEntry } from '../../zip/directory.js';
import { formatBytes } from '../../bytes.js';
import type { ImportLimits } from './limits.js';
import { projectFolderOf } from './projectFolder.js';
import { checkZip, reject, startsWithDriveLetter } from './zipChecks.js';

export { unsafeEntryName } from './zipChecks.js';

/** What an extraction wrote. */
export interface ExtractResult {
  readonly files: number;
  readonly bytes: number;
  /** The folder of the zip the project was unpacked from, when not its root (`docs-main/docs`). */
  readonly strippedPrefix?: string;
}

/** The `folder/` prefix of the entries that make the project, or undefined when it is the zip's root. */
function projectPrefix(names: readonly string[], zipName: string): string | undefined {
  const folder = projectFolderOf(
    names.filter((n) => !n.endsWith('/')),
    zipName,
  );
  return folder === '' ? undefined : `${folder}/`;
}

/** Writes one file entry to `dest`; returns the bytes written. */
function writeEntry(fd: number, directory: ZipDirectory, entry: ZipEntry, dest: string, zipName: string): number {
  let out: number;
  try {
    mkdirSync(dirname(dest), { recursive: true });
    out = openSync(dest, 'wx', 0o644);
  } catch (error) {
    // A file and a folder of the same name, or names equal but for case on this file system.
    const code = error instanceof Error && 'code' in error ? String(error.code) : 'error';
    reject(zipName, `entry "${entry.name}" clashes with another entry (${code})`);
  }
  try {
    return extractEntrySync(fd, directory, entry, out);
  } catch (error) {
    if (error instanceof ZipFormatError) reject(zipName, error.message);
    throw error;
  } finally {
    closeSync(out);
  }
}

function extractAll(
  fd: number,
  directory: ZipDirectory,
  entries: readonly ZipEntry[],
  target: string,
  limits: ImportLimits,
  zipName: string,
): ExtractResult {
  const prefix = projectPrefix(
    entries.map((e) => e.name),
    zipName,
  );
  // Project-relative names are checked too: behind the wrapping folder, a drive letter would start a
  // page's bundle file name all the same.
  for (const entry of entries) {
    if (prefix !== undefined && entry.name.startsWith(prefix) && startsWithDriveLetter(entry.name.slice(prefix.length)))
      reject(zipName, `entry "${entry.name}" starts with a drive letter`);
  }
  mkdirSync(target, { recursive: true });
  let files = 0;
  let bytes = 0;
  for (const entry of entries) {
    // Only the project's folder is unpacked: the rest of a repository is no part of the site.
    if (prefix !== undefined && !entry.name.startsWith(prefix)) continue;
    const rel = prefix === undefined ? entry.name : entry.name.slice(prefix.length);
    if (rel === '' || rel.split('/').every((s) => s === '' || s === '.')) continue;
    const dest = resolve(target, rel);
    const inside = relative(target, dest);
    // Belt and braces: the name checks already make this impossible.
    if (inside.startsWith('..') || isAbsolute(inside))
      reject(zipName, `entry "${entry.name}" leaves the target folder`);
    if (entry.isDirectory) {
      try {
        mkdirSync(dest, { recursive: true });
      } catch {
        reject(zipName, `entry "${entry.name}" clashes with another entry`);
      }
      continue;
    }
    bytes += writeEntry(fd, directory, entry, dest, zipName);
    // Pages show when they last changed (docs.json metadata.timestamp): the zipped file's time.
    if (entry.modified !== null) utimesSync(dest, entry.modified, entry.modified);
    if (bytes > limits.maxTotalBytes)
      reject(zipName, `its files add up to more than the ${formatBytes(limits.maxTotalBytes)} allowed`);
    files++;
  }
  return { files, bytes, ...(prefix === undefined ? {} : { strippedPrefix: prefix.slice(0, -1) }) };
}

/**
 * Extracts `zipFile` into `targetDir` (created if missing). Throws a ValidationError when the zip is
 * unreadable or breaks a rule; nothing is written when a check fails, and a failure while writing leaves
 * a partial folder that the caller removes (stageBuild does). `zipName` is how messages name the zip.
 */
export function extractZip(zipFile: string, targetDir: string, limits: ImportLimits, zipName = zipFile): ExtractResult {
  const size = statSync(zipFile).size;
  if (size > limits.maxZipBytes)
    reject(zipName, `the zip is ${formatBytes(size)}, more than the ${formatBytes(limits.maxZipBytes)} allowed`);
  const fd = openSync(zipFile, 'r');
  try {
    const { directory, entries } = checkZip(fd, zipName, limits);
    return extractAll(fd, directory, entries, resolve(targetDir), limits, zipName);
  } finally {
    closeSync(fd);
  }
}
