/**
 * Many export jobs stored as the job runner leaves them (completed, failed, cancelled; the newest running),
 * over several sites, for tests of the job list at scale. Pairs of jobs share an instant and ids are
 * unrelated to time, so the list's tie-break on id is exercised.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../server/db/connection.js';
import { CANCELLED_ERROR, insertExportJob, type ExportJobRow } from '../../server/db/exportJobs.js';

/** A site jobs are seeded for: its project and domain. */
export interface SeedSite {
  readonly projectId: string;
  readonly domain: string;
}

/** The running job's lease: held by a worker on another host for good, so no worker of a test claims it. */
const HELD_FOR_GOOD = Date.UTC(2100, 0, 1);

/** The status job `i` of `count` gets. */
function statusOf(i: number, count: number): { status: ExportJobRow['status']; error: string | null } {
  if (i === count - 1) return { status: 'running', error: null };
  if (i % 20 === 5) return { status: 'failed', error: CANCELLED_ERROR };
  if (i % 10 === 3) return { status: 'failed', error: 'The export ran out of memory' };
  return { status: 'completed', error: null };
}

/**
 * Stores `count` jobs of `orgId`, job `i` of site `sites[i % sites.length]` created at `t0 + floor(i / 2)`
 * seconds; returns them, oldest first. Seeding again in the same database needs another `tag` (ids
 * derive from it).
 */
export function seedExportJobs(
  db: Db,
  orgId: string,
  sites: readonly SeedSite[],
  count: number,
  t0: number,
  tag = 'job',
): ExportJobRow[] {
  const rows: ExportJobRow[] = [];
  for (let i = 0; i < count; i++) {
    const site = sites[i % sites.length];
    if (site === undefined) throw new Error('seedExportJobs needs at least one site');
    const { status, error } = statusOf(i, count);
    const completed = status === 'completed';
    const createdAt = t0 + Math.floor(i / 2) * 1000;
    const row: ExportJobRow = {
      id: `se_${createHash('sha256').update(`${tag} ${i}`).digest('hex').slice(0, 16)}`,
      orgId,
      projectId: site.projectId,
      domain: site.domain,
      buildId: 'b1',
      deployment: 'air-gapped',
      versionLabel: `v${i}`,
      paths: null,
      features: JSON.stringify({
        search: true,
        feedback: null,
        analytics: null,
        apiPlayground: null,
        assistant: false,
      }),
      status,
      progress: completed ? 100 : 40,
      pageCount: completed ? 120 : 48,
      pagesReused: 0,
      pagesTotal: 120,
      error,
      attempts: 1,
      leaseOwner: status === 'running' ? 'elsewhere/1/abc' : null,
      leaseUntil: status === 'running' ? HELD_FOR_GOOD : null,
      bundleSha256: completed ? createHash('sha256').update(`bundle ${i}`).digest('hex') : null,
      bundleSize: completed ? 1_000_000 + i * 1000 : null,
      blockedCount: completed ? 0 : null,
      signingFingerprint: null,
      createdAt,
      updatedAt: createdAt + 500,
      startedAt: createdAt,
      completedAt: status === 'running' ? null : createdAt + 500,
    };
    insertExportJob(db, row);
    rows.push(row);
  }
  return rows;
}

/** `rows` in the list's order: newest first, the greater id first at one instant. */
export function newestFirst(rows: readonly ExportJobRow[]): ExportJobRow[] {
  return [...rows].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}
