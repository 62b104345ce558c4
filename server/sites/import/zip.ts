/**
 * Safe extraction of a docs zip. Every entry is checked before anything is written: no entry may leave
 * the target (`..`, absolute paths, drive letters, backslashes, NUL), no symlinks or other special files
 * (unix mode in the external attributes), no encryption, and caps on entry count, total uncompressed
 * size and per-entry compression ratio (zip bombs). adm-zip 0.6 inflates at most the declared size and
 * checks the CRC, so declared sizes bound what is written.
 *
 * A zip whose files all sit in one top folder (GitHub's `docs-main/...` downloads) is unpacked from
 * inside that folder when the config is there and not at the zip's root.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve, isAbsolute } from 'node:path';
import AdmZip from 'adm-zip';
import { ValidationError } from '../../domain/errors.js';
import { formatBytes, type ImportLimits } from './limits.js';

/** What an extraction wrote. */
export interface ExtractResult {
  readonly files: number;
  readonly bytes: number;
  /** The wrapping top folder that was stripped, if any. */
  readonly strippedPrefix?: string;
}

const S_IFMT = 0o170000;
const ALLOWED_TYPES = new Set([0, 0o100000, 0o040000]);

function reject(zipName: string, problem: string): never {
  throw ValidationError(`The zip cannot be imported: ${problem}`, [`${zipName}: ${problem}`]);
}

/** Why an entry name is unsafe, or undefined when it is fine. */
export function unsafeEntryName(name: string): string | undefined {
  if (name.includes('\0')) return 'contains a NUL byte';
  if (name.includes('\\')) return 'contains a backslash';
  if (name.startsWith('/')) return 'is an absolute path';
  if (/^[a-zA-Z]:/.test(name)) return 'starts with a drive letter';
  if (name.split('/').some((segment) => segment === '..')) return 'contains ".."';
  return undefined;
}

function isJunk(name: string): boolean {
  return name.startsWith('__MACOSX/') || name.split('/').pop() === '.DS_Store';
}

function wrapperPrefix(names: readonly string[]): string | undefined {
  const files = names.filter((n) => !n.endsWith('/'));
  if (files.some((n) => n === 'docs.json' || n === 'mint.json')) return undefined;
  const first = files[0]?.split('/')[0];
  if (first === undefined || !files.every((n) => n.startsWith(`${first}/`))) return undefined;
  const hasConfig = files.includes(`${first}/docs.json`) || files.includes(`${first}/mint.json`);
  return hasConfig ? `${first}/` : undefined;
}

/**
 * Extracts `zipFile` into `targetDir` (created if missing). Throws a ValidationError (nothing written)
 * when the zip is unreadable or breaks a rule; `zipName` is how messages name the zip.
 */
export function extractZip(zipFile: string, targetDir: string, limits: ImportLimits, zipName = zipFile): ExtractResult {
  const size = statSync(zipFile).size;
  if (size > limits.maxZipBytes)
    reject(zipName, `the zip is ${formatBytes(size)}, more than the ${formatBytes(limits.maxZipBytes)} allowed`);
  let entries: AdmZip.IZipEntry[];
  try {
    entries = new AdmZip(zipFile).getEntries();
  } catch (error) {
    reject(zipName, `not a readable zip file (${error instanceof Error ? error.message : String(error)})`);
  }
  if (entries.length > limits.maxEntries) {
    reject(zipName, `it has ${entries.length} entries, more than the ${limits.maxEntries} allowed`);
  }

  let total = 0;
  const names: string[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    // Check the name adm-zip decoded and the raw bytes read as UTF-8: both must be safe.
    for (const name of [entry.entryName, entry.rawEntryName.toString('utf8')]) {
      const why = unsafeEntryName(name);
      if (why !== undefined) reject(zipName, `entry "${name}" ${why}`);
    }
    const name = entry.entryName;
    const type = (entry.header.attr >>> 16) & S_IFMT;
    if (type === 0o120000) reject(zipName, `entry "${name}" is a symbolic link`);
    if (!ALLOWED_TYPES.has(type)) reject(zipName, `entry "${name}" is not a regular file or folder`);
    if (entry.header.encrypted) reject(zipName, `entry "${name}" is encrypted`);
    const key = name.replace(/\/+$/, '').toLowerCase();
    if (!entry.isDirectory && seen.has(key)) reject(zipName, `entry "${name}" appears twice`);
    seen.add(key);
    if (isJunk(name)) continue;
    const declared = entry.header.size;
    const compressed = entry.header.compressedSize;
    if (declared >= limits.ratioMinBytes && declared / Math.max(compressed, 1) > limits.maxRatio) {
      reject(
        zipName,
        `entry "${name}" expands ${Math.round(declared / Math.max(compressed, 1))}x (${formatBytes(compressed)} -> ${formatBytes(declared)}), more than the ${limits.maxRatio}x allowed`,
      );
    }
    total += declared;
    if (total > limits.maxTotalBytes) {
      reject(zipName, `its files add up to more than the ${formatBytes(limits.maxTotalBytes)} allowed`);
    }
    names.push(name);
  }

  const prefix = wrapperPrefix(names);
  const target = resolve(targetDir);
  mkdirSync(target, { recursive: true });
  let files = 0;
  let bytes = 0;
  for (const entry of entries) {
    if (isJunk(entry.entryName)) continue;
    const rel =
      prefix !== undefined && entry.entryName.startsWith(prefix)
        ? entry.entryName.slice(prefix.length)
        : entry.entryName;
    if (rel === '' || rel.split('/').every((s) => s === '' || s === '.')) continue;
    const dest = resolve(target, rel);
    const inside = relative(target, dest);
    // Belt and braces: the name checks above already make this impossible.
    if (inside.startsWith('..') || isAbsolute(inside))
      reject(zipName, `entry "${entry.entryName}" leaves the target folder`);
    if (entry.isDirectory) {
      try {
        mkdirSync(dest, { recursive: true });
      } catch {
        reject(zipName, `entry "${entry.entryName}" clashes with another entry`);
      }
      continue;
    }
    let data: Buffer;
    try {
      data = entry.getData();
    } catch (error) {
      reject(
        zipName,
        `entry "${entry.entryName}" cannot be read (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    bytes += data.length;
    if (bytes > limits.maxTotalBytes)
      reject(zipName, `its files add up to more than the ${formatBytes(limits.maxTotalBytes)} allowed`);
    try {
      mkdirSync(dirname(dest), { recursive: true });
      writeFileSync(dest, data, { flag: 'wx', mode: 0o644 });
    } catch (error) {
      // A file and a folder of the same name, or names equal but for case on this file system.
      const code = error instanceof Error && 'code' in error ? String(error.code) : 'error';
      reject(zipName, `entry "${entry.entryName}" clashes with another entry (${code})`);
    }
    files++;
  }
  return { files, bytes, ...(prefix === undefined ? {} : { strippedPrefix: prefix.slice(0, -1) }) };
}
