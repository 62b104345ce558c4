/**
 * `offprint export` run again after the process running its export died (killed, crashed, the machine
 * went down): the site's interrupted job for the very same request is taken over and goes on from the
 * pages it had rendered and the page loads it had checked, instead of the run being refused (409) over
 * a job nothing runs any more, or starting over. A job of another request, or of another build of the
 * site, is left alone (the 409 says which).
 */
import { writeTransaction } from '../../db/connection.js';
import { claimExportJob, findActiveExportJob, findExportJob, type ExportJobRow } from '../../db/exportJobs.js';
import type { SiteDeps } from '../../deps.js';
import { insertNewExportJob, newExportJobRow, type ClaimOnStart, type StartExportInput } from './jobs.js';

/** A job started or taken over for `offprint export`. */
export interface StartedOrResumed {
  readonly job: ExportJobRow;
  /** True when it is an interrupted job taken over, with what it had done. */
  readonly resumed: boolean;
}

/** True when two jobs export the same bytes: same site build, pages, deployment, features and version. */
function sameRequest(a: ExportJobRow, b: ExportJobRow): boolean {
  return (
    a.orgId === b.orgId &&
    a.projectId === b.projectId &&
    a.buildId === b.buildId &&
    a.deployment === b.deployment &&
    a.versionLabel === b.versionLabel &&
    a.paths === b.paths &&
    a.features === b.features
  );
}

/**
 * Claims for `claim.owner` the site's running job for the same request as `input` when `abandoned` says
 * no process runs it any more (the worker's rule: lease expired or its process gone); otherwise starts a
 * new job like startExportJob (with its errors, 409 included).
 */
export function startOrResumeExportJob(
  deps: SiteDeps,
  input: StartExportInput,
  claim: ClaimOnStart,
  abandoned: (job: ExportJobRow) => boolean,
): StartedOrResumed {
  const row = newExportJobRow(deps, input, claim);
  const taken = writeTransaction(deps.db, () => {
    const active = findActiveExportJob(deps.db, row.projectId);
    if (active?.status !== 'running' || !abandoned(active) || !sameRequest(active, row)) return undefined;
    const claimed = claimExportJob(deps.db, active.id, {
      owner: claim.owner,
      leaseUntil: claim.leaseUntil,
      expectedOwner: active.leaseOwner,
      now: deps.now(),
    });
    return claimed ? findExportJob(deps.db, active.id) : undefined;
  });
  if (taken !== undefined) {
    deps.logger.info({ jobId: taken.id, attempts: taken.attempts }, 'export resumed');
    return { job: taken, resumed: true };
  }
  return { job: insertNewExportJob(deps, row), resumed: false };
}
