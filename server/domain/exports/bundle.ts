/**
 * Bundles of completed jobs: presigned links to them (the bundle endpoint) and the file a verified
 * download URL names. A link is only a signature over an existing archive, so asking again gives a fresh
 * link to the same bytes; nothing is rebuilt.
 */
import { statSync } from 'node:fs';
import { findExportJob, type ExportJobRow } from '../../db/exportJobs.js';
import { jobBundleFile } from '../../exportSpec/files.js';
import { ConflictError, ForbiddenError, GoneError, NotFoundError } from '../../errors.js';
import { deltaFile, readDeltaRecord } from './deltaFiles.js';
import { getExportJob } from './jobs.js';
import { DEFAULT_LINK_TTL_SECONDS, signedDownloadUrl, verifyDownloadRequest } from './signedUrl.js';
import type { SiteDeps } from '../../deps.js';

/** A presigned link to a job's bundle. */
export interface BundleLink {
  readonly jobId: string;
  /** Absolute URL on `origin`. */
  readonly bundleUrl: string;
  readonly sizeBytes: number;
  readonly sha256: string;
  /** Fingerprint of the key that signed the bundle's manifest (null for bundles made before signing). */
  readonly signingKeyFingerprint: string | null;
  /** Unix seconds after which the link answers 410. */
  readonly expires: number;
}

/** The archive of a completed job, ready to serve. */
export interface BundleFile {
  readonly jobId: string;
  readonly file: string;
  readonly sizeBytes: number;
  readonly sha256: string;
  /** A file name for `Content-Disposition`. */
  readonly downloadName: string;
}

function notCompleted(row: ExportJobRow): Error {
  if (row.status === 'failed') {
    return ConflictError(`Static export job ${row.id} failed (${row.error ?? 'unknown error'}); it has no bundle`);
  }
  return ConflictError(
    `Static export job ${row.id} is ${row.status} (${row.progress}%); a bundle can be generated once it is completed`,
  );
}

/** The bundle of a completed job, checked against the file on disk. */
function bundleOf(deps: SiteDeps, row: ExportJobRow): BundleFile | null {
  if (row.status !== 'completed' || row.bundleSha256 === null || row.bundleSize === null) return null;
  const file = jobBundleFile(deps.dataDir, row.id);
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    return null;
  }
  if (size !== row.bundleSize) return null;
  return {
    jobId: row.id,
    file,
    sizeBytes: size,
    sha256: row.bundleSha256,
    downloadName: `${row.domain}-${row.id}.zip`,
  };
}

/**
 * The archive of a completed job of `orgId`, for copying it elsewhere (the desktop app's "Save to...").
 * 404 for an unknown job, 409 when it is not completed or its file is gone.
 */
export function completedBundleFile(deps: SiteDeps, orgId: string, jobId: string): BundleFile {
  const row = getExportJob(deps, orgId, jobId);
  if (row.status !== 'completed') throw notCompleted(row);
  const bundle = bundleOf(deps, row);
  if (bundle === null) {
    throw ConflictError(
      `The bundle of static export job ${jobId} is missing from the data directory; start a new export`,
    );
  }
  return bundle;
}

/**
 * A presigned link to the bundle of a completed job of `orgId`, valid for `expiresIn` seconds (already
 * validated: 1 .. 7 days). 404 for an unknown job, 409 when it is not completed or its file is gone.
 */
export function createBundleLink(
  deps: SiteDeps,
  orgId: string,
  jobId: string,
  options: { origin: string; expiresIn?: number | undefined },
): BundleLink {
  const bundle = completedBundleFile(deps, orgId, jobId);
  const expires = Math.floor(deps.now() / 1000) + (options.expiresIn ?? DEFAULT_LINK_TTL_SECONDS);
  return {
    jobId,
    bundleUrl: `${options.origin}${signedDownloadUrl(deps.secret, jobId, expires)}`,
    sizeBytes: bundle.sizeBytes,
    sha256: bundle.sha256,
    signingKeyFingerprint: getExportJob(deps, orgId, jobId).signingFingerprint,
    expires,
  };
}

/**
 * The bundle a presigned download request names (`target`: the raw request target), checked at the
 * moment the download starts: 403 for a URL that is not exactly one this install signed (any part
 * altered, or another method), 410 once it has expired, 404 when the job no longer has a bundle.
 */
export function authorizeDownload(deps: SiteDeps, request: { method: string; target: string }): BundleFile {
  const verdict = verifyDownloadRequest(deps.secret, { ...request, nowMs: deps.now() });
  if (!verdict.ok) {
    if (verdict.refusal === 'expired') {
      throw GoneError('This download link has expired; get a new one with POST /v1/static-export/jobs/{jobId}/bundle');
    }
    throw ForbiddenError('This download link is not valid: it was altered, or not issued by this Offprint');
  }
  const row = findExportJob(deps.db, verdict.jobId);
  const bundle = row === undefined ? null : bundleOf(deps, row);
  if (bundle === null) throw NotFoundError('This bundle is no longer available');
  if (verdict.deltaFrom === undefined) return bundle;
  // A delta link: the delta kept beside the bundle, while it was made from the bundle the job still has.
  const delta = readDeltaRecord(deps.dataDir, bundle.jobId, verdict.deltaFrom);
  if (delta === null || delta.targetSha256 !== bundle.sha256) throw NotFoundError('This delta is no longer available');
  return {
    jobId: bundle.jobId,
    file: deltaFile(deps.dataDir, bundle.jobId, verdict.deltaFrom),
    sizeBytes: delta.sizeBytes,
    sha256: delta.sha256,
    downloadName: `${row?.domain ?? 'bundle'}-${verdict.deltaFrom}-to-${bundle.jobId}.delta.zip`,
  };
}
