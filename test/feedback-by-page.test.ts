import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '../server/domain/organizations.js';
import { getByPage, type PathCounts } from './helpers/feedbackApi.js';
import { entry, type ImportLine } from './helpers/feedbackFixtures.js';
import { importEntries, startTestServer, type TestServer } from './helpers/server.js';

const LINES: ImportLine[] = [
  entry('a1', '2026-02-01T10:00:00Z', 'contextual', { path: '/a', helpful: true }),
  entry('a2', '2026-02-02T10:00:00Z', 'contextual', { path: '/a', helpful: true, status: 'resolved' }),
  entry('a3', '2026-02-03T10:00:00Z', 'contextual', { path: '/a', helpful: false }),
  entry('a4', '2026-02-04T10:00:00Z', 'thumbs_only', { path: '/a', helpful: true }),
  entry('a5', '2026-02-05T10:00:00Z', 'thumbs_only', { path: '/a', helpful: false, status: 'dismissed' }),
  entry('a6', null, 'thumbs_only', { path: '/a' }), // a vote without `helpful`: counted in total only
  entry('a7', '2026-02-06T10:00:00Z', 'code_snippet', { path: '/a' }),
  entry('a8', '2026-02-07T10:00:00Z', 'code_snippet', { path: '/a', status: 'resolved' }),
  entry('a9', '2026-02-08T10:00:00Z', 'agent', { path: '/a' }),
  entry('b1', '2026-02-01T12:00:00Z', 'code_snippet', { path: '/b' }),
  entry('b2', '2026-02-05T12:00:00Z', 'code_snippet', { path: '/b' }),
  entry('b3', '2026-02-09T12:00:00Z', 'code_snippet', { path: '/b', status: 'in_progress' }),
  entry('b4', '2026-02-09T13:00:00Z', 'agent', { path: '/b' }),
  entry('c1', '2026-02-02T00:00:00Z', 'contextual', { path: '/c', helpful: false }),
  entry('c2', '2026-02-03T00:00:00Z', 'contextual', { path: '/c', helpful: false, status: 'resolved' }),
  entry('c3', '2026-02-04T00:00:00Z', 'thumbs_only', { path: '/c', helpful: true }),
  entry('c4', '2026-02-10T00:00:00Z', 'thumbs_only', { path: '/c', helpful: true }),
  entry('d1', '2026-02-06T00:00:00Z', 'agent', { path: '/d', status: 'resolved' }),
  entry('e1', null, 'thumbs_only', { path: '/e', helpful: false }),
];

/** Counts of one path, written compactly: [path, thumbsUp, thumbsDown, code, total]. */
function counts(...rows: [string, number, number, number, number][]): PathCounts[] {
  return rows.map(([path, thumbsUp, thumbsDown, code, total]) => ({ path, thumbsUp, thumbsDown, code, total }));
}

describe('GET /v1/analytics/{projectId}/feedback/by-page', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
    await importEntries(t, [...LINES].reverse());
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts votes of contextual and thumbs-only entries by helpful, code snippets, and everything', async () => {
    expect(await getByPage(t)).toStrictEqual({
      feedback: counts(
        ['/a', 3, 2, 2, 9],
        ['/b', 0, 0, 3, 4],
        ['/c', 2, 2, 0, 4],
        ['/d', 0, 0, 0, 1],
        ['/e', 0, 1, 0, 1],
      ),
      hasMore: false,
    });
  });

  const cases: [string, Record<string, string>, PathCounts[]][] = [
    ['source=contextual', { source: 'contextual' }, counts(['/a', 2, 1, 0, 3], ['/c', 0, 2, 0, 2])],
    [
      'source=thumbs_only',
      { source: 'thumbs_only' },
      counts(['/a', 1, 1, 0, 3], ['/c', 2, 0, 0, 2], ['/e', 0, 1, 0, 1]),
    ],
    ['source=code_snippet', { source: 'code_snippet' }, counts(['/b', 0, 0, 3, 3], ['/a', 0, 0, 2, 2])],
    ['source=agent', { source: 'agent' }, counts(['/a', 0, 0, 0, 1], ['/b', 0, 0, 0, 1], ['/d', 0, 0, 0, 1])],
    [
      'status=pending',
      { status: 'pending' },
      counts(['/a', 2, 1, 1, 6], ['/b', 0, 0, 2, 3], ['/c', 2, 1, 0, 3], ['/e', 0, 1, 0, 1]),
    ],
    [
      'a status list with spaces and a duplicate',
      { status: ' resolved , dismissed ,resolved' },
      counts(['/a', 1, 1, 1, 3], ['/c', 0, 1, 0, 1], ['/d', 0, 0, 0, 1]),
    ],
    [
      'a date range (an entry exactly at dateTo is left out)',
      { dateFrom: '2026-02-05', dateTo: '2026-02-09T12:00:00Z' },
      counts(['/a', 0, 1, 2, 4], ['/b', 0, 0, 1, 1], ['/d', 0, 0, 0, 1]),
    ],
    [
      'dateFrom alone, with an offset (an entry exactly at dateFrom is counted)',
      { dateFrom: '2026-02-09T17:30:00+05:30' },
      counts(['/b', 0, 0, 1, 2], ['/c', 1, 0, 0, 1]),
    ],
    ['dateTo alone', { dateTo: '2026-02-02' }, counts(['/a', 1, 0, 0, 1], ['/b', 0, 0, 1, 1])],
    [
      'source, status and dateTo',
      { source: 'thumbs_only', status: 'pending', dateTo: '2026-03-01' },
      counts(['/c', 2, 0, 0, 2], ['/a', 1, 0, 0, 1]),
    ],
    ['filters nothing matches', { source: 'agent', status: 'dismissed' }, []],
  ];

  it.each(cases)('applies the same filters as the list: %s', async (_name, query, expected) => {
    expect(await getByPage(t, query)).toStrictEqual({ feedback: expected, hasMore: false });
  });

  it('orders by total descending, then path ascending, and says exactly whether more paths follow', async () => {
    const all = (await getByPage(t)).feedback;
    for (let limit = 1; limit <= 6; limit++) {
      const page = await getByPage(t, { limit: String(limit) });
      expect(page.feedback, `limit ${limit}`).toStrictEqual(all.slice(0, limit));
      expect(page.hasMore, `limit ${limit}`).toBe(limit < 5);
    }
  });

  it('returns ten paths unless told otherwise', async () => {
    const project = createProject(t.runtime, { orgId: t.orgId, name: 'Paths', domain: 'paths.localhost' });
    // Path /pNN gets NN % 3 + 1 agent entries; /p10 only a contextual one.
    const lines = Array.from({ length: 10 }, (_, n) =>
      Array.from({ length: (n % 3) + 1 }, (_, k) =>
        entry(`p${n}-${k}`, '2026-02-01T00:00:00Z', 'agent', { path: `/p${String(n).padStart(2, '0')}` }),
      ),
    ).flat();
    lines.push(entry('p10', '2026-02-01T00:00:00Z', 'contextual', { path: '/p10', helpful: true }));
    await importEntries(t, lines, project.id);
    const order = ['/p02', '/p05', '/p08', '/p01', '/p04', '/p07', '/p00', '/p03', '/p06', '/p09', '/p10'];

    const page = await getByPage(t, {}, { projectId: project.id });
    expect(page.feedback.map((p) => p.path)).toEqual(order.slice(0, 10));
    expect(page.hasMore).toBe(true);
    const agents = await getByPage(t, { source: 'agent' }, { projectId: project.id });
    expect(agents.feedback.map((p) => p.path)).toEqual(order.slice(0, 10));
    expect(agents.hasMore).toBe(false);
    const eleven = await getByPage(t, { limit: '11' }, { projectId: project.id });
    expect(eleven.feedback.map((p) => [p.path, p.total, p.thumbsUp])).toEqual(
      order.map((path) => [path, path === '/p10' ? 1 : (Number(path.slice(2)) % 3) + 1, path === '/p10' ? 1 : 0]),
    );
    expect(eleven.hasMore).toBe(false);
  });

  it('counts zero thumbs, never null, on a path whose only entries are votes without helpful', async () => {
    const project = createProject(t.runtime, { orgId: t.orgId, name: 'Bare votes', domain: 'bare-votes.localhost' });
    await importEntries(
      t,
      [
        entry('v1', '2026-02-01T00:00:00Z', 'thumbs_only', { path: '/bare' }),
        entry('v2', '2026-02-02T00:00:00Z', 'thumbs_only', { path: '/bare' }),
      ],
      project.id,
    );
    const expected = { feedback: counts(['/bare', 0, 0, 0, 2]), hasMore: false };
    expect(await getByPage(t, {}, { projectId: project.id })).toStrictEqual(expected);
    expect(await getByPage(t, { source: 'thumbs_only' }, { projectId: project.id })).toStrictEqual(expected);
  });
});
