/**
 * `offprint apply OLD.zip DELTA.zip --out NEW.zip`: rebuilds NEW byte for byte or refuses, saying why.
 * In order: `delta.json`'s signature (and the key: the one the person named, else the key that signed
 * OLD's manifest, when it names one); OLD is the bundle the delta was made for (its SHA-256); every delta
 * entry is the bytes `delta.json` lists (raw digest) and its content matches NEW's manifest; then NEW's
 * entries are copied raw, in order, from OLD and the delta, and the result must have the SHA-256 the
 * delta promises. A refused rebuild leaves nothing at the output path.
 */
import { createHash } from 'node:crypto';
import { randomBytes } from 'node:crypto';
import { renameSync, rmSync } from 'node:fs';
import { ZipReader, ZipFormatError, type ZipEntry } from '../zip/reader.js';
import { entriesByName, parseBundleManifest, type BundleManifest } from './bundleManifest.js';
import {
  DELTA_FILE,
  DELTA_SIGNATURE_FILE,
  deltaManifestSchema,
  verifyDeltaManifest,
  type DeltaManifest,
  type DeltaTrust,
} from './deltaManifest.js';
import { DeltaRefusedError, refuse } from './errors.js';
import { fileSha256 } from './plan.js';
import { writeRawZip, type RawPart } from './rawZip.js';
import { rawDigests, readZipLayout, type RawEntry, type ZipLayout } from './zipLayout.js';

/** A rebuilt bundle. */
export interface AppliedDelta {
  readonly sha256: string;
  readonly sizeBytes: number;
  readonly fromBase: number;
  readonly fromDelta: number;
  /** The key that signed the delta. */
  readonly fingerprint: string;
  /** What the key was checked against: the key or fingerprint given, the base bundle's key, or nothing. */
  readonly trustedBy: 'given' | 'base' | 'none';
  readonly manifest: DeltaManifest;
}

const MAX_TEXT = 64 * 1024 * 1024;

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function openZip(file: string, what: string): { zip: ZipReader; layout: ZipLayout } {
  try {
    return { zip: ZipReader.open(file), layout: readZipLayout(file) };
  } catch (error) {
    if (error instanceof ZipFormatError || (error instanceof Error && 'code' in error)) {
      throw refuse(`${what} (${file}) is not a readable zip: ${message(error)}`);
    }
    throw error;
  }
}

async function readText(zip: ZipReader, entry: ZipEntry | undefined): Promise<Buffer | null> {
  return entry === undefined ? null : zip.read(entry, MAX_TEXT);
}

/** The base bundle's manifest, when it has a readable one (for its signing key). */
async function baseManifest(zip: ZipReader): Promise<BundleManifest | null> {
  const text = await readText(zip, entriesByName(zip, Number.MAX_SAFE_INTEGER).get('manifest.json')).catch(() => null);
  if (text === null) return null;
  try {
    return parseBundleManifest(text.toString('utf8'), 'the old bundle');
  } catch {
    return null;
  }
}

async function checkedManifest(
  delta: ZipReader,
  entries: ReadonlyMap<string, ZipEntry>,
  base: BundleManifest | null,
  trust: DeltaTrust,
): Promise<{ manifest: DeltaManifest; trustedBy: AppliedDelta['trustedBy'] }> {
  const bytes = await readText(delta, entries.get(DELTA_FILE));
  if (bytes === null) throw refuse(`the delta has no ${DELTA_FILE}: it is not an Offprint delta`);
  const signature = await readText(delta, entries.get(DELTA_SIGNATURE_FILE));
  const given = trust.publicKey !== undefined || trust.fingerprint !== undefined;
  if (given || base?.signing === undefined) {
    const manifest = verifyDeltaManifest(bytes, signature?.toString('utf8') ?? null, trust);
    return { manifest, trustedBy: given ? 'given' : 'none' };
  }
  // Nothing named: the delta must come from whoever signed the bundle it updates.
  const baseKey = Buffer.from(base.signing.publicKey, 'base64');
  try {
    return {
      manifest: verifyDeltaManifest(bytes, signature?.toString('utf8') ?? null, { publicKey: baseKey }),
      trustedBy: 'base',
    };
  } catch (error) {
    if (!(error instanceof DeltaRefusedError) || !error.message.startsWith('the delta is signed by another key'))
      throw error;
    throw refuse(
      `${error.message}, which signed the old bundle; if the organization rotated its key, name the new one with --fingerprint or --public-key`,
    );
  }
}

async function contentSha(zip: ZipReader, entry: ZipEntry): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of zip.stream(entry)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Checks each delta entry's bytes and content; returns the parts to copy, in NEW's order. */
async function parts(
  manifest: DeltaManifest,
  base: ZipLayout,
  delta: { zip: ZipReader; layout: ZipLayout; entries: ReadonlyMap<string, ZipEntry> },
): Promise<RawPart[]> {
  const baseEntries = new Map(base.entries.map((e) => [e.name, e]));
  const deltaRaw = new Map<string, RawEntry>(delta.layout.entries.map((e) => [e.name, e]));
  const wanted = new Set(manifest.entries.filter((e) => e.from === 'delta').map((e) => e.path));
  const digests = await rawDigests(delta.layout, wanted);
  // Every entry's bytes first: an altered manifest.json is named as such, not misread.
  for (const item of manifest.entries) {
    if (item.from === 'delta' && deltaRaw.has(item.path) && digests.get(item.path) !== item.raw) {
      throw refuse(`${item.path} in the delta was altered (its bytes differ from ${DELTA_FILE})`);
    }
  }
  const target = await targetManifest(delta);
  const listed = new Map(target.files.map((f) => [f.path, f.sha256]));
  const out: RawPart[] = [];
  for (const item of manifest.entries) {
    if (item.from === 'base') {
      const entry = baseEntries.get(item.path);
      if (entry === undefined) throw refuse(`the old bundle has no ${item.path}, which the delta takes from it`);
      out.push({ file: base.file, entry });
      continue;
    }
    const entry = deltaRaw.get(item.path);
    const central = delta.entries.get(item.path);
    if (entry === undefined || central === undefined) throw refuse(`the delta is missing ${item.path}`);
    const sha = await contentSha(delta.zip, central).catch((error: unknown) => {
      throw refuse(`${item.path} in the delta is damaged (${message(error)})`);
    });
    if (sha !== item.sha256) throw refuse(`${item.path} in the delta does not match its SHA-256 in ${DELTA_FILE}`);
    const expected = listed.get(item.path);
    if (expected !== undefined && expected !== sha)
      throw refuse(`${item.path} in the delta does not match the new bundle's manifest`);
    out.push({ file: delta.layout.file, entry });
  }
  return out;
}

async function targetManifest(delta: {
  zip: ZipReader;
  entries: ReadonlyMap<string, ZipEntry>;
}): Promise<BundleManifest> {
  const text = await readText(delta.zip, delta.entries.get('manifest.json'));
  if (text === null) throw refuse("the delta has no manifest.json (the new bundle's)");
  return parseBundleManifest(text.toString('utf8'), 'the new bundle (in the delta)');
}

/** Rebuilds the bundle `deltaZip` was made to produce from `oldZip`, as `outFile`; see the module comment. */
export async function applyDelta(
  oldZip: string,
  deltaZip: string,
  outFile: string,
  trust: DeltaTrust,
): Promise<AppliedDelta> {
  try {
    return await rebuild(oldZip, deltaZip, outFile, trust);
  } catch (error) {
    // A damaged archive fails deep in the zip reader; it is a refusal like any other, with its reason.
    if (error instanceof ZipFormatError || error instanceof RangeError) {
      throw refuse(`the delta or the old bundle is damaged: ${error.message}`);
    }
    throw error;
  }
}

async function rebuild(oldZip: string, deltaZip: string, outFile: string, trust: DeltaTrust): Promise<AppliedDelta> {
  const old = openZip(oldZip, 'the old bundle');
  let delta: ReturnType<typeof openZip>;
  try {
    delta = openZip(deltaZip, 'the delta');
  } catch (error) {
    old.zip.close();
    throw error;
  }
  try {
    const entries = entriesByName(delta.zip, Number.MAX_SAFE_INTEGER);
    const { manifest, trustedBy } = await checkedManifest(delta.zip, entries, await baseManifest(old.zip), trust);
    const baseSha = await fileSha256(oldZip);
    if (baseSha !== manifest.base.sha256) {
      throw refuse(`this delta was made for bundle ${manifest.base.sha256} but ${oldZip} is ${baseSha}`);
    }
    const copy = await parts(manifest, old.layout, { ...delta, entries });
    const staging = `${outFile}.apply-${randomBytes(6).toString('hex')}`;
    const result = await writeRawZip(copy, staging).catch((error: unknown) => {
      if (error instanceof ZipFormatError) throw refuse(`the bundle cannot be rebuilt: ${error.message}`);
      throw error;
    });
    if (result.sha256 !== manifest.target.sha256 || result.sizeBytes !== manifest.target.size) {
      rmSync(staging, { force: true });
      throw refuse(
        `the rebuilt bundle has SHA-256 ${result.sha256} (${result.sizeBytes} bytes), not the ${manifest.target.sha256} (${manifest.target.size} bytes) the delta promises`,
      );
    }
    renameSync(staging, outFile);
    const fromBase = manifest.entries.filter((e) => e.from === 'base').length;
    return {
      ...result,
      fromBase,
      fromDelta: copy.length - fromBase,
      fingerprint: manifest.signing.fingerprint,
      trustedBy,
      manifest,
    };
  } finally {
    old.zip.close();
    delta.zip.close();
  }
}

/**
 * What the delta `deltaZip` says it applies to and makes, unverified (to find its base; {@link applyDelta}
 * checks everything), or null when the zip holds no readable `delta.json` (it is not a delta).
 */
export async function peekDelta(deltaZip: string): Promise<Pick<DeltaManifest, 'base' | 'target'> | null> {
  let zip: ZipReader;
  try {
    zip = ZipReader.open(deltaZip);
  } catch {
    return null;
  }
  try {
    const bytes = await readText(zip, entriesByName(zip, Number.MAX_SAFE_INTEGER).get(DELTA_FILE));
    const parsed = deltaManifestSchema.safeParse(JSON.parse(bytes?.toString('utf8') ?? 'null'));
    return parsed.success ? { base: parsed.data.base, target: parsed.data.target } : null;
  } catch {
    return null;
  } finally {
    zip.close();
  }
}
