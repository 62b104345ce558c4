/**
 * Deltas between two completed jobs of one project (`POST .../jobs/{jobId}/bundle` with `deltaFrom`, an
 * Offprint extension): only what changed from the earlier job's bundle to this one, signed with the
 * organization's key, built once per pair (server/delta) and kept beside the job's bundle; the answer is
 * a presigned link to it, like a bundle link.
 */
import { createDelta } from '../../delta/create.js';
import { DeltaRefusedError } from '../../delta/errors.js';
import { ConflictError, ValidationError } from '../../errors.js';
import { loadOrCreateSigningKey } from '../../signing/keyStore.js';
import type { SiteDeps } from '../../deps.js';
import { completedBundleFile, type BundleFile, type BundleLink } from './bundle.js';
import { deltaFile, readDeltaRecord, writeDeltaRecord, type DeltaRecord } from './deltaFiles.js';
import { getExportJob } from './jobs.js';
import { DEFAULT_LINK_TTL_SECONDS, signedDownloadUrl } from './signedUrl.js';

/** Builds in progress, by file: two requests for the same pair wait for one build. */
const building = new Map<string, Promise<DeltaRecord>>();

async function build(deps: SiteDeps, orgId: string, base: BundleFile, target: BundleFile): Promise<DeltaRecord> {
  const file = deltaFile(deps.dataDir, target.jobId, base.jobId);
  try {
    const made = await createDelta(base.file, target.file, file, loadOrCreateSigningKey(deps.dataDir, orgId));
    const record = {
      baseSha256: made.plan.base.sha256,
      targetSha256: made.plan.target.sha256,
      sha256: made.sha256,
      sizeBytes: made.sizeBytes,
      fingerprint: made.fingerprint,
    };
    writeDeltaRecord(deps.dataDir, target.jobId, base.jobId, record);
    deps.logger.info({ jobId: target.jobId, deltaFrom: base.jobId, bytes: made.sizeBytes }, 'delta built');
    return record;
  } catch (error) {
    if (!(error instanceof DeltaRefusedError)) throw error;
    throw ConflictError(`Cannot make a delta from job ${base.jobId} to job ${target.jobId}`, error.problems);
  }
}

/** The delta from `base` to `target`: the cached one when it was made from these very bundles, else built. */
async function ensureDelta(deps: SiteDeps, orgId: string, base: BundleFile, target: BundleFile): Promise<DeltaRecord> {
  const cached = readDeltaRecord(deps.dataDir, target.jobId, base.jobId);
  if (cached !== null && cached.baseSha256 === base.sha256 && cached.targetSha256 === target.sha256) return cached;
  const key = deltaFile(deps.dataDir, target.jobId, base.jobId);
  let pending = building.get(key);
  if (pending === undefined) {
    pending = build(deps, orgId, base, target).finally(() => building.delete(key));
    building.set(key, pending);
  }
  return pending;
}

/**
 * A presigned link to the delta from job `deltaFrom`'s bundle to job `jobId`'s (both of `orgId`). 400 when
 * they are the same job or jobs of different projects, 404 for an unknown job, 409 when either is not
 * completed (or its bundle is gone).
 */
export async function createDeltaLink(
  deps: SiteDeps,
  orgId: string,
  jobId: string,
  deltaFrom: string,
  options: { origin: string; expiresIn?: number | undefined },
): Promise<BundleLink> {
  if (deltaFrom === jobId) {
    throw ValidationError('Invalid deltaFrom', [
      `deltaFrom names job ${jobId} itself: a delta is made from another job`,
    ]);
  }
  const targetRow = getExportJob(deps, orgId, jobId);
  const baseRow = getExportJob(deps, orgId, deltaFrom);
  const target = completedBundleFile(deps, orgId, jobId);
  const base = completedBundleFile(deps, orgId, deltaFrom);
  if (baseRow.projectId !== targetRow.projectId) {
    throw ValidationError('Invalid deltaFrom', [
      `job ${deltaFrom} exported another site (${baseRow.domain}) than job ${jobId} (${targetRow.domain}); a delta needs two exports of the same site`,
    ]);
  }
  const record = await ensureDelta(deps, orgId, base, target);
  const expires = Math.floor(deps.now() / 1000) + (options.expiresIn ?? DEFAULT_LINK_TTL_SECONDS);
  return {
    jobId,
    bundleUrl: `${options.origin}${signedDownloadUrl(deps.secret, jobId, expires, deltaFrom)}`,
    sizeBytes: record.sizeBytes,
    sha256: record.sha256,
    signingKeyFingerprint: record.fingerprint,
    expires,
  };
}
