/**
 * Turning a downloaded zip into a cached bundle: checked with `offprint verify`'s own code (every entry
 * named safely, listed in the manifest with its size and SHA-256, nothing extra, nothing escaping), the
 * version label compared with the one asked for, then unpacked into a staging folder through Offprint's
 * zip reader (sizes and CRCs checked while inflating) with brotli and gzip copies of text files made once
 * here rather than per request, the zip itself kept beside them (deltas apply to it), and finally moved
 * into place by the cache.
 */
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  createReadStream,
  createWriteStream,
  linkSync,
  mkdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { MANIFEST_FILE } from '../export/manifest.js';
import type { TrustedKey } from '../export/signature.js';
import { MAX_BUNDLE_ENTRIES, verifyBundle } from '../export/verify.js';
import { fingerprintOf, sameFingerprint } from '../signing/ed25519.js';
import { ZipReader } from '../zip/reader.js';
import type { BundleCache, CachedBundle } from './cache.js';
import { isCompressible } from './resolve.js';

/** A bundle that failed a check: the reasons, one sentence each. */
export class RefusedBundleError extends Error {
  constructor(
    message: string,
    readonly problems: readonly string[],
  ) {
    super(message);
  }
}

/** The verified zip itself, kept in the bundle's folder: a delta against this bundle is applied to it. */
export const BUNDLE_ZIP = 'bundle.zip';

/** Keeps `zipFile` at `target`: a hard link when the file system allows (no copy), else a copy. */
function keepZip(zipFile: string, target: string): void {
  try {
    linkSync(zipFile, target);
  } catch {
    copyFileSync(zipFile, target);
  }
}

/** Smallest file worth a compressed copy (below it, headers cost more than they save). */
const MIN_COMPRESS_BYTES = 1024;

/** SHA-256 of a file, streamed. */
export async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Writes `target` compressed next to the other copies; drops it when it does not save a tenth. */
async function compressCopy(source: string, target: string, kind: 'br' | 'gz'): Promise<void> {
  mkdirSync(dirname(target), { recursive: true });
  const codec =
    kind === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
      : createGzip({ level: 9 });
  await pipeline(createReadStream(source), codec, createWriteStream(target));
  if (statSync(target).size > statSync(source).size * 0.9) writeFileSync(target, '');
}

/** Unpacks every file of a verified zip into `staging/files`, with compressed copies in `br/` and `gz/`. */
async function extract(zipFile: string, staging: string): Promise<void> {
  const zip = ZipReader.open(zipFile);
  try {
    for (const entry of zip.entries(MAX_BUNDLE_ENTRIES)) {
      if (entry.isDirectory) continue;
      // Names were checked by verifyBundle (no `..`, absolute paths, backslashes or drive letters).
      const parts = entry.name.split('/');
      const target = join(staging, 'files', ...parts);
      mkdirSync(dirname(target), { recursive: true });
      await pipeline(zip.stream(entry), createWriteStream(target, { flags: 'wx' }));
      if (isCompressible(entry.name) && entry.size >= MIN_COMPRESS_BYTES) {
        await compressCopy(target, join(staging, 'br', ...parts), 'br');
        await compressCopy(target, join(staging, 'gz', ...parts), 'gz');
      }
    }
  } finally {
    zip.close();
  }
}

/** What the caller asked of the bundle. */
export interface UnpackRequest {
  readonly zipFile: string;
  readonly source: string;
  /** The SHA-256 the zip must have (`--sha256`), if pinned. */
  readonly sha256?: string | undefined;
  /** The version label its manifest must carry (`--version`), if asked. */
  readonly version?: string | undefined;
  /** The key that must have signed it (`--public-key` / `--fingerprint`), if pinned. */
  readonly trusted?: TrustedKey | undefined;
}

/**
 * True when a cached bundle was signed by the pinned key (always, with no pin). A record of an earlier
 * version, which did not note its signer, never matches a pin: it is verified again.
 */
export function signedAsPinned(record: CachedBundle, trusted: TrustedKey | undefined): boolean {
  if (trusted?.publicKey !== undefined) return record.signedBy === fingerprintOf(trusted.publicKey);
  if (trusted?.fingerprint !== undefined) {
    return record.signedBy != null && sameFingerprint(record.signedBy, trusted.fingerprint);
  }
  return true;
}

/**
 * Checks and unpacks a zip into the cache; returns its record. Throws {@link RefusedBundleError} for a
 * bundle that fails any check (the cache is left as it was).
 */
export async function unpackBundle(cache: BundleCache, request: UnpackRequest): Promise<CachedBundle> {
  const sha256 = await fileSha256(request.zipFile);
  if (request.sha256 !== undefined && sha256 !== request.sha256) {
    throw new RefusedBundleError('the bundle does not match --sha256', [
      `its SHA-256 is ${sha256}, not ${request.sha256}`,
    ]);
  }
  const known = cache.read(sha256);
  const wanted = (record: CachedBundle) =>
    (request.version === undefined || record.versionLabel === request.version) &&
    signedAsPinned(record, request.trusted);
  if (known !== null && wanted(known)) return known;
  const report = await verifyBundle(request.zipFile, request.trusted ?? {});
  if (!report.ok) throw new RefusedBundleError('the bundle does not match its manifest', report.problems);
  if (request.version !== undefined && report.versionLabel !== request.version) {
    throw new RefusedBundleError('the bundle is another version', [
      `its ${MANIFEST_FILE} says version ${JSON.stringify(report.versionLabel)}, not ${JSON.stringify(request.version)}`,
    ]);
  }
  const staging = cache.newStaging();
  await extract(request.zipFile, staging);
  keepZip(request.zipFile, join(staging, BUNDLE_ZIP));
  const record: CachedBundle = {
    sha256,
    sizeBytes: statSync(request.zipFile).size,
    versionLabel: report.versionLabel,
    domain: report.domain ?? '',
    signedBy: report.signedBy,
    source: request.source,
    unpackedAt: new Date().toISOString(),
  };
  // Written last: a folder without it is not a bundle (cache.read), whatever else it holds.
  writeFileSync(join(staging, 'bundle.json'), `${JSON.stringify(record, null, 2)}\n`);
  cache.commit(staging, sha256);
  return record;
}
