/**
 * Copying a docs folder into a build dir. Symbolic links are skipped (a link could expose any file of the
 * machine through the site), as are `.git` and `node_modules`, which are never part of a site and can be
 * huge. The zip caps on entry count and total size apply too, so pointing at the wrong folder (a home
 * directory) fails fast instead of filling the disk.
 */
import { chmodSync, copyFileSync, lstatSync, mkdirSync, readdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { ValidationError } from '../../errors.js';
import { formatBytes } from '../../bytes.js';
import type { ImportLimits } from './limits.js';
import { startsWithDriveLetter } from './zipChecks.js';

/** What a copy wrote. */
export interface CopyResult {
  readonly files: number;
  readonly bytes: number;
  /** Project-relative paths of symbolic links left out. */
  readonly skippedLinks: readonly string[];
}

const SKIPPED_DIRS = new Set(['.git', 'node_modules']);

/** Copies `sourceDir` into `targetDir` (created). Throws a ValidationError when a cap is exceeded. */
export function copyFolder(
  sourceDir: string,
  targetDir: string,
  limits: ImportLimits,
  sourceName = sourceDir,
): CopyResult {
  let entries = 0;
  let files = 0;
  let bytes = 0;
  const skippedLinks: string[] = [];
  const fail = (problem: string): never => {
    throw ValidationError(`The folder cannot be imported: ${problem}`, [`${sourceName}: ${problem}`]);
  };
  const walk = (from: string, to: string, rel: string): void => {
    mkdirSync(to, { recursive: true });
    for (const entry of readdirSync(from, { withFileTypes: true })) {
      const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory() && SKIPPED_DIRS.has(entry.name)) continue;
      if (++entries > limits.maxEntries) fail(`it has more than the ${limits.maxEntries} files and folders allowed`);
      // As for a zip entry: a page of a `C:` folder would be a bundle file the export cannot write.
      if (rel === '' && startsWithDriveLetter(entry.name)) fail(`"${entry.name}" starts with a drive letter`);
      if (entry.isSymbolicLink()) {
        skippedLinks.push(path);
      } else if (entry.isDirectory()) {
        walk(join(from, entry.name), join(to, entry.name), path);
      } else if (entry.isFile()) {
        const stats = lstatSync(join(from, entry.name));
        bytes += stats.size;
        if (bytes > limits.maxTotalBytes)
          fail(`its files add up to more than the ${formatBytes(limits.maxTotalBytes)} allowed`);
        copyFileSync(join(from, entry.name), join(to, entry.name));
        // copyFile gives the copy the source's mode whatever the umask: Offprint's copies are owner-only.
        chmodSync(join(to, entry.name), 0o600);
        // Pages show when they last changed (docs.json metadata.timestamp): the source file's time.
        utimesSync(join(to, entry.name), stats.atime, stats.mtime);
        files++;
      }
    }
  };
  walk(sourceDir, targetDir, '');
  return { files, bytes, skippedLinks };
}
