/**
 * Issue 13: the job list pages with keyset cursors. 500 jobs over three sites (pairs sharing an instant)
 * are read through the real API 100 at a time, unfiltered and with each filter: every matching job comes
 * exactly once, in the list's order, and the last page's nextCursor is null. A cursor used with other
 * filters, altered, or taken from the feedback list is a 400 in the standard error shape; the query
 * walks the organization's index instead of sorting every job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportJobRow } from '../server/db/exportJobs.js';
import { encodeCursor } from '../server/domain/feedback/cursor.js';
import { createProjectInOrg } from '../server/domain/projects.js';
import { startExportEnv, type ExportEnv } from './helpers/exportEnv.js';
import { newestFirst, seedExportJobs, type SeedSite } from './helpers/seedExportJobs.js';

const JOBS = 500;
const T0 = Date.parse('2026-03-01T10:00:00Z');

interface Page {
  jobs: { jobId: string; status: string; error: string | null; domain: string; createdAt: string }[];
  nextCursor: string | null;
}

interface ErrorBody {
  error: string;
  details: { message: string }[];
}

describe('paging through 500 export jobs', () => {
  let env: ExportEnv;
  let sites: SeedSite[];
  let seeded: ExportJobRow[];
  beforeAll(async () => {
    env = await startExportEnv();
    env.setNow(T0 + JOBS * 1000);
    sites = [{ projectId: env.projectId, domain: env.domain }];
    for (const domain of ['docs.two.test', 'docs.three.test']) {
      sites.push({ projectId: createProjectInOrg(env.runtime, env.orgId, { name: domain, domain }).id, domain });
    }
    seeded = newestFirst(seedExportJobs(env.runtime.db, env.orgId, sites, JOBS, T0));
  }, 120_000);
  afterAll(async () => {
    await env.close();
  });

  /** Reads every page of `filters`; returns the pages. */
  async function pageThrough(filters: Record<string, string>, limit = 100): Promise<Page[]> {
    const pages: Page[] = [];
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams({ ...filters, limit: String(limit), ...(cursor === null ? {} : { cursor }) });
      const res = await env.api('GET', `/v1/static-export/jobs?${query.toString()}`);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const page = res.json as Page;
      pages.push(page);
      cursor = page.nextCursor;
      expect(pages.length).toBeLessThanOrEqual(JOBS / limit + 1);
    } while (cursor !== null);
    return pages;
  }

  const ids = (pages: Page[]) => pages.flatMap((p) => p.jobs.map((j) => j.jobId));

  it('lists every job exactly once, newest first, 100 a page, with a null nextCursor at the end', async () => {
    const pages = await pageThrough({});
    expect(pages.map((p) => p.jobs.length)).toEqual([100, 100, 100, 100, 100]);
    expect(pages.at(-1)?.nextCursor).toBeNull();
    expect(ids(pages)).toEqual(seeded.map((row) => row.id));
    expect(new Set(ids(pages)).size).toBe(JOBS);
    // A limit that does not divide the count: the last page is short, and no empty page follows.
    const sevens = await pageThrough({}, 70);
    expect(sevens.map((p) => p.jobs.length)).toEqual([70, 70, 70, 70, 70, 70, 70, 10]);
    expect(ids(sevens)).toEqual(seeded.map((row) => row.id));
  });

  it('pages each filter through exactly the jobs it matches', async () => {
    const from = T0 + 60_000;
    const to = T0 + 200_000;
    const cases: [Record<string, string>, (row: ExportJobRow) => boolean][] = [
      [{ status: 'completed' }, (r) => r.status === 'completed'],
      [{ status: 'failed' }, (r) => r.status === 'failed'],
      [{ status: 'cancelled' }, (r) => r.status === 'failed' && r.error === 'cancelled'],
      [{ status: 'running' }, (r) => r.status === 'running'],
      [{ domain: 'docs.two.test' }, (r) => r.domain === 'docs.two.test'],
      [{ dateFrom: new Date(from).toISOString() }, (r) => r.createdAt >= from],
      [
        {
          domain: env.domain,
          status: 'completed',
          dateFrom: new Date(from).toISOString(),
          dateTo: new Date(to).toISOString(),
        },
        (r) => r.domain === env.domain && r.status === 'completed' && r.createdAt >= from && r.createdAt < to,
      ],
    ];
    for (const [filters, matches] of cases) {
      const expected = seeded.filter(matches).map((row) => row.id);
      expect(expected.length, JSON.stringify(filters)).toBeGreaterThan(0);
      const pages = await pageThrough(filters);
      expect(ids(pages), JSON.stringify(filters)).toEqual(expected);
      expect(pages.at(-1)?.nextCursor).toBeNull();
      expect(pages.length).toBe(Math.max(1, Math.ceil(expected.length / 100)));
    }
  });

  it('keeps its place when jobs are added between pages (nothing skipped or repeated)', async () => {
    const first = (await env.api('GET', '/v1/static-export/jobs?limit=100&domain=docs.three.test')).json as Page;
    const three = sites.filter((site) => site.domain === 'docs.three.test');
    const newer = seedExportJobs(env.runtime.db, env.orgId, three, 3, T0 + JOBS * 1000, 'later');
    const rest: Page[] = [];
    let cursor = first.nextCursor;
    while (cursor !== null) {
      const query = new URLSearchParams({ limit: '100', domain: 'docs.three.test', cursor });
      const page = (await env.api('GET', `/v1/static-export/jobs?${query.toString()}`)).json as Page;
      rest.push(page);
      cursor = page.nextCursor;
    }
    const listed = ids([first, ...rest]);
    expect(listed).toEqual(seeded.filter((r) => r.domain === 'docs.three.test').map((r) => r.id));
    expect(listed).not.toContain(newer[0]?.id);
    // Leave the seeded set as it was for the other tests: the new jobs are the newest, listed first.
    const top = (await env.api('GET', '/v1/static-export/jobs?limit=3&domain=docs.three.test')).json as Page;
    expect(top.jobs.map((j) => j.jobId).sort()).toEqual(newer.map((r) => r.id).sort());
  });

  it("walks the organization's index in the list's order instead of sorting every job", () => {
    // The list query's shape (server/db/exportJobs.ts), asked for its plan.
    const plan = env.runtime.db
      .prepare(
        'EXPLAIN QUERY PLAN SELECT * FROM export_jobs WHERE org_id = ? AND status = ? AND (created_at, id) < (?, ?) ' +
          'ORDER BY created_at DESC, id DESC LIMIT ?',
      )
      .all(env.orgId, 'completed', T0 + 100_000, 'se_f', 101) as { detail: string }[];
    const text = plan.map((row) => row.detail).join(' | ');
    expect(text).toContain('USING INDEX export_jobs_by_org_time');
    expect(text).not.toContain('TEMP B-TREE');
  });

  it('refuses a cursor used with other filters, altered, or issued by another list: 400 in the error shape', async () => {
    const first = (await env.api('GET', '/v1/static-export/jobs?limit=100&status=completed')).json as Page;
    const cursor = first.nextCursor ?? '';
    expect(cursor).not.toBe('');
    const refused = async (query: Record<string, string>, pattern: RegExp) => {
      const res = await env.api('GET', `/v1/static-export/jobs?${new URLSearchParams(query).toString()}`);
      expect(res.status, JSON.stringify(query)).toBe(400);
      const body = res.json as ErrorBody;
      expect(typeof body.error).toBe('string');
      expect(body.details).toEqual([{ message: expect.stringMatching(pattern) as unknown }]);
    };
    // The same filters with another limit are fine.
    expect((await env.api('GET', `/v1/static-export/jobs?limit=7&status=completed&cursor=${cursor}`)).status).toBe(200);
    const other = /^cursor: was issued for other filters; repeat the status, domain, dateFrom and dateTo/;
    await refused({ cursor }, other);
    await refused({ cursor, status: 'failed' }, other);
    await refused({ cursor, status: 'completed', domain: env.domain }, other);
    await refused({ cursor, status: 'completed', dateFrom: '2026-03-01' }, other);
    await refused({ cursor, status: 'completed', dateTo: '2027-01-01' }, other);
    const invalid = /^cursor: is not a cursor issued by this server/;
    const [payload = '', mac = ''] = cursor.split('.');
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    await refused({ cursor: flip(cursor, 3), status: 'completed' }, invalid);
    await refused({ cursor: `${payload}.${flip(mac, mac.length - 1)}`, status: 'completed' }, invalid);
    await refused({ cursor: `${payload}x.${mac}`, status: 'completed' }, invalid);
    await refused({ cursor: 'not-a-cursor', status: 'completed' }, invalid);
    // Signed by this server, but for the feedback list: refused, never read as a position here.
    const feedback = encodeCursor(env.runtime.secret, { projectId: env.projectId }, { createdAt: T0, id: 'f1' });
    await refused({ cursor: feedback }, other);
    const empty = await env.api('GET', '/v1/static-export/jobs?cursor=');
    expect(empty.status).toBe(400);
    expect((empty.json as ErrorBody).details[0]?.message).toMatch(/^cursor/);
  });
});
