/**
 * Static-export jobs: starting one (validated against the organization, its plan and the site's pages),
 * reading one, cancelling one. Jobs are durable rows; a worker (`server/jobs`) runs them. A job pins the
 * site build current when it starts, so the bundle matches the pages the request was checked against.
 */
import { writeTransaction } from '../../db/connection.js';
import {
  CANCELLED_ERROR,
  failExportJob,
  findActiveExportJob,
  findExportJobByBundle,
  findExportJobInOrg,
  listFilteredExportJobs,
  insertExportJob,
  type ExportJobFilter,
  type ExportJobRow,
} from '../../db/exportJobs.js';
import { findProjectByDomain } from '../../db/projects.js';
import type { DeploymentKind } from '../../types.js';
import { resolveExportFeatures, type ExportFeaturesRequest } from '../../exportSpec/features.js';
import { listExportPages } from '../../exportSpec/pages.js';
import { removeJobDir } from '../../exportSpec/files.js';
import { encodeFeatures, encodePaths } from '../../exportSpec/jobOptions.js';
import { type AppError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.js';
import { prefixedId } from '../ids.js';
import { cursorPosition, encodeKeysetCursor, keysetPage, selectionFingerprint } from '../keysetCursor.js';
import { requireOrganization } from '../organizations.js';
import { getCurrentSite } from '../sites.js';
import type { SiteDeps } from '../../deps.js';

/** What starting a job takes (already validated at the edge). */
export interface StartExportInput {
  readonly orgId: string;
  /** A bare, lowercase hostname. */
  readonly domain: string;
  readonly version?: string | undefined;
  /** Page paths (`index`, `guides/setup`, `/guides/setup`); undefined = every page. */
  readonly paths?: readonly string[] | undefined;
  readonly deployment: DeploymentKind;
  readonly features?: ExportFeaturesRequest | undefined;
  /** Record requests outside the bundle found by the egress check instead of failing (default false). */
  readonly allowEgress?: boolean | undefined;
  /**
   * Where a running server serves a project's site, whose reader-feedback endpoint collects the
   * bundle's feedback by default; absent or null: no collector. The caller knows what runs; the
   * domain does not look.
   */
  readonly collectorUrlOf?: ((projectId: string) => string | null) | undefined;
}

/** Start a job already claimed by a worker of this process (the CLI runs its job itself). */
export interface ClaimOnStart {
  readonly owner: string;
  readonly leaseUntil: number;
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

function activeConflict(domain: string, job: ExportJobRow | undefined): AppError {
  const which = job === undefined ? 'another job' : `job ${job.id} (${job.status}, ${job.progress}%)`;
  return ConflictError(
    `A static export of ${domain} is already active: ${which}. Wait for it to finish or cancel it first.`,
  );
}

/**
 * Starts (queues) a static export of the site named by `input.domain`. 403 when the organization is not
 * on the enterprise plan; 400 when the domain names no site of the organization, when `paths` names
 * pages that do not exist (each listed) or when the features cannot be had; 409 when the site already
 * has a queued or running job.
 */
export function startExportJob(deps: SiteDeps, input: StartExportInput, claim?: ClaimOnStart): ExportJobRow {
  return insertNewExportJob(deps, newExportJobRow(deps, input, claim));
}

/** The row of a new job for `input`, validated (every error of {@link startExportJob} but the 409). */
export function newExportJobRow(deps: SiteDeps, input: StartExportInput, claim?: ClaimOnStart): ExportJobRow {
  const org = requireOrganization(deps, input.orgId);
  if (org.plan !== 'enterprise') {
    throw ForbiddenError(
      `Static export is available on the enterprise plan; organization ${org.id} is on the ${org.plan} plan`,
    );
  }
  const project = findProjectByDomain(deps.db, input.domain);
  if (project === undefined || project.orgId !== org.id) {
    throw ValidationError('Unknown domain', [
      `domain: no docs site of this organization has the domain ${input.domain}`,
    ]);
  }
  const site = getCurrentSite(deps, project.id);
  if (site === null) {
    throw ValidationError('The site has no content yet', [
      `domain: ${input.domain} has no imported docs site (offprint sites import --project ${project.id} PATH)`,
    ]);
  }
  let paths: readonly string[] | null = null;
  if (input.paths !== undefined) {
    // The official API's paths have no leading slash (`guides/setup`); site paths do.
    const given = new Map(input.paths.map((path) => [path.startsWith('/') ? path : `/${path}`, path]));
    const { pages, missing } = listExportPages(site.model, [...given.keys()]);
    if (missing.length > 0) {
      throw ValidationError(
        `${missing.length} of the requested paths are not pages of ${input.domain}`,
        missing.map((path) => `paths: ${given.get(path) ?? path} is not a page of ${input.domain}`),
      );
    }
    paths = pages;
  }
  const collectorUrl = input.collectorUrlOf?.(project.id) ?? null;
  const features = resolveExportFeatures(input.deployment, input.features, { collectorUrl });
  const now = deps.now();
  return {
    id: prefixedId('se'),
    orgId: org.id,
    projectId: project.id,
    domain: project.domain,
    buildId: site.buildId,
    deployment: input.deployment,
    versionLabel: input.version ?? null,
    paths: encodePaths(paths),
    features: encodeFeatures(features, input.allowEgress ?? false),
    status: claim === undefined ? 'queued' : 'running',
    progress: 0,
    pageCount: 0,
    pagesReused: 0,
    pagesTotal: null,
    error: null,
    attempts: claim === undefined ? 0 : 1,
    leaseOwner: claim?.owner ?? null,
    leaseUntil: claim?.leaseUntil ?? null,
    bundleSha256: null,
    bundleSize: null,
    blockedCount: null,
    signingFingerprint: null,
    createdAt: now,
    updatedAt: now,
    startedAt: claim === undefined ? null : now,
    completedAt: null,
  };
}

/** Inserts a new job's row; 409 when the site already has a queued or running job. */
export function insertNewExportJob(deps: SiteDeps, row: ExportJobRow): ExportJobRow {
  try {
    writeTransaction(deps.db, () => {
      const active = findActiveExportJob(deps.db, row.projectId);
      if (active !== undefined) throw activeConflict(row.domain, active);
      insertExportJob(deps.db, row);
    });
  } catch (error) {
    // The partial unique index catches a start racing in another process past the check above.
    if (isUniqueViolation(error)) throw activeConflict(row.domain, findActiveExportJob(deps.db, row.projectId));
    throw error;
  }
  deps.logger.info({ jobId: row.id, projectId: row.projectId, buildId: row.buildId }, 'export queued');
  return row;
}

/** The organization owning the site `domain` (the CLI acts for it); a 400 when no project has that domain. */
export function organizationOfDomain(deps: SiteDeps, domain: string): string {
  const project = findProjectByDomain(deps.db, domain);
  if (project === undefined) {
    const error = ValidationError('Unknown domain', [`domain: no project has the domain ${domain}`]);
    error.missing = { kind: 'domain', id: domain };
    throw error;
  }
  return project.orgId;
}

/** One page of an organization's jobs, and the cursor of the next page (null at the end). */
export interface ExportJobPage {
  readonly rows: ExportJobRow[];
  readonly nextCursor: string | null;
}

/** What one page of the job list takes: its size, the filters, and the previous page's `nextCursor`. */
export interface ExportJobPageQuery {
  readonly limit: number;
  readonly filter?: ExportJobFilter | undefined;
  readonly cursor?: string | undefined;
}

/** The selection a job-list cursor is bound to: the organization and every filter (not `limit`). */
function jobListFingerprint(orgId: string, filter: ExportJobFilter): string {
  // The tag keeps a cursor of another list (feedback's start with a project id) from ever matching.
  const { status, domain, createdFrom, createdTo } = filter;
  return selectionFingerprint([
    'export-jobs',
    orgId,
    status ?? null,
    domain ?? null,
    createdFrom ?? null,
    createdTo ?? null,
  ]);
}

/**
 * One page of the organization's jobs, newest first (`created_at DESC, id DESC`; the dashboard's list,
 * an Offprint extension), optionally only those matching `filter`. `cursor` continues after the page it
 * came from and must come with the same filters (a 400 otherwise, or when it was altered).
 */
export function listExportJobs(deps: SiteDeps, orgId: string, query: ExportJobPageQuery): ExportJobPage {
  const filter = query.filter ?? {};
  const fingerprint = jobListFingerprint(orgId, filter);
  const after =
    query.cursor === undefined
      ? undefined
      : cursorPosition(deps.secret, fingerprint, query.cursor, 'status, domain, dateFrom and dateTo');
  const fetched = listFilteredExportJobs(deps.db, orgId, filter, query.limit + 1, after);
  const { rows, nextCursor } = keysetPage(fetched, query.limit, (last) =>
    encodeKeysetCursor(deps.secret, fingerprint, { createdAt: last.createdAt, id: last.id }),
  );
  return { rows, nextCursor };
}

/** The completed job of the organization that produced a bundle with this SHA-256, if any. */
export function exportJobOfBundle(
  deps: SiteDeps,
  orgId: string,
  sha256: string,
): { jobId: string; completedAt: number | null } | null {
  const row = findExportJobByBundle(deps.db, orgId, sha256);
  return row === undefined ? null : { jobId: row.id, completedAt: row.completedAt };
}

/** A job of the organization, or a 404 (another organization's job looks the same as none). */
export function getExportJob(deps: SiteDeps, orgId: string, jobId: string): ExportJobRow {
  const row = findExportJobInOrg(deps.db, orgId, jobId);
  if (row === undefined) throw NotFoundError(`Static export job ${jobId} does not exist`);
  return row;
}

/**
 * Cancels a queued or running job: it becomes `failed` with error {@link CANCELLED_ERROR} at once (the
 * official API has no other terminal state, and clients stop polling on `failed`). The worker running it
 * notices within a second, stops rendering and deletes its files. 409 for a finished job.
 */
export function cancelExportJob(deps: SiteDeps, orgId: string, jobId: string): ExportJobRow {
  const row = getExportJob(deps, orgId, jobId);
  const cancelled = failExportJob(deps.db, row.id, CANCELLED_ERROR, deps.now());
  const after = getExportJob(deps, orgId, jobId);
  if (!cancelled) {
    throw ConflictError(
      after.status === 'completed'
        ? `Static export job ${jobId} is already completed; there is nothing to cancel`
        : `Static export job ${jobId} has already failed (${after.error ?? 'unknown error'}); there is nothing to cancel`,
    );
  }
  // A queued job has no files yet; a running one's worker removes its own (it may still be writing).
  if (row.status === 'queued') removeJobDir(deps.dataDir, row.id);
  deps.logger.info({ jobId, was: row.status }, 'export cancelled');
  return after;
}
