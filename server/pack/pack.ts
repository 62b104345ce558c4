/**
 * `offprint pack`, the connected-side step: a docs project (folder or zip) in, a zip out that holds the
 * author's files unchanged plus a copy of every remote asset they use (`_offprint-remote/`) and the
 * lock naming them (`_offprint-remote/lock.json`). Importing that zip offline then shows the copies
 * (server/sites/project/remote.ts). The project is read with the import's own caps and loader, and
 * its pages rendered in the render sandbox, as an import would; nothing is written next to the source.
 * The zip is deterministic (server/export/zip.ts): the same project and remote bytes give the same zip.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { ValidationError } from '../errors.js';
import type { Logger } from '../logger.js';
import { writeDeterministicZip } from '../export/zip.js';
import { copyFolder } from '../sites/import/copy.js';
import { importLimits } from '../sites/import/limits.js';
import { configFilesIn, projectFolderOf } from '../sites/import/projectFolder.js';
import { extractZip } from '../sites/import/zip.js';
import { loadSiteProject } from '../sites/project/load.js';
import { REMOTE_DIR } from '../sites/project/remote.js';
import { fetchAll, type FailedRef, type PackedRef, type PackLimits } from './fetchAll.js';
import { findRemoteRefs } from './refs.js';

const MB = 1024 * 1024;

/** Default bounds (README, "offprint pack"); the CLI's flags override them. */
export const DEFAULT_PACK_LIMITS: PackLimits = {
  allowHttp: false,
  allowPrivateHosts: false,
  maxRedirects: 5,
  timeoutMs: 30_000,
  maxBytes: { image: 25 * MB, video: 100 * MB, font: 10 * MB, spec: 10 * MB },
  maxTotalBytes: 512 * MB,
  concurrency: 4,
};

/** What a pack did. */
export interface PackReport {
  readonly out: string;
  readonly sha256: string;
  readonly sizeBytes: number;
  /** Files in the zip (the author's, the copies and the lock). */
  readonly files: number;
  readonly packed: readonly PackedRef[];
  readonly failed: readonly FailedRef[];
  /** Bytes fetched. */
  readonly fetchedBytes: number;
  /** Pages that could not be rendered, so their remote media may be missing from the pack. */
  readonly unrendered: readonly string[];
}

/** Every file under `dir`, `/`-separated and relative. */
function listFiles(dir: string, rel = ''): string[] {
  return readdirSync(join(dir, rel), { withFileTypes: true }).flatMap((entry) => {
    const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
    if (entry.isDirectory()) return listFiles(dir, path);
    return entry.isFile() ? [path] : [];
  });
}

/** Copies or extracts the source into `target` with the import's caps; the out file is left behind. */
function stage(source: string, target: string, outFile: string): void {
  let stats;
  try {
    stats = statSync(source);
  } catch {
    throw ValidationError('The project to pack does not exist', [`${source}: not found`]);
  }
  const limits = importLimits();
  if (stats.isDirectory()) {
    // As an import takes it: from the folder of the source that holds the project.
    const projectDir = join(source, projectFolderOf(configFilesIn(source), source));
    copyFolder(projectDir, target, limits, source);
    // A zip written into the project by an earlier pack is not part of the project.
    const inside = relative(projectDir, outFile);
    if (!inside.startsWith('..') && !isAbsolute(inside)) rmSync(join(target, inside), { force: true });
  } else if (stats.isFile() && source.toLowerCase().endsWith('.zip')) {
    extractZip(source, target, limits, source);
  } else {
    throw ValidationError('The project to pack must be a folder or a .zip file', [`${source}: neither`]);
  }
  // An earlier pack's copies and lock are replaced, never merged: the new lock says what is current.
  rmSync(join(target, REMOTE_DIR), { recursive: true, force: true });
}

/**
 * Packs the project at `sourcePath` into `outFile`. Throws a ValidationError when the project cannot be
 * read or the zip cannot be written; URLs that cannot be fetched are listed in the report and the lock.
 */
export async function packProject(
  sourcePath: string,
  outFile: string,
  limits: PackLimits,
  logger: Logger,
): Promise<PackReport> {
  const work = mkdtempSync(join(tmpdir(), 'offprint-pack-'));
  try {
    const projectDir = join(work, 'project');
    const out = resolve(outFile);
    stage(resolve(sourcePath), projectDir, out);
    const model = loadSiteProject(projectDir);
    const found = await findRemoteRefs(model, logger);
    const fetched = await fetchAll(found.refs, projectDir, limits);
    const files = listFiles(projectDir);
    const zip = await writeDeterministicZip(projectDir, files, out);
    return {
      out,
      ...zip,
      files: files.length,
      packed: fetched.packed,
      failed: fetched.failed,
      fetchedBytes: fetched.bytes,
      unrendered: found.unrendered,
    };
  } finally {
    rmSync(work, { recursive: true, force: true, maxRetries: 3 });
  }
}
