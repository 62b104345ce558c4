/**
 * The migration that keeps each export job's count of blocked requests beside their list (the job list
 * shows the count and no longer reads every job's list), on a database already holding jobs; and a job
 * completed after it has its count written with its list.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../server/db/connection.js';
import { claimExportJob, completeExportJob, findExportJob } from '../server/db/exportJobs.js';
import { LATEST_VERSION, MIGRATIONS, migrate, schemaVersion } from '../server/db/migrations.js';
import { insertOrganization } from '../server/db/organizations.js';
import { insertProject } from '../server/db/projects.js';
import { tempDir } from './helpers/dataDirs.js';

const BLOCKED_COUNT = MIGRATIONS.find((m) => m.name.startsWith('export jobs: how many requests'));

/** A job row as the schema before the migration holds it, with `blocked` as its stored list. */
function insertOldJob(db: Db, id: string, projectId: string, status: string, blocked: string | null): void {
  db.prepare(
    `INSERT INTO export_jobs (id, org_id, project_id, domain, build_id, deployment, features, status,
       blocked_requests, created_at, updated_at)
     VALUES (?, 'org_a', ?, 'a.example', 'build', 'air-gapped', '{}', ?, ?, 0, 0)`,
  ).run(id, projectId, status, blocked);
}

const blockedList = (n: number): string =>
  JSON.stringify(Array.from({ length: n }, (_, i) => ({ page: `/p/${i}`, url: `https://cdn.example/${i}.js` })));

describe('migration "export jobs: how many requests each blocked"', () => {
  it('counts the stored lists of the jobs already there; new completions write their count', () => {
    const db: Db = openDatabase(join(tempDir(), 'test.db'), { skipMigrations: true });
    try {
      if (BLOCKED_COUNT === undefined) throw new Error('no blocked-count migration');
      const version = BLOCKED_COUNT.version;
      migrate(
        db,
        MIGRATIONS.filter((m) => m.version < version),
      );
      insertOrganization(db, { id: 'org_a', name: 'A', plan: 'enterprise', createdAt: 0 });
      for (const id of ['prj_a', 'prj_b', 'prj_c', 'prj_d']) {
        insertProject(db, { id, orgId: 'org_a', name: id, domain: `${id}.example`, createdAt: 0 });
      }
      insertOldJob(db, 'job_many', 'prj_a', 'completed', blockedList(1234));
      insertOldJob(db, 'job_none', 'prj_b', 'completed', '[]');
      insertOldJob(db, 'job_failed', 'prj_c', 'failed', null);
      insertOldJob(db, 'job_queued', 'prj_d', 'queued', null);

      migrate(db);
      expect(schemaVersion(db)).toBe(LATEST_VERSION);
      const counts = ['job_many', 'job_none', 'job_failed'].map((id) => findExportJob(db, id)?.blockedCount);
      expect(counts).toEqual([1234, 0, null]);

      const claim = { owner: 'me/1', leaseUntil: 1000, expectedOwner: null, now: 10 };
      expect(claimExportJob(db, 'job_queued', claim)).toBe(true);
      const done = { sha256: 'a'.repeat(64), sizeBytes: 1, pageCount: 3, blockedRequests: blockedList(7), now: 20 };
      expect(completeExportJob(db, 'job_queued', 'me/1', done)).toBe(true);
      expect(findExportJob(db, 'job_queued')?.blockedCount).toBe(7);
    } finally {
      db.close();
    }
  });
});
