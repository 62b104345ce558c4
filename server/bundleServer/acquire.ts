/**
 * Choosing the bundle to serve at start: one in the cache matching the pin (`--sha256`), the version
 * (`--version`, also how a rollback is asked for) or the same link serves at once, without the network
 * (so a pod rescheduled after the link expired still serves); else a delta (`--delta-url`) is applied to
 * the cached bundle it was made for, or the link is downloaded, checked and unpacked. A bundle that fails is refused and the previously served one (if any) stays.
 */
import { rmSync } from 'node:fs';
import type { Logger } from '../logger.js';
import type { BundleCache, CachedBundle } from './cache.js';
import { applyDownloadedDelta, fetchAndApplyDelta } from './delta.js';
import { downloadBundle, FinalDownloadError, type DownloadPolicy } from './download.js';
import type { TrustedKey } from '../export/signature.js';
import { RefusedBundleError, signedAsPinned, unpackBundle } from './unpack.js';
import { redactUrl } from './urls.js';

/** What to serve. */
export interface AcquireRequest {
  readonly bundleUrl?: string | undefined;
  /** A delta against a cached bundle, tried before `bundleUrl` (see delta.ts). */
  readonly deltaUrl?: string | undefined;
  readonly sha256?: string | undefined;
  readonly version?: string | undefined;
  /** The key bundles must be signed by (`--public-key` / `--fingerprint`), if pinned. */
  readonly trusted?: TrustedKey | undefined;
  readonly keep: number;
  readonly policy: DownloadPolicy;
}

/** The outcome: the bundle to serve, how it was found, and (when the asked one was refused) why. */
export interface Acquired {
  readonly bundle: CachedBundle;
  readonly from: 'cache' | 'download' | 'delta' | 'previous';
  readonly refused: string | null;
}

/** Nothing can be served: the message says why (and the process exits non-zero). */
export class NothingToServeError extends Error {}

function why(error: unknown): string {
  if (error instanceof RefusedBundleError) return `${error.message}: ${error.problems.slice(0, 5).join('; ')}`;
  return error instanceof Error ? error.message : String(error);
}

async function fetchAndUnpack(
  cache: BundleCache,
  url: string,
  request: AcquireRequest,
  log: Logger,
): Promise<CachedBundle> {
  const source = redactUrl(url);
  const part = cache.partFile(source);
  log.info({ url: source, resuming: cache.hasPart(source) }, 'downloading the bundle');
  const started = Date.now();
  const size = await downloadBundle(url, part, request.policy, log);
  log.info({ url: source, bytes: size, ms: Date.now() - started }, 'bundle downloaded; verifying');
  try {
    // A bundle link may hand out a delta (the API's deltaFrom): applied to the cached bundle it was made for.
    const { sha256, version, trusted } = request;
    const fromDelta = await applyDownloadedDelta(cache, part, source, { sha256, version, trusted }, log);
    if (fromDelta !== null) return fromDelta;
    return await unpackBundle(cache, {
      zipFile: part,
      source,
      sha256: request.sha256,
      version: request.version,
      trusted: request.trusted,
    });
  } finally {
    // Checked bytes are never resumed: a refused download starts over next time, a good one lives unpacked.
    rmSync(part, { force: true });
    rmSync(`${part}.json`, { force: true });
  }
}

/** Finds or fetches the bundle to serve and makes it current; throws {@link NothingToServeError}. */
export async function acquireBundle(cache: BundleCache, request: AcquireRequest, log: Logger): Promise<Acquired> {
  cache.sweepStaging();
  const link = request.deltaUrl ?? request.bundleUrl;
  const source = link === undefined ? undefined : redactUrl(link);
  const found = cache.find({ sha256: request.sha256, version: request.version, source });
  const cached = found !== null && signedAsPinned(found, request.trusted) ? found : null;
  if (cached !== null) {
    cache.activate(cached.sha256, request.keep);
    return { bundle: cached, from: 'cache', refused: null };
  }
  let refused = '';
  if (request.deltaUrl !== undefined) {
    try {
      const bundle = await fetchAndApplyDelta(cache, { ...request, deltaUrl: request.deltaUrl }, log);
      cache.activate(bundle.sha256, request.keep);
      return { bundle, from: 'delta', refused: null };
    } catch (error) {
      if (!(error instanceof RefusedBundleError || error instanceof FinalDownloadError)) throw error;
      refused = `delta: ${why(error)}`;
      if (request.bundleUrl !== undefined) log.warn({ refused }, 'delta refused; fetching the whole bundle');
    }
  }
  if (request.bundleUrl === undefined) {
    refused ||= `no cached bundle matches${request.version === undefined ? '' : ` version ${request.version}`}, and no --bundle-url was given`;
  } else {
    try {
      const bundle = await fetchAndUnpack(cache, request.bundleUrl, request, log);
      cache.activate(bundle.sha256, request.keep);
      return { bundle, from: 'download', refused: null };
    } catch (error) {
      if (!(error instanceof RefusedBundleError || error instanceof FinalDownloadError)) throw error;
      refused = why(error);
    }
  }
  const previous = cache.current();
  const kept = previous === null ? null : cache.read(previous);
  const record = kept !== null && signedAsPinned(kept, request.trusted) ? kept : null;
  if (record === null) throw new NothingToServeError(`nothing to serve: ${refused}`);
  log.error(
    { refused, serving: record.sha256, version: record.versionLabel },
    'bundle refused; the previous one keeps serving',
  );
  return { bundle: record, from: 'previous', refused };
}
