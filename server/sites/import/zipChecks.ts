/**
 * The checks a docs zip passes before anything is extracted, in the order that keeps work bounded: the
 * declared entry count and central-directory size (from the End Of Central Directory record, a few
 * bytes), then each central-directory record as it is streamed (name, type, encryption, duplicates,
 * per-entry expansion ratio, running total of declared sizes), then the archive's overall ratio.
 */
import { ValidationError } from '../../errors.js';
import {
  centralEntries,
  readZipDirectory,
  ZipFormatError,
  type ZipDirectory,
  type ZipEntry,
} from '../../zip/directory.js';
import { formatBytes } from '../../bytes.js';
import type { ImportLimits } from './limits.js';

const S_IFMT = 0o170000;
const ALLOWED_TYPES = new Set([0, 0o100000, 0o040000]);

/** Throws the 400 every refused zip gets: `problem` in the message and, prefixed by `zipName`, the detail. */
export function reject(zipName: string, problem: string): never {
  throw ValidationError(`The zip cannot be imported: ${problem}`, [`${zipName}: ${problem}`]);
}

/**
 * Whether a name starts with a drive letter (`C:`): Windows reads it as absolute, and so does the zip
 * writer of an export, which refuses a bundle file named so (a page at `C:/x.mdx` would be `C:/x.html`).
 */
export function startsWithDriveLetter(name: string): boolean {
  return /^[a-zA-Z]:/.test(name);
}

/** Why an entry name is unsafe, or undefined when it is fine. */
export function unsafeEntryName(name: string): string | undefined {
  if (name.includes('\0')) return 'contains a NUL byte';
  if (name.includes('\\')) return 'contains a backslash';
  if (name.startsWith('/')) return 'is an absolute path';
  if (startsWithDriveLetter(name)) return 'starts with a drive letter';
  if (name.split('/').some((segment) => segment === '..')) return 'contains ".."';
  return undefined;
}

/** macOS metadata that zips made in Finder carry; never part of a site. */
export function isJunk(name: string): boolean {
  return name.startsWith('__MACOSX/') || name.split('/').pop() === '.DS_Store';
}

/** The accepted entries of a zip (junk left out) and their declared total. */
export interface CheckedZip {
  readonly directory: ZipDirectory;
  readonly entries: readonly ZipEntry[];
  readonly declaredBytes: number;
}

function ratioOf(size: number, compressed: number): number {
  return size / Math.max(compressed, 1);
}

function checkEntry(entry: ZipEntry, zipName: string, limits: ImportLimits, seen: Set<string>): void {
  const { name } = entry;
  const why = unsafeEntryName(name);
  if (why !== undefined) reject(zipName, `entry "${name}" ${why}`);
  const type = (entry.externalAttr >>> 16) & S_IFMT;
  if (type === 0o120000) reject(zipName, `entry "${name}" is a symbolic link`);
  if (!ALLOWED_TYPES.has(type)) reject(zipName, `entry "${name}" is not a regular file or folder`);
  if (entry.encrypted) reject(zipName, `entry "${name}" is encrypted`);
  // Names equal but for case, Unicode normalization (macOS stores NFD) or trailing slashes would
  // overwrite each other on some file systems.
  const key = name.replace(/\/+$/, '').normalize('NFC').toLowerCase();
  if (!entry.isDirectory && seen.has(key)) reject(zipName, `entry "${name}" appears twice`);
  seen.add(key);
  const ratio = ratioOf(entry.size, entry.compressedSize);
  if (entry.size >= limits.ratioMinBytes && ratio > limits.maxRatio) {
    reject(
      zipName,
      `entry "${name}" expands ${Math.round(ratio)}x (${formatBytes(entry.compressedSize)} -> ${formatBytes(entry.size)}), more than the ${limits.maxRatio}x allowed`,
    );
  }
}

function readDirectory(fd: number, zipName: string, limits: ImportLimits): ZipDirectory {
  let directory: ZipDirectory;
  try {
    directory = readZipDirectory(fd);
  } catch (error) {
    reject(zipName, `not a readable zip file (${error instanceof Error ? error.message : String(error)})`);
  }
  if (directory.entryCount > limits.maxEntries) {
    reject(zipName, `it has ${directory.entryCount} entries, more than the ${limits.maxEntries} allowed`);
  }
  if (directory.size > limits.maxDirectoryBytes) {
    reject(
      zipName,
      `its central directory is ${formatBytes(directory.size)}, more than the ${formatBytes(limits.maxDirectoryBytes)} allowed`,
    );
  }
  return directory;
}

/**
 * Checks the zip open as `fd` against every rule and cap, reading only its End Of Central Directory and
 * central directory (never an entry's data). Throws the 400 of {@link reject} on the first breach.
 */
export function checkZip(fd: number, zipName: string, limits: ImportLimits): CheckedZip {
  const directory = readDirectory(fd, zipName, limits);
  const entries: ZipEntry[] = [];
  const seen = new Set<string>();
  let declaredBytes = 0;
  try {
    for (const entry of centralEntries(fd, directory)) {
      checkEntry(entry, zipName, limits, seen);
      if (isJunk(entry.name)) continue;
      declaredBytes += entry.size;
      if (declaredBytes > limits.maxTotalBytes) {
        reject(zipName, `its files add up to more than the ${formatBytes(limits.maxTotalBytes)} allowed`);
      }
      entries.push(entry);
    }
  } catch (error) {
    if (error instanceof ZipFormatError) reject(zipName, `not a readable zip file (${error.message})`);
    throw error;
  }
  const ratio = ratioOf(declaredBytes, directory.fileSize);
  if (declaredBytes >= limits.ratioMinBytes && ratio > limits.maxArchiveRatio) {
    reject(
      zipName,
      `the archive expands ${Math.round(ratio)}x (${formatBytes(directory.fileSize)} -> ${formatBytes(declaredBytes)}), more than the ${limits.maxArchiveRatio}x allowed`,
    );
  }
  return { directory, entries, declaredBytes };
}
