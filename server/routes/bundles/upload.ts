/**
 * An uploaded file streamed to a temporary file in the data dir (never held in memory) and hashed on
 * the way, for checks that need a real file (a zip is read from its end). The file is deleted whatever
 * happens; it is named `<id>-<pid>.zip` so that the start-up sweep removes it after a crash.
 */
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { SiteDeps } from '../../deps.js';
import { ulid } from '../../domain/ids.js';
import { uploadsDir } from '../../domain/siteBuilds.js';
import { digestMeter } from '../../streamDigest.js';

/** The stored upload. */
export interface StoredUpload {
  readonly file: string;
  readonly sha256: string;
  readonly sizeBytes: number;
}

/** Stores `body`, runs `use` on it, then deletes it. */
export async function withUploadedFile<T>(
  deps: SiteDeps,
  body: Readable,
  use: (upload: StoredUpload) => Promise<T>,
): Promise<T> {
  const dir = uploadsDir(deps.dataDir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${ulid(deps.now())}-${process.pid}.zip`);
  const measure = digestMeter();
  try {
    await pipeline(body, measure.stream, createWriteStream(file, { mode: 0o600 }));
    return await use({ file, ...measure.result() });
  } finally {
    rmSync(file, { force: true });
  }
}
