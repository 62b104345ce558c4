/**
 * `offprint export` run again after its process died (server/domain/exports/resume.ts), on a real data
 * dir: the site's interrupted job for the same request is taken over (claimed, its attempts counted);
 * a job still run by someone, a job of another request or of an older build of the site is not, and a
 * new start is refused (409) as before; with no job active, a new job starts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelExportJob, startExportJob } from '../server/domain/exports/jobs.js';
import { startOrResumeExportJob } from '../server/domain/exports/resume.js';
import { findExportJob, type ExportJobRow } from '../server/db/exportJobs.js';
import { importSite } from '../server/domain/sites.js';
import { startExportEnv, type ExportEnv } from './helpers/exportEnv.js';
import { ALL_SHAPES } from './helpers/siteProjects.js';

describe('offprint export going on with an interrupted job', () => {
  let env: ExportEnv;
  const claim = (owner: string) => ({ owner, leaseUntil: env.runtime.now() + 30_000 });
  const request = (paths?: string[]) => ({
    orgId: env.orgId,
    domain: env.domain,
    deployment: 'air-gapped' as const,
    ...(paths === undefined ? {} : { paths }),
  });
  const gone = (): boolean => true;
  const alive = (): boolean => false;
  /** A job started by a CLI run that then died (its row still `running`, leased to it). */
  const interrupted = (paths?: string[]): ExportJobRow =>
    startExportJob(env.runtime, request(paths), claim('dead-cli'));
  const row = (id: string): ExportJobRow | undefined => findExportJob(env.runtime.db, id);
  const cancel = (id: string): void => {
    cancelExportJob(env.runtime, env.orgId, id);
  };

  beforeAll(async () => {
    env = await startExportEnv();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('takes over the interrupted job of the same request, counting the attempt', () => {
    const first = interrupted(['index', 'quickstart']);
    const again = startOrResumeExportJob(env.runtime, request(['/quickstart', 'index']), claim('cli-2'), gone);
    expect(again.resumed).toBe(true);
    expect(again.job).toMatchObject({ id: first.id, status: 'running', leaseOwner: 'cli-2', attempts: 2 });
    expect(again.job.createdAt).toBe(first.createdAt);
    cancel(first.id);
  });

  it('refuses, as before, while the job is still run by a live process', () => {
    const first = interrupted();
    expect(() => startOrResumeExportJob(env.runtime, request(), claim('cli-2'), alive)).toThrow(
      expect.objectContaining({ status: 409 }),
    );
    expect(row(first.id)).toMatchObject({ leaseOwner: 'dead-cli', attempts: 1 });
    cancel(first.id);
  });

  it('leaves alone an interrupted job of other pages or another deployment (409)', () => {
    const first = interrupted(['index']);
    expect(() => startOrResumeExportJob(env.runtime, request(), claim('cli-2'), gone)).toThrow(
      expect.objectContaining({ status: 409 }),
    );
    expect(() =>
      startOrResumeExportJob(env.runtime, { ...request(['index']), deployment: 'cloud' }, claim('cli-2'), gone),
    ).toThrow(expect.objectContaining({ status: 409 }));
    expect(row(first.id)).toMatchObject({ leaseOwner: 'dead-cli', attempts: 1 });
    cancel(first.id);
  });

  it('leaves alone an interrupted job of an older build of the site', () => {
    const first = interrupted();
    importSite(env.runtime, env.projectId, ALL_SHAPES);
    expect(() => startOrResumeExportJob(env.runtime, request(), claim('cli-2'), gone)).toThrow(
      expect.objectContaining({ status: 409 }),
    );
    expect(row(first.id)).toMatchObject({ leaseOwner: 'dead-cli', attempts: 1 });
    cancel(first.id);
  });

  it('starts a new job when none is active, and never takes over a queued one', () => {
    const fresh = startOrResumeExportJob(env.runtime, request(), claim('cli-3'), gone);
    expect(fresh.resumed).toBe(false);
    expect(fresh.job).toMatchObject({ status: 'running', leaseOwner: 'cli-3', attempts: 1 });
    cancel(fresh.job.id);
    const queued = startExportJob(env.runtime, request());
    expect(() => startOrResumeExportJob(env.runtime, request(), claim('cli-4'), gone)).toThrow(
      expect.objectContaining({ status: 409 }),
    );
    expect(row(queued.id)).toMatchObject({ status: 'queued', leaseOwner: null });
    cancel(queued.id);
  });
});
