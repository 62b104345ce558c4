/**
 * Presigned bundle download URLs: `/downloads/<jobId>.zip?expires=<unix seconds>&signature=<64 hex>`
 * (and `/downloads/<jobId>.delta-<fromJobId>.zip?...` for a delta between two jobs' bundles).
 * The signature is HMAC-SHA256, under a key derived from the install's secret for this purpose only,
 * over the method, the exact path and the expiry. The URL is the credential (no API key), valid any
 * number of times until it expires; expiry is checked when a download starts.
 *
 * Verification works on the raw request target, before any decoding: a path or query that is not
 * exactly what {@link signedDownloadUrl} produces (other encodings, extra or repeated parameters,
 * upper-case hex) is refused, so what was verified is exactly what is served.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Default lifetime of a bundle link. */
export const DEFAULT_LINK_TTL_SECONDS = 3600;

/** Longest lifetime a link may be given (as S3 and GCS presigned URLs). */
export const MAX_LINK_TTL_SECONDS = 7 * 24 * 3600;

/** Clock skew tolerated when a link's expiry is further away than the longest lifetime allows. */
const SKEW_SECONDS = 300;

const PURPOSE = 'offprint/bundle-download-url/v1';
const PATH_PATTERN = /^\/downloads\/(se_[0-9a-f]{16})(?:\.delta-(se_[0-9a-f]{16}))?\.zip$/;
const EXPIRES_PATTERN = /^[1-9][0-9]{0,11}$/;
const SIGNATURE_PATTERN = /^[0-9a-f]{64}$/;

/** The path a job's bundle is downloaded from. */
export function downloadPath(jobId: string): string {
  return `/downloads/${jobId}.zip`;
}

/** A key used for nothing but download URLs: leaking one of its MACs says nothing about cursors' keys. */
function downloadKey(secret: Buffer): Buffer {
  return createHmac('sha256', secret).update(PURPOSE).digest();
}

/** The signature of one (method, path, expiry); fields are newline-separated and none may hold one. */
export function downloadSignature(secret: Buffer, method: string, path: string, expires: number): string {
  return createHmac('sha256', downloadKey(secret)).update(`v1\n${method}\n${path}\n${expires}`).digest('hex');
}

/** The path the delta from job `fromJobId`'s bundle to job `jobId`'s is downloaded from (Offprint extension). */
export function deltaDownloadPath(jobId: string, fromJobId: string): string {
  return `/downloads/${jobId}.delta-${fromJobId}.zip`;
}

/**
 * `path?expires=...&signature=...` for a GET of `jobId`'s bundle (or, with `fromJobId`, of the delta from
 * that job's bundle to it) that stops working at `expires` (unix seconds).
 */
export function signedDownloadUrl(secret: Buffer, jobId: string, expires: number, fromJobId?: string): string {
  const path = fromJobId === undefined ? downloadPath(jobId) : deltaDownloadPath(jobId, fromJobId);
  return `${path}?expires=${expires}&signature=${downloadSignature(secret, 'GET', path, expires)}`;
}

/** Why a download request was refused: `tampered` (403) or `expired` (410). */
export type DownloadRefusal = 'tampered' | 'expired';

/** The outcome of {@link verifyDownloadRequest}. */
export type DownloadVerdict =
  | { readonly ok: true; readonly jobId: string; readonly deltaFrom?: string; readonly expires: number }
  | { readonly ok: false; readonly refusal: DownloadRefusal };

function readQuery(query: string): { expires: string; signature: string } | null {
  const values = new Map<string, string>();
  for (const part of query.split('&')) {
    const eq = part.indexOf('=');
    if (eq <= 0) return null;
    const name = part.slice(0, eq);
    if ((name !== 'expires' && name !== 'signature') || values.has(name)) return null;
    values.set(name, part.slice(eq + 1));
  }
  const expires = values.get('expires');
  const signature = values.get('signature');
  if (expires === undefined || signature === undefined) return null;
  return { expires, signature };
}

/**
 * Checks a download request: `method` (GET, or HEAD which asks about the same GET), the raw request
 * target (`/downloads/...?...`, undecoded) and the current time in ms. A request that is not exactly a
 * URL this install signed is `tampered`; a genuine one whose expiry has passed is `expired`.
 */
export function verifyDownloadRequest(
  secret: Buffer,
  request: { method: string; target: string; nowMs: number },
): DownloadVerdict {
  const tampered = { ok: false, refusal: 'tampered' } as const;
  if (request.target.length > 512) return tampered;
  const question = request.target.indexOf('?');
  if (question < 0) return tampered;
  const path = request.target.slice(0, question);
  const matched = PATH_PATTERN.exec(path);
  const jobId = matched?.[1];
  const query = readQuery(request.target.slice(question + 1));
  if (jobId === undefined || query === null) return tampered;
  if (!EXPIRES_PATTERN.test(query.expires) || !SIGNATURE_PATTERN.test(query.signature)) return tampered;
  if (request.method !== 'GET' && request.method !== 'HEAD') return tampered;
  const expires = Number(query.expires);
  // Both strings are 64 lowercase hex characters here, so the lengths match and the compare cannot throw.
  const expected = Buffer.from(downloadSignature(secret, 'GET', path, expires));
  if (!timingSafeEqual(expected, Buffer.from(query.signature))) return tampered;
  const nowSeconds = request.nowMs / 1000;
  // A link this install signed never lives longer than the cap; a longer one means the key leaked.
  if (expires - nowSeconds > MAX_LINK_TTL_SECONDS + SKEW_SECONDS) return tampered;
  if (nowSeconds >= expires) return { ok: false, refusal: 'expired' };
  const deltaFrom = matched?.[2];
  return deltaFrom === undefined ? { ok: true, jobId, expires } : { ok: true, jobId, deltaFrom, expires };
}
