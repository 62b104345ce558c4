/**
 * Fetching every reference of a project, a few at a time, under one total cap, and writing what came
 * back as the pack's copies and lock (server/sites/project/remote.ts). Copies are named by their
 * SHA-256, so the same bytes from two URLs are stored once and the names never depend on timing.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { formatBytes } from '../bytes.js';
import { DEFAULT_IMPORT_LIMITS } from '../sites/import/limits.js';
import {
  REMOTE_DIR,
  REMOTE_LOCK,
  REMOTE_LOCK_VERSION,
  RemoteLockSchema,
  type RemoteLock,
  type RemoteLockEntry,
} from '../sites/project/remote.js';
import { fetchRemote, type FetchLimits } from './fetch.js';
import { createFetchAgent } from './hosts.js';
import type { RemoteRef } from './refs.js';
import type { Wanted } from './sniff.js';

/** The bounds of a whole pack. */
export interface PackLimits extends FetchLimits {
  /** Largest sum of fetched bytes; past it, remaining URLs fail with a reason. */
  readonly maxTotalBytes: number;
  /** URLs fetched at once. */
  readonly concurrency: number;
}

/** A packed URL as the report shows it. */
export interface PackedRef extends RemoteLockEntry {
  readonly files: readonly string[];
}

/** A URL that could not be packed, and why. */
export interface FailedRef {
  readonly url: string;
  readonly kind: Wanted;
  readonly reason: string;
  readonly files: readonly string[];
}

/** What fetching produced. */
export interface FetchOutcome {
  readonly packed: readonly PackedRef[];
  readonly failed: readonly FailedRef[];
  readonly bytes: number;
}

type Result = { ok: PackedRef } | { fail: FailedRef };

/** Formats the zip writer stores as they are (server/export/zip.ts): their ratio is 1. */
const STORED = /^(jpe?g|webp|avif|woff2?|mp4|webm|mov)$/;

/**
 * Why the import would refuse the pack for this file, if it would: a copy that deflates past the
 * import's per-file ratio (a padded image) would make the whole zip look like a bomb.
 */
function importRefusal(bytes: Buffer, extension: string): string | undefined {
  const { maxRatio, ratioMinBytes } = DEFAULT_IMPORT_LIMITS;
  if (bytes.length < ratioMinBytes || STORED.test(extension)) return undefined;
  const ratio = bytes.length / Math.max(1, deflateRawSync(bytes, { level: 6 }).length);
  if (ratio <= maxRatio) return undefined;
  return `compresses ${Math.round(ratio)}x, more than the ${maxRatio}x an import accepts for one file`;
}

function byUrl<T extends { url: string }>(a: T, b: T): number {
  return a.url < b.url ? -1 : a.url > b.url ? 1 : 0;
}

/** Fetches `refs` into `projectDir` (copies under REMOTE_DIR) and writes the lock. */
export async function fetchAll(
  refs: readonly RemoteRef[],
  projectDir: string,
  limits: PackLimits,
): Promise<FetchOutcome> {
  mkdirSync(join(projectDir, ...REMOTE_DIR.split('/')), { recursive: true });
  const agent = createFetchAgent(limits.allowPrivateHosts);
  let total = 0;
  const one = async (ref: RemoteRef): Promise<Result> => {
    const got = await fetchRemote(ref.url, ref.wanted, limits, agent);
    const fail = (reason: string): Result => ({ fail: { url: ref.url, kind: ref.wanted, reason, files: ref.files } });
    if (typeof got === 'string') return fail(got);
    const bomb = importRefusal(got.bytes, got.extension);
    if (bomb !== undefined) return fail(bomb);
    if (total + got.bytes.length > limits.maxTotalBytes) {
      return fail(`the total cap of ${formatBytes(limits.maxTotalBytes)} is reached`);
    }
    total += got.bytes.length;
    const sha256 = createHash('sha256').update(got.bytes).digest('hex');
    const path = `${REMOTE_DIR}/${sha256}.${got.extension}`;
    writeFileSync(join(projectDir, ...path.split('/')), got.bytes);
    const entry = { url: ref.url, kind: got.kind, path, sha256, size: got.bytes.length };
    return { ok: { ...entry, contentType: got.contentType, fetchedFrom: got.finalUrl, files: ref.files } };
  };
  const results: Result[] = [];
  let next = 0;
  const lane = async (): Promise<void> => {
    for (let ref = refs[next++]; ref !== undefined; ref = refs[next++]) results.push(await one(ref));
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, limits.concurrency) }, lane));
  } finally {
    await agent.close();
  }
  const packed = results.flatMap((r) => ('ok' in r ? [r.ok] : [])).sort(byUrl);
  const failed = results.flatMap((r) => ('fail' in r ? [r.fail] : [])).sort(byUrl);
  writeLock(projectDir, packed, failed);
  return { packed, failed, bytes: total };
}

/** The lock: entries and failures sorted by URL, validated against the schema the reader uses. */
function writeLock(projectDir: string, packed: readonly PackedRef[], failed: readonly FailedRef[]): void {
  const lock: RemoteLock = RemoteLockSchema.parse({
    schemaVersion: REMOTE_LOCK_VERSION,
    entries: packed.map(({ url, kind, path, sha256, size, contentType, fetchedFrom }) => ({
      url,
      kind,
      path,
      sha256,
      size,
      contentType,
      fetchedFrom,
    })),
    failures: failed.map(({ url, kind, reason }) => ({ url, kind, reason })),
  });
  writeFileSync(join(projectDir, ...REMOTE_LOCK.split('/')), `${JSON.stringify(lock, null, 2)}\n`);
}
