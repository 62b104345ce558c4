/**
 * The triage dashboard's reads (Offprint extensions): the `path` and `q` filters on the official list
 * (with cursors bound to them), and `GET .../feedback/stats` numbers on a small dataset worked out by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFeedback, getRead } from './helpers/feedbackApi.js';
import { importEntries, startTestServer, type TestServer } from './helpers/server.js';

// 2026-03-02 and 2026-03-09 are Mondays.
const DATA = [
  {
    id: 's1',
    createdAt: '2026-03-02T08:00:00Z',
    source: 'contextual',
    helpful: true,
    path: '/a',
    comment: 'Great PAGE',
  },
  { id: 's2', createdAt: '2026-03-02T23:59:59.999Z', source: 'thumbs_only', helpful: false, path: '/a' },
  {
    id: 's3',
    createdAt: '2026-03-04T12:00:00Z',
    source: 'code_snippet',
    code: 'npm i 50%_off',
    path: '/b',
    status: 'resolved',
  },
  {
    id: 's4',
    createdAt: '2026-03-09T00:00:00Z',
    source: 'contextual',
    helpful: false,
    path: '/b',
    comment: 'typo',
    contact: 'x@y.org',
    status: 'dismissed',
  },
  { id: 's5', createdAt: '2026-03-09T00:00:00Z', source: 'agent', path: '/a', comment: 'agent says' },
  { id: 's6', createdAt: null, source: 'thumbs_only', helpful: true, path: '/c' },
  {
    id: 's7',
    createdAt: '2026-02-28T10:00:00Z',
    source: 'contextual',
    helpful: true,
    path: '/a',
    status: 'in_progress',
  },
];

const sources = (counts: Partial<Record<string, number>>) => ({
  code_snippet: 0,
  contextual: 0,
  agent: 0,
  thumbs_only: 0,
  ...counts,
});

function day(start: string, total: number, helpful: number, notHelpful: number, by: Partial<Record<string, number>>) {
  return { start, total, helpful, notHelpful, bySource: sources(by) };
}

describe('feedback filters and stats', () => {
  let t: TestServer;
  const stats = async (query: string) => {
    const res = await t.api(`/v1/analytics/${t.projectId}/feedback/stats?${query}`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const idsOf = async (query: Record<string, string>) => (await getFeedback(t, query)).feedback.map((e) => e.id);

  beforeAll(async () => {
    t = await startTestServer();
    await importEntries(t, DATA);
  });
  afterAll(async () => {
    await t.close();
  });

  it('filters the official list by exact path and by text (ASCII case ignored, % and _ literal)', async () => {
    expect(await idsOf({ path: '/b' })).toEqual(['s4', 's3']);
    expect(await idsOf({ q: 'page' })).toEqual(['s1']);
    expect(await idsOf({ q: '50%_' })).toEqual(['s3']);
    expect(await idsOf({ q: '%' })).toEqual(['s3']);
    expect(await idsOf({ q: 'X@Y' })).toEqual(['s4']);
    expect(await idsOf({ q: '/c' })).toEqual(['s6']);
    expect(await idsOf({ q: 'a', path: '/a', source: 'agent' })).toEqual(['s5']);
  });

  it('pages through a path filter with cursors bound to it', async () => {
    const first = await getFeedback(t, { path: '/a', limit: '2' });
    expect(first.feedback.map((e) => e.id)).toEqual(['s5', 's2']);
    const cursor = first.nextCursor ?? '';
    const second = await getFeedback(t, { path: '/a', limit: '2', cursor });
    expect(second.feedback.map((e) => e.id)).toEqual(['s1', 's7']);
    expect(second.hasMore).toBe(false);
    const moved = await getRead(t, 'feedback', { path: '/b', limit: '2', cursor });
    expect(moved.status).toBe(400);
    expect(JSON.stringify(moved.body)).toContain('issued for other filters');
  });

  it('refuses empty text and bad stats options with 400, every problem listed', async () => {
    expect((await getRead(t, 'feedback', { q: '  ' })).status).toBe(400);
    const bad = await stats('bucket=month&pages=0&dateFrom=2026-13-01');
    expect(bad.status).toBe(400);
    const details = (bad.body['details'] as { message: string }[]).map((d) => d.message.split(':')[0]);
    expect(details.sort()).toEqual(['bucket', 'dateFrom', 'pages']);
  });

  it('totals every selected entry by source, status and vote, with undated ones counted apart', async () => {
    const { status, body } = await stats('pages=2');
    expect(status).toBe(200);
    expect(body['totals']).toEqual({
      total: 7,
      helpful: 3,
      notHelpful: 2,
      bySource: sources({ contextual: 3, thumbs_only: 2, code_snippet: 1, agent: 1 }),
      undated: 1,
      satisfaction: 60,
      byStatus: { pending: 4, in_progress: 1, resolved: 1, dismissed: 1 },
    });
    expect(body['pages']).toEqual([
      { path: '/a', total: 4, helpful: 2, notHelpful: 1, code: 0, satisfaction: 66.7 },
      { path: '/b', total: 2, helpful: 0, notHelpful: 1, code: 1, satisfaction: 0 },
    ]);
    expect(body['pagesHasMore']).toBe(true);
  });

  it('gives one bucket per UTC day from the oldest to the newest entry, empty days as zeros', async () => {
    const { body } = await stats('bucket=day');
    const series = body['series'] as { start: string }[];
    expect(series.map((b) => b.start)).toEqual([
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
    ]);
    expect(series[0]).toEqual(day('2026-02-28', 1, 1, 0, { contextual: 1 }));
    expect(series[1]).toEqual(day('2026-03-01', 0, 0, 0, {}));
    expect(series[2]).toEqual(day('2026-03-02', 2, 1, 1, { contextual: 1, thumbs_only: 1 }));
    expect(series[9]).toEqual(day('2026-03-09', 2, 0, 1, { contextual: 1, agent: 1 }));
    expect((body['pages'] as { path: string; satisfaction: number | null }[]).at(-1)).toEqual({
      path: '/c',
      total: 1,
      helpful: 1,
      notHelpful: 0,
      code: 0,
      satisfaction: 100,
    });
  });

  it('gives ISO weeks (Monday, UTC) with bucket=week, and the requested range with filters', async () => {
    const weeks = (await stats('bucket=week')).body['series'];
    expect(weeks).toEqual([
      day('2026-02-23', 1, 1, 0, { contextual: 1 }),
      day('2026-03-02', 3, 1, 1, { contextual: 1, thumbs_only: 1, code_snippet: 1 }),
      day('2026-03-09', 2, 0, 1, { contextual: 1, agent: 1 }),
    ]);
    const ranged = (await stats('dateFrom=2026-03-01&dateTo=2026-03-05&status=pending,resolved')).body;
    expect((ranged['series'] as { start: string; total: number }[]).map((b) => [b.start, b.total])).toEqual([
      ['2026-03-01', 0],
      ['2026-03-02', 2],
      ['2026-03-03', 0],
      ['2026-03-04', 1],
    ]);
    expect(ranged['totals']).toMatchObject({ total: 3, undated: 0, byStatus: { pending: 2, resolved: 1 } });
    const none = (await stats('source=agent&path=/b')).body;
    expect([none['series'], (none['totals'] as { total: number }).total, none['pages']]).toEqual([[], 0, []]);
  });

  it('refuses a day series longer than ten years but serves it in weeks', async () => {
    const long = 'dateFrom=2000-01-01&dateTo=2026-01-01';
    const days = await stats(`${long}&bucket=day`);
    expect(days.status).toBe(400);
    expect(JSON.stringify(days.body)).toContain('use bucket=week');
    const weeks = await stats(`${long}&bucket=week`);
    expect(weeks.status).toBe(200);
    // Monday 1999-12-27 (the week of 2000-01-01) to Monday 2025-12-29 (the week of 2025-12-31).
    const series = weeks.body['series'] as { start: string }[];
    expect([series.length, series[0]?.start, series.at(-1)?.start]).toEqual([1358, '1999-12-27', '2025-12-29']);
  });
});
