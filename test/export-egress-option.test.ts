/**
 * The `allowEgress` export option end to end up to the run: the API takes it as an Offprint extension
 * (marked so in the OpenAPI document, false by default, a boolean or a 400), the job keeps it durably,
 * and the run that picks the job up reads it back; the job API shows the egress check as its own phase.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimExportJob, findExportJob, recordExportProgress } from '../server/db/exportJobs.js';
import { createProjectWithSite } from '../server/domain/projectWithSite.js';
import { jobExportOptions } from '../server/exportSpec/jobOptions.js';
import { progressPercent } from '../server/jobs/progress.js';
import { jobPhase } from '../server/routes/exports/presenter.js';
import { startExportEnv, type ExportEnv } from './helpers/exportEnv.js';
import { ALL_SHAPES } from './helpers/siteProjects.js';

const JOBS = '/v1/static-export/jobs';

describe('the allowEgress export option', () => {
  let env: ExportEnv;
  let sites = 0;
  beforeAll(async () => {
    env = await startExportEnv();
  });
  afterAll(async () => {
    await env.close();
  });

  function freshSite(): string {
    const domain = `egress${++sites}.shapes.test`;
    createProjectWithSite(env.runtime, { orgId: env.orgId, name: domain, domain }, ALL_SHAPES);
    return domain;
  }

  async function optionsOf(body: Record<string, unknown>): Promise<ReturnType<typeof jobExportOptions>> {
    const started = await env.api('POST', JOBS, { domain: freshSite(), ...body });
    expect(started.status, JSON.stringify(started.json)).toBe(202);
    const row = findExportJob(env.runtime.db, (started.json as { jobId: string }).jobId);
    if (row === undefined) throw new Error('job not stored');
    return jobExportOptions(row);
  }

  it('is kept with the job and read back by the run; false when not given', async () => {
    expect(await optionsOf({ allowEgress: true })).toMatchObject({ allowEgress: true, deployment: 'air-gapped' });
    expect((await optionsOf({})).allowEgress).toBe(false);
    const withFeatures = await optionsOf({ allowEgress: false, features: { search: false } });
    expect(withFeatures).toMatchObject({ allowEgress: false, features: { search: false } });
    // The stored features stay the resolved features: the switch is no feature of the bundle.
    expect(Object.keys((await optionsOf({ allowEgress: true })).features).sort()).toEqual(
      ['analytics', 'apiPlayground', 'assistant', 'feedback', 'search'].sort(),
    );
  });

  it('answers 400 naming the field for anything but a boolean', async () => {
    const refused = await env.api('POST', JOBS, { domain: freshSite(), allowEgress: 'yes' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.json)).toContain('allowEgress');
  });

  it('is documented as an Offprint extension of the official start route', async () => {
    const doc = (await env.api('GET', '/v1/openapi.json')).json as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
    };
    const body = doc.paths[JOBS]?.['post']?.requestBody?.content['application/json']?.schema as {
      properties: Record<string, Record<string, unknown>>;
    };
    expect(body.properties['allowEgress']).toMatchObject({ type: 'boolean', default: false, 'x-offprint': true });
  });

  it('shows the egress check as the job phase `proving`, between assembling and zipping', async () => {
    const started = await env.api('POST', JOBS, { domain: freshSite() });
    const { jobId } = started.json as { jobId: string };
    const percent = progressPercent({
      phase: 'proving',
      pagesDone: 10,
      pagesTotal: 10,
      currentPage: 'guides/a.html',
      checked: { done: 3, total: 20 },
    });
    const assembling = progressPercent({ phase: 'assembling', pagesDone: 10, pagesTotal: 10, currentPage: null });
    const zipping = progressPercent({ phase: 'zipping', pagesDone: 10, pagesTotal: 10, currentPage: null });
    expect(assembling).toBeLessThan(percent);
    expect(percent).toBeLessThan(zipping);
    const now = Date.now();
    expect(
      claimExportJob(env.runtime.db, jobId, { owner: 'test', leaseUntil: now + 60_000, expectedOwner: null, now }),
    ).toBe(true);
    recordExportProgress(env.runtime.db, jobId, 'test', { percent, pageCount: 10, pagesTotal: 10, now });
    const row = findExportJob(env.runtime.db, jobId);
    if (row === undefined) throw new Error('job not stored');
    expect(jobPhase(row)).toBe('proving');
    const shown = await env.api('GET', `${JOBS}/${jobId}`);
    expect(shown.json).toMatchObject({ phase: 'proving', pageCount: 10 });
  });
});
