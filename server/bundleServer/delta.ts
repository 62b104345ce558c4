/**
 * Taking a delta instead of a whole bundle (`--delta-url`): the delta is fetched like a bundle, its base
 * is looked up among the cached bundles (each keeps its verified zip), and `offprint apply`'s code
 * rebuilds the new zip from the two, checking the delta's signature (against the key given, else the one
 * that signed the base), every entry and the result's SHA-256. The result then goes through the same
 * verification and unpacking as a downloaded bundle. A delta for a bundle the cache does not hold, or one
 * that fails any check, is refused: the bundle served so far keeps serving.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { applyDelta, peekDelta } from '../delta/apply.js';
import { DeltaRefusedError } from '../delta/errors.js';
import type { TrustedKey } from '../export/signature.js';
import type { Logger } from '../logger.js';
import type { BundleCache, CachedBundle } from './cache.js';
import { downloadBundle, type DownloadPolicy } from './download.js';
import { BUNDLE_ZIP, RefusedBundleError, unpackBundle } from './unpack.js';
import { redactUrl } from './urls.js';

/** What a delta fetch needs. */
export interface DeltaRequest {
  readonly deltaUrl: string;
  readonly sha256?: string | undefined;
  readonly version?: string | undefined;
  readonly trusted?: TrustedKey | undefined;
  readonly policy: DownloadPolicy;
}

/** The zip of the cached bundle `sha256`, or why there is none. */
function baseZip(cache: BundleCache, sha256: string): string {
  const serving = cache.current();
  const zip = join(cache.bundleDir(sha256), BUNDLE_ZIP);
  if (cache.read(sha256) === null) {
    throw new RefusedBundleError('the delta is for another bundle', [
      `it was made for bundle ${sha256}, which this server does not have (it serves ${serving ?? 'nothing yet'})`,
    ]);
  }
  if (!existsSync(zip)) {
    throw new RefusedBundleError('the delta cannot be applied', [
      `the cached bundle ${sha256} was unpacked without keeping its zip (an older Offprint); fetch the whole bundle once`,
    ]);
  }
  return zip;
}

/** What to check a downloaded delta's result against. */
export interface DeltaChecks {
  readonly sha256?: string | undefined;
  readonly version?: string | undefined;
  readonly trusted?: TrustedKey | undefined;
}

/**
 * Applies the downloaded delta `part` (from `source`, as logged and cached) to the cached bundle it was
 * made for, then verifies and unpacks the result; null when `part` is not a delta. Throws
 * RefusedBundleError; removes the rebuilt zip either way (the caller removes `part`).
 */
export async function applyDownloadedDelta(
  cache: BundleCache,
  part: string,
  source: string,
  checks: DeltaChecks,
  log: Logger,
): Promise<CachedBundle | null> {
  const promised = await peekDelta(part);
  if (promised === null) return null;
  const base = baseZip(cache, promised.base.sha256);
  const rebuilt = `${part}.rebuilt.zip`;
  log.info({ url: source, base: promised.base.sha256, target: promised.target.sha256 }, 'applying the delta');
  try {
    await applyDelta(base, part, rebuilt, checks.trusted ?? {});
  } catch (error) {
    rmSync(rebuilt, { force: true });
    if (error instanceof DeltaRefusedError) throw new RefusedBundleError('the delta was refused', error.problems);
    throw error;
  }
  try {
    return await unpackBundle(cache, { zipFile: rebuilt, source, ...checks });
  } finally {
    rmSync(rebuilt, { force: true });
  }
}

/** Downloads, applies, verifies and unpacks the delta at `request.deltaUrl`; throws RefusedBundleError. */
export async function fetchAndApplyDelta(
  cache: BundleCache,
  request: DeltaRequest,
  log: Logger,
): Promise<CachedBundle> {
  const source = redactUrl(request.deltaUrl);
  const part = cache.partFile(source);
  try {
    log.info({ url: source }, 'downloading the delta');
    await downloadBundle(request.deltaUrl, part, request.policy, log);
    const { sha256, version, trusted } = request;
    const bundle = await applyDownloadedDelta(cache, part, source, { sha256, version, trusted }, log);
    if (bundle === null) throw new RefusedBundleError('the delta is not a delta', ['it holds no readable delta.json']);
    return bundle;
  } finally {
    for (const file of [part, `${part}.json`]) rmSync(file, { force: true });
  }
}
