/**
 * Rows of the `export_jobs` table: durable static-export jobs. A running job is owned by one worker
 * through a lease (`lease_owner`, `lease_until`) that the worker renews; every write a worker makes is
 * conditioned on still holding the lease, so a worker that lost its job (cancelled, or taken over after
 * its lease expired) changes nothing and learns it from the affected row count.
 */
import type { Db } from './connection.js';
import type { DeploymentKind } from '../types.js';

/** The states of a job, as the official API names them. */
export const EXPORT_JOB_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;

/** One of {@link EXPORT_JOB_STATUSES}. */
export type ExportJobStatus = (typeof EXPORT_JOB_STATUSES)[number];

/** The `error` of a job cancelled through the API or the CLI (it is then `failed`, like the official API's clients expect). */
export const CANCELLED_ERROR = 'cancelled';

/** A job as stored. JSON columns stay strings here; the domain reads them. */
export interface ExportJobRow {
  readonly id: string;
  readonly orgId: string;
  readonly projectId: string;
  readonly domain: string;
  /** The site build pinned when the job was started. */
  readonly buildId: string;
  readonly deployment: DeploymentKind;
  readonly versionLabel: string | null;
  /** JSON array of site paths, or null for every page. */
  readonly paths: string | null;
  /** JSON of the resolved features. */
  readonly features: string;
  readonly status: ExportJobStatus;
  /** Whole percent, 0..100, never lowered. */
  readonly progress: number;
  readonly pageCount: number;
  /** Of `pageCount`, the pages taken from the project's last export instead of rendered (never lowered). */
  readonly pagesReused: number;
  readonly pagesTotal: number | null;
  readonly error: string | null;
  /** How many times a worker claimed the job. */
  readonly attempts: number;
  readonly leaseOwner: string | null;
  readonly leaseUntil: number | null;
  readonly bundleSha256: string | null;
  readonly bundleSize: number | null;
  /** How many requests were blocked while rendering (completed jobs; the list itself is stored apart). */
  readonly blockedCount: number | null;
  /** Fingerprint of the key that signed the bundle (completed jobs of Offprint versions that sign). */
  readonly signingFingerprint: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly startedAt: number | null;
  readonly completedAt: number | null;
}

const COLUMNS =
  'id, org_id AS orgId, project_id AS projectId, domain, build_id AS buildId, deployment, ' +
  'version_label AS versionLabel, paths, features, status, progress, page_count AS pageCount, ' +
  'pages_reused AS pagesReused, ' +
  'pages_total AS pagesTotal, error, attempts, lease_owner AS leaseOwner, lease_until AS leaseUntil, ' +
  'bundle_sha256 AS bundleSha256, bundle_size AS bundleSize, blocked_count AS blockedCount, ' +
  'signing_fingerprint AS signingFingerprint, created_at AS createdAt, updated_at AS updatedAt, started_at AS startedAt, completed_at AS completedAt';

/** Inserts a job. Throws SQLITE_CONSTRAINT_UNIQUE when the project already has an active job. */
export function insertExportJob(db: Db, row: ExportJobRow): void {
  db.prepare(
    `INSERT INTO export_jobs (id, org_id, project_id, domain, build_id, deployment, version_label, paths, features,
       status, progress, page_count, pages_reused, pages_total, error, attempts, lease_owner, lease_until,
       bundle_sha256, bundle_size, blocked_count, signing_fingerprint, created_at, updated_at, started_at, completed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    row.id,
    row.orgId,
    row.projectId,
    row.domain,
    row.buildId,
    row.deployment,
    row.versionLabel,
    row.paths,
    row.features,
    row.status,
    row.progress,
    row.pageCount,
    row.pagesReused,
    row.pagesTotal,
    row.error,
    row.attempts,
    row.leaseOwner,
    row.leaseUntil,
    row.bundleSha256,
    row.bundleSize,
    row.blockedCount,
    row.signingFingerprint,
    row.createdAt,
    row.updatedAt,
    row.startedAt,
    row.completedAt,
  );
}

/** A job by id. */
export function findExportJob(db: Db, id: string): ExportJobRow | undefined {
  return db.prepare(`SELECT ${COLUMNS} FROM export_jobs WHERE id = ?`).get(id) as ExportJobRow | undefined;
}

/** A job by id within one organization: other organizations' jobs are invisible. */
export function findExportJobInOrg(db: Db, orgId: string, id: string): ExportJobRow | undefined {
  return db.prepare(`SELECT ${COLUMNS} FROM export_jobs WHERE id = ? AND org_id = ?`).get(id, orgId) as
    ExportJobRow | undefined;
}

/** The queued or running job of a project, if any (there is at most one). */
export function findActiveExportJob(db: Db, projectId: string): ExportJobRow | undefined {
  return db
    .prepare(`SELECT ${COLUMNS} FROM export_jobs WHERE project_id = ? AND status IN ('queued', 'running')`)
    .get(projectId) as ExportJobRow | undefined;
}

/** Jobs in one state, oldest first. */
export function listExportJobsByStatus(db: Db, status: ExportJobStatus, limit = 100): ExportJobRow[] {
  return db
    .prepare(`SELECT ${COLUMNS} FROM export_jobs WHERE status = ? ORDER BY created_at, id LIMIT ?`)
    .all(status, limit) as ExportJobRow[];
}

/**
 * Gives the job to `owner` until `leaseUntil`, provided it is still active and its lease is still held
 * by `expectedOwner` (null: nobody). Returns whether the claim won. Run inside a write transaction.
 */
export function claimExportJob(
  db: Db,
  id: string,
  claim: { owner: string; leaseUntil: number; expectedOwner: string | null; now: number },
): boolean {
  const result = db
    .prepare(
      `UPDATE export_jobs
         SET status = 'running', lease_owner = ?, lease_until = ?, attempts = attempts + 1,
             started_at = COALESCE(started_at, ?), updated_at = ?
       WHERE id = ? AND status IN ('queued', 'running') AND lease_owner IS ?`,
    )
    .run(claim.owner, claim.leaseUntil, claim.now, claim.now, id, claim.expectedOwner);
  return result.changes === 1;
}

/** Extends the lease of a running job `owner` holds; false when it no longer holds it. */
export function renewExportLease(db: Db, id: string, owner: string, leaseUntil: number): boolean {
  const result = db
    .prepare(`UPDATE export_jobs SET lease_until = ? WHERE id = ? AND lease_owner = ? AND status = 'running'`)
    .run(leaseUntil, id, owner);
  return result.changes === 1;
}

/**
 * Lets go of a running job so that the next worker may resume it at once (graceful shutdown). The claim
 * is not counted as an attempt: attempts count runs that ended without the job finishing or failing.
 */
export function releaseExportLease(db: Db, id: string, owner: string): boolean {
  const result = db
    .prepare(
      `UPDATE export_jobs SET lease_owner = NULL, lease_until = NULL, attempts = MAX(0, attempts - 1)
       WHERE id = ? AND lease_owner = ? AND status = 'running'`,
    )
    .run(id, owner);
  return result.changes === 1;
}

/** Live progress of a running job. Progress and page count never go down. */
export function recordExportProgress(
  db: Db,
  id: string,
  owner: string,
  progress: { percent: number; pageCount: number; pagesReused?: number; pagesTotal: number; now: number },
): boolean {
  const result = db
    .prepare(
      `UPDATE export_jobs
         SET progress = MAX(progress, ?), page_count = MAX(page_count, ?), pages_reused = MAX(pages_reused, ?),
             pages_total = ?, updated_at = ?
       WHERE id = ? AND lease_owner = ? AND status = 'running'`,
    )
    .run(progress.percent, progress.pageCount, progress.pagesReused ?? 0, progress.pagesTotal, progress.now, id, owner);
  return result.changes === 1;
}

/** Marks a running job `owner` holds as completed with its bundle. False when it no longer holds it. */
export function completeExportJob(
  db: Db,
  id: string,
  owner: string,
  done: {
    sha256: string;
    sizeBytes: number;
    pageCount: number;
    /** Pages taken from the last export instead of rendered, when the last progress did not say it yet. */
    pagesReused?: number;
    blockedRequests: string;
    signingFingerprint?: string | null;
    now: number;
  },
): boolean {
  const result = db
    .prepare(
      `UPDATE export_jobs
         SET status = 'completed', progress = 100, page_count = ?, pages_total = ?,
             pages_reused = MIN(?, MAX(pages_reused, ?)), bundle_sha256 = ?,
             bundle_size = ?, blocked_requests = ?, blocked_count = json_array_length(?), signing_fingerprint = ?,
             lease_owner = NULL, lease_until = NULL,
             updated_at = ?, completed_at = ?
       WHERE id = ? AND lease_owner = ? AND status = 'running'`,
    )
    .run(
      done.pageCount,
      done.pageCount,
      done.pageCount,
      done.pagesReused ?? 0,
      done.sha256,
      done.sizeBytes,
      done.blockedRequests,
      done.blockedRequests,
      done.signingFingerprint ?? null,
      done.now,
      done.now,
      id,
      owner,
    );
  return result.changes === 1;
}

/**
 * Marks an active job as failed with `error`. With `owner`, only while that worker holds it (a worker
 * reporting its own failure); without, whoever holds it (cancel). False when the job was not active.
 */
export function failExportJob(db: Db, id: string, error: string, now: number, owner?: string): boolean {
  const result = db
    .prepare(
      `UPDATE export_jobs
         SET status = 'failed', error = ?, lease_owner = NULL, lease_until = NULL, updated_at = ?, completed_at = ?
       WHERE id = ? AND status IN ('queued', 'running') ${owner === undefined ? '' : 'AND lease_owner = ?'}`,
    )
    .run(...[error, now, now, id, ...(owner === undefined ? [] : [owner])]);
  return result.changes === 1;
}

/**
 * What the job list's `status` filter takes: a state, or `cancelled` (the `failed` jobs whose error is
 * {@link CANCELLED_ERROR}; `failed` includes them, as in the official API).
 */
export const EXPORT_JOB_FILTER_STATUSES = [...EXPORT_JOB_STATUSES, 'cancelled'] as const;

/** One of {@link EXPORT_JOB_FILTER_STATUSES}. */
export type ExportJobFilterStatus = (typeof EXPORT_JOB_FILTER_STATUSES)[number];

/** Filters of an organization's job list (each optional; dates are epoch ms, `createdAt` in [from, to)). */
export interface ExportJobFilter {
  readonly status?: ExportJobFilterStatus | undefined;
  readonly domain?: string | undefined;
  readonly createdFrom?: number | undefined;
  readonly createdTo?: number | undefined;
}

/** A position in the list's order (`created_at DESC, id DESC`): a page continues strictly after it. */
export interface ExportJobPosition {
  readonly createdAt: number;
  readonly id: string;
}

/** An organization's jobs matching `filter`, newest first, strictly after `after` when given. */
export function listFilteredExportJobs(
  db: Db,
  orgId: string,
  filter: ExportJobFilter,
  limit: number,
  after?: ExportJobPosition,
): ExportJobRow[] {
  const cancelled = filter.status === 'cancelled';
  const conditions: [string, (string | number)[] | undefined][] = [
    ['org_id = ?', [orgId]],
    ['status = ?', filter.status === undefined ? undefined : [cancelled ? 'failed' : filter.status]],
    ['error = ?', cancelled ? [CANCELLED_ERROR] : undefined],
    ['domain = ?', filter.domain === undefined ? undefined : [filter.domain]],
    ['created_at >= ?', filter.createdFrom === undefined ? undefined : [filter.createdFrom]],
    ['created_at < ?', filter.createdTo === undefined ? undefined : [filter.createdTo]],
    ['(created_at, id) < (?, ?)', after === undefined ? undefined : [after.createdAt, after.id]],
  ];
  const given = conditions.filter(
    (condition): condition is [string, (string | number)[]] => condition[1] !== undefined,
  );
  const where = given.map(([sql]) => sql).join(' AND ');
  return db
    .prepare(`SELECT ${COLUMNS} FROM export_jobs WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ?`)
    .all(...given.flatMap(([, args]) => args), limit) as ExportJobRow[];
}

/** The ids and states of a project's jobs (to cancel and delete them with the project). */
export function listProjectExportJobs(db: Db, projectId: string): Pick<ExportJobRow, 'id' | 'status'>[] {
  return db.prepare('SELECT id, status FROM export_jobs WHERE project_id = ?').all(projectId) as Pick<
    ExportJobRow,
    'id' | 'status'
  >[];
}

/** The newest completed job of an organization whose bundle has this SHA-256, if any. */
export function findExportJobByBundle(db: Db, orgId: string, sha256: string): ExportJobRow | undefined {
  return db
    .prepare(
      `SELECT ${COLUMNS} FROM export_jobs WHERE org_id = ? AND bundle_sha256 = ? AND status = 'completed'
       ORDER BY completed_at DESC LIMIT 1`,
    )
    .get(orgId, sha256) as ExportJobRow | undefined;
}
