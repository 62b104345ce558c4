/**
 * Planning a delta from OLD to NEW: each entry of NEW, in its order, is taken from OLD when OLD holds
 * the very same bytes under that name (same central record but for the offset, same local header and
 * compressed data), else from the delta. Comparing raw bytes rather than content means the plan never
 * relies on recompressing anything: a file whose content is unchanged but which another zlib compressed
 * differently simply travels in the delta. The three manifest files always travel (they name NEW).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { MAX_BUNDLE_ENTRIES } from '../export/verify.js';
import { ZipReader, ZipFormatError } from '../zip/reader.js';
import { entriesByName, MANIFEST_FILES, readBundleManifest, type BundleManifest } from './bundleManifest.js';
import { refuse } from './errors.js';
import { rawDigests, rawSize, readZipLayout, type RawEntry, type ZipLayout } from './zipLayout.js';

/** One bundle as the plan sees it. */
export interface PlannedBundle {
  readonly file: string;
  readonly sha256: string;
  readonly size: number;
  readonly layout: ZipLayout;
  readonly manifest: BundleManifest;
  /** Content SHA-256 by path: the manifest's, and for the manifest files their raw digest. */
  readonly contents: ReadonlyMap<string, string>;
}

/** How each entry of NEW is obtained. */
export interface PlannedEntry {
  readonly entry: RawEntry;
  readonly from: 'base' | 'delta';
  /** For delta entries: SHA-256 of the bytes in the archive. */
  readonly raw?: string;
}

/** A delta plan. */
export interface DeltaPlan {
  readonly base: PlannedBundle;
  readonly target: PlannedBundle;
  readonly entries: readonly PlannedEntry[];
  readonly added: readonly string[];
  readonly changed: readonly string[];
  readonly removed: readonly string[];
  /** Bytes the delta entries take (local parts and central records), before delta.json is added. */
  readonly entryBytes: number;
}

/** SHA-256 of a whole file, streamed. */
export async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Reads one bundle's layout, manifest and hash; `what` names it in refusals. */
export async function readPlannedBundle(file: string, what: string): Promise<PlannedBundle> {
  let layout: ZipLayout;
  let zip: ZipReader;
  try {
    layout = readZipLayout(file);
    zip = ZipReader.open(file);
  } catch (error) {
    if (error instanceof ZipFormatError || (error instanceof Error && 'code' in error)) {
      throw refuse(`${what} (${file}) is not a readable bundle zip: ${message(error)}`);
    }
    throw error;
  }
  try {
    const { manifest } = await readBundleManifest(zip, entriesByName(zip, MAX_BUNDLE_ENTRIES), what);
    const contents = new Map(manifest.files.map((f) => [f.path, f.sha256]));
    const own = await rawDigests(layout, new Set(MANIFEST_FILES));
    for (const [name, digest] of own) contents.set(name, `raw:${digest}`);
    return { file, sha256: await fileSha256(file), size: layout.fileSize, layout, manifest, contents };
  } finally {
    zip.close();
  }
}

function changes(base: PlannedBundle, target: PlannedBundle): Pick<DeltaPlan, 'added' | 'changed' | 'removed'> {
  const added: string[] = [];
  const changed: string[] = [];
  for (const [path, sha] of target.contents) {
    const before = base.contents.get(path);
    if (before === undefined) added.push(path);
    else if (before !== sha) changed.push(path);
  }
  const removed = [...base.contents.keys()].filter((path) => !target.contents.has(path));
  const order = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));
  return { added: added.sort(order), changed: changed.sort(order), removed: removed.sort(order) };
}

/** Plans the delta from the bundle `oldZip` to the bundle `newZip`. */
export async function planDelta(oldZip: string, newZip: string): Promise<DeltaPlan> {
  const base = await readPlannedBundle(oldZip, 'the old bundle');
  const target = await readPlannedBundle(newZip, 'the new bundle');
  const oldRaw = await rawDigests(base.layout);
  const newRaw = await rawDigests(target.layout);
  const always = new Set<string>(MANIFEST_FILES);
  let entryBytes = 0;
  const entries = target.layout.entries.map((entry): PlannedEntry => {
    const raw = newRaw.get(entry.name) ?? '';
    if (!always.has(entry.name) && oldRaw.get(entry.name) === raw) return { entry, from: 'base' };
    entryBytes += rawSize(entry);
    return { entry, from: 'delta', raw };
  });
  return { base, target, entries, ...changes(base, target), entryBytes };
}
