/**
 * The bundle archive: a deterministic zip of a folder. Entries in byte order of their paths, one fixed
 * timestamp (1980-01-01 00:00, DOS format only: no extra field that could vary), mode 0644, the same
 * compression for the same file name. File contents are streamed from disk and the archive is streamed
 * to a temporary file that is renamed when complete, so memory does not grow with the bundle and a
 * half-written archive never has the final name. Size and SHA-256 are computed while writing.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { digestMeter } from '../streamDigest.js';

/** Regular file, rw-r--r--. */
const FILE_MODE = 0o100644;

/**
 * Formats deflate cannot shrink: stored as they are. PNG and GIF are not among them: docs screenshots are
 * often poorly compressed, and deflating novu's PNGs saves 17% of their size.
 */
const STORED = /\.(jpe?g|webp|avif|woff2?|zip|gz|br|mp4|webm|mp3|ogg)$/i;

/**
 * The archive's one timestamp. yazl encodes DOS times from *local* time fields, so the date is built
 * from local fields too: the bytes are the same in every time zone.
 */
function fixedTime(): Date {
  return new Date(1980, 0, 1, 0, 0, 0);
}

/** Deletes temporary archives an interrupted run left next to `outFile`. */
function removeStaleTemporaries(outFile: string): void {
  const prefix = `${basename(outFile)}.tmp-`;
  let names: string[];
  try {
    names = readdirSync(dirname(outFile));
  } catch {
    return;
  }
  for (const name of names) {
    if (name.startsWith(prefix)) rmSync(join(dirname(outFile), name), { force: true });
  }
}

/** A written archive. */
export interface ZipResult {
  readonly sha256: string;
  readonly sizeBytes: number;
}

/**
 * Zips `files` (bundle-relative, `/`-separated) of folder `dir` into `outFile`. Throws (leaving no
 * temporary file) when writing fails.
 */
export async function writeDeterministicZip(
  dir: string,
  files: readonly string[],
  outFile: string,
): Promise<ZipResult> {
  const zip = new yazl.ZipFile();
  // yazl reports unreadable files on the ZipFile itself, not on its output stream.
  const zipFailed = new Promise<never>((_, reject) => zip.on('error', reject));
  zipFailed.catch(() => undefined);
  const sorted = [...files].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  for (const file of sorted) {
    zip.addFile(join(dir, ...file.split('/')), file, {
      mtime: fixedTime(),
      mode: FILE_MODE,
      // Stored and deflated (level 6) entries: yazl refuses a level next to compress: false.
      ...(STORED.test(file) ? { compress: false } : { compress: true, compressionLevel: 6 }),
      forceDosTimestamp: true,
    });
  }
  zip.end();
  const measure = digestMeter();
  removeStaleTemporaries(outFile);
  const tmp = `${outFile}.tmp-${randomBytes(6).toString('hex')}`;
  const file = createWriteStream(tmp);
  const written = pipeline(zip.outputStream, measure.stream, file);
  written.catch(() => undefined);
  try {
    await Promise.race([written, zipFailed]);
    renameSync(tmp, outFile);
  } catch (error) {
    // An unreadable file fails the zip while the file stream may still be opening the temporary file:
    // the pipeline is stopped and waited for, or the file would appear after its removal.
    file.destroy();
    await written.catch(() => undefined);
    rmSync(tmp, { force: true });
    throw error;
  }
  return measure.result();
}
