/**
 * The bundle cache on disk (an emptyDir or a PVC in the cluster), laid out so that a process killed at any
 * moment leaves nothing half-written that could be served:
 *
 *   CACHE/downloads/KEY.part(.json)   a download in progress (resumed by the next attempt or process)
 *   CACHE/staging/RANDOM/             a bundle being unpacked (swept at start)
 *   CACHE/bundles/SHA256/             a verified, unpacked bundle: files/, br/, gz/, bundle.zip (the
 *                                     verified zip, which deltas apply to), bundle.json; it
 *                                     appears only by the rename of a complete staging folder
 *   CACHE/current                     the SHA-256 being served, replaced by rename (atomic)
 *   CACHE/history.json                SHA-256s most recently served first (what --keep keeps)
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

const SHA256 = /^[0-9a-f]{64}$/;

/** What bundle.json records of a cached bundle. */
export const CachedBundleSchema = z.object({
  sha256: z.string().regex(SHA256),
  sizeBytes: z.number().int().nonnegative(),
  versionLabel: z.string().nullable(),
  domain: z.string(),
  /** The link it came from, without its query (see redactUrl). */
  source: z.string(),
  unpackedAt: z.string(),
  /** Fingerprint of the key that signed its manifest (absent in records of earlier versions). */
  signedBy: z.string().nullable().optional(),
});

/** A cached bundle's record. */
export type CachedBundle = z.infer<typeof CachedBundleSchema>;

/** Writes `text` to `file` through a temporary sibling and a rename, so readers see old or new, never half. */
function writeAtomic(file: string, text: string): void {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, file);
}

/** The cache folder of one bundle server. */
export class BundleCache {
  constructor(readonly root: string) {
    for (const dir of ['downloads', 'staging', 'bundles']) mkdirSync(join(root, dir), { recursive: true });
  }

  /** Removes unpacks a killed process left behind (downloads stay: they resume). */
  sweepStaging(): void {
    for (const name of readdirSync(join(this.root, 'staging'))) {
      rmSync(join(this.root, 'staging', name), { recursive: true, force: true });
    }
  }

  /** A fresh staging folder for one unpack. */
  newStaging(): string {
    return mkdtempSync(join(this.root, 'staging', 'b-'));
  }

  /** Where a download of `sourceKey` goes (the same path across restarts, so it resumes). */
  partFile(sourceKey: string): string {
    return join(this.root, 'downloads', `${createHash('sha256').update(sourceKey).digest('hex').slice(0, 32)}.part`);
  }

  /** The folder of the bundle `sha256`. */
  bundleDir(sha256: string): string {
    return join(this.root, 'bundles', sha256);
  }

  /** The record of a complete cached bundle, or null (absent or unreadable). */
  read(sha256: string): CachedBundle | null {
    if (!SHA256.test(sha256)) return null;
    try {
      const parsed = CachedBundleSchema.safeParse(
        JSON.parse(readFileSync(join(this.bundleDir(sha256), 'bundle.json'), 'utf8')),
      );
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  /** Moves a complete staging folder into place; an identical bundle already there wins. */
  commit(staging: string, sha256: string): void {
    if (this.read(sha256) !== null) {
      rmSync(staging, { recursive: true, force: true });
      return;
    }
    rmSync(this.bundleDir(sha256), { recursive: true, force: true });
    renameSync(staging, this.bundleDir(sha256));
  }

  /** The SHA-256 being served, or null. */
  current(): string | null {
    try {
      const sha = readFileSync(join(this.root, 'current'), 'utf8').trim();
      return this.read(sha) === null ? null : sha;
    } catch {
      return null;
    }
  }

  /** Bundles most recently served first (those still in the cache). */
  history(): CachedBundle[] {
    let list: unknown = [];
    try {
      list = JSON.parse(readFileSync(join(this.root, 'history.json'), 'utf8'));
    } catch {
      list = [];
    }
    const shas = z.array(z.string()).safeParse(list);
    return (shas.success ? shas.data : []).flatMap((sha) => this.read(sha) ?? []);
  }

  /** The newest cached bundle matching what was asked (a pin, a version label, a link), or null. */
  find(want: {
    sha256?: string | undefined;
    version?: string | undefined;
    source?: string | undefined;
  }): CachedBundle | null {
    const candidates = want.sha256 !== undefined ? [this.read(want.sha256) ?? []].flat() : this.history();
    return (
      candidates.find(
        (b) =>
          (want.version === undefined || b.versionLabel === want.version) &&
          (want.sha256 !== undefined || want.version !== undefined || b.source === want.source),
      ) ?? null
    );
  }

  /** Makes `sha256` the bundle served (atomically), records it first in the history and keeps `keep` bundles. */
  activate(sha256: string, keep: number): void {
    writeAtomic(join(this.root, 'current'), `${sha256}\n`);
    const order = [
      sha256,
      ...this.history()
        .map((b) => b.sha256)
        .filter((s) => s !== sha256),
    ];
    writeAtomic(join(this.root, 'history.json'), JSON.stringify(order.slice(0, keep)));
    const kept = new Set(order.slice(0, keep));
    for (const name of readdirSync(join(this.root, 'bundles'))) {
      if (!kept.has(name)) rmSync(join(this.root, 'bundles', name), { recursive: true, force: true });
    }
  }

  /** Whether a download of `sourceKey` was left half done. */
  hasPart(sourceKey: string): boolean {
    return existsSync(this.partFile(sourceKey));
  }
}
