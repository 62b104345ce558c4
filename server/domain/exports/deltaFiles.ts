/**
 * Where the delta between two jobs' bundles is kept: beside the newer job's bundle,
 * `<dataDir>/exports/<jobId>/delta-<fromJobId>.zip`, with `.json` beside it recording what it was made
 * from (both bundles' SHA-256) and its own size and SHA-256, so it is built once per pair and served
 * without hashing it again. Deleting the job deletes its deltas with it.
 */
import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { jobDir } from '../../exportSpec/files.js';

const sha = z.string().regex(/^[0-9a-f]{64}$/);

/** What a cached delta records of itself. */
export const DeltaRecordSchema = z.object({
  baseSha256: sha,
  targetSha256: sha,
  sha256: sha,
  sizeBytes: z.number().int().nonnegative(),
  fingerprint: z.string(),
});

/** A cached delta's record. */
export type DeltaRecord = z.infer<typeof DeltaRecordSchema>;

/** The delta zip from job `fromJobId`'s bundle to job `jobId`'s. */
export function deltaFile(dataDir: string, jobId: string, fromJobId: string): string {
  return join(jobDir(dataDir, jobId), `delta-${fromJobId}.zip`);
}

/** The record of a cached delta whose file is still there with its recorded size, or null. */
export function readDeltaRecord(dataDir: string, jobId: string, fromJobId: string): DeltaRecord | null {
  const file = deltaFile(dataDir, jobId, fromJobId);
  try {
    const parsed = DeltaRecordSchema.safeParse(JSON.parse(readFileSync(`${file}.json`, 'utf8')));
    if (!parsed.success || statSync(file).size !== parsed.data.sizeBytes) return null;
    return parsed.data;
  } catch {
    return null;
  }
}

/** Records a delta just written (through a temporary file and a rename). */
export function writeDeltaRecord(dataDir: string, jobId: string, fromJobId: string, record: DeltaRecord): void {
  const target = `${deltaFile(dataDir, jobId, fromJobId)}.json`;
  const temp = `${target}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(record)}\n`);
  renameSync(temp, target);
}
