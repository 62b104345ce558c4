import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '../server/domain/organizations.js';
import { getFeedback, walkPages } from './helpers/feedbackApi.js';
import {
  entry,
  expectedEntries,
  generateEntries,
  ids,
  type ImportLine,
  type ModelFilter,
} from './helpers/feedbackFixtures.js';
import { importEntries, startTestServer, type TestServer } from './helpers/server.js';

describe('GET /v1/analytics/{projectId}/feedback: keyset pages', () => {
  let t: TestServer;
  // 24 entries (divisible by 1, 2, 3, 4, 6, 8, 12, 24), three at each instant from 2026-03-01T00:00Z
  // hourly, the last three without a time.
  const lines = generateEntries(24, { prefix: 'p', perInstant: 3, withoutTime: 3 });
  let counter = 0;
  const newProject = (name: string): string =>
    createProject(t.runtime, { orgId: t.orgId, name, domain: `${name}-${++counter}.localhost` }).id;

  beforeAll(async () => {
    t = await startTestServer();
    await importEntries(t, [...lines].reverse());
  });
  afterAll(async () => {
    await t.close();
  });

  it('pages through the whole set at every limit from 1 to past its size', async () => {
    const expected = expectedEntries(lines);
    expect(expected).toHaveLength(24);
    for (let limit = 1; limit <= 25; limit++) {
      const pages = await walkPages(t, { limit: String(limit) });
      expect(
        pages.flatMap((p) => p.feedback),
        `limit ${limit}`,
      ).toStrictEqual(expected);
      // No trailing empty page: exactly ceil(24 / limit) pages, so a size that is a multiple of the
      // limit ends on a full page that already says hasMore false.
      expect(pages, `limit ${limit}`).toHaveLength(Math.ceil(24 / limit));
      const last = pages.at(-1);
      expect(last?.feedback).toHaveLength(24 % limit === 0 ? limit : 24 % limit);
      expect(last?.hasMore).toBe(false);
      expect(last?.nextCursor).toBeNull();
    }
  });

  const filtered: [string, Record<string, string>, ModelFilter][] = [
    ['two statuses', { status: 'pending,resolved' }, { statuses: ['pending', 'resolved'] }],
    ['one source', { source: 'thumbs_only' }, { source: 'thumbs_only' }],
    // 2026-03-01T03:00Z is the instant of the fourth triple.
    ['dateTo at a shared instant', { dateTo: '2026-03-01T03:00:00Z' }, { toMs: Date.parse('2026-03-01T03:00:00Z') }],
    [
      'a date range from a shared instant',
      { dateFrom: '2026-03-01T03:00:00Z', dateTo: '2026-03-01T12:00:00Z' },
      { fromMs: Date.parse('2026-03-01T03:00:00Z'), toMs: Date.parse('2026-03-01T12:00:00Z') },
    ],
    [
      'status and dateFrom',
      { status: 'dismissed,in_progress', dateFrom: '2026-03-01T02:00:00Z' },
      { statuses: ['dismissed', 'in_progress'], fromMs: Date.parse('2026-03-01T02:00:00Z') },
    ],
  ];

  it.each(filtered)('pages through a filtered set (%s) at every limit', async (_name, query, filter) => {
    const expected = expectedEntries(lines, filter);
    expect(expected.length).toBeGreaterThan(2);
    for (let limit = 1; limit <= expected.length + 1; limit++) {
      const pages = await walkPages(t, { ...query, limit: String(limit) });
      expect(pages.flatMap((p) => p.feedback)).toStrictEqual(expected);
      expect(pages).toHaveLength(Math.ceil(expected.length / limit));
    }
  });

  it('gives one empty page with hasMore false when nothing matches', async () => {
    const projectId = newProject('empty');
    expect(await getFeedback(t, {}, { projectId })).toStrictEqual({ feedback: [], nextCursor: null, hasMore: false });
    expect(await getFeedback(t, { source: 'agent', limit: '1' })).toMatchObject({ hasMore: true });
    expect(await getFeedback(t, { status: 'pending', dateFrom: '2030-01-01' })).toStrictEqual({
      feedback: [],
      nextCursor: null,
      hasMore: false,
    });
  });

  it('returns 50 entries by default, and accepts 100', async () => {
    const projectId = newProject('many');
    const many = generateEntries(101, { prefix: 'm', perInstant: 4 });
    await importEntries(t, many, projectId);
    const first = await getFeedback(t, {}, { projectId });
    expect(first.feedback).toStrictEqual(expectedEntries(many).slice(0, 50));
    expect(first.hasMore).toBe(true);
    const pages = await walkPages(t, {}, { projectId });
    expect(pages.map((p) => p.feedback.length)).toEqual([50, 50, 1]);
    const hundred = await walkPages(t, { limit: '100' }, { projectId });
    expect(hundred.map((p) => p.feedback.length)).toEqual([100, 1]);
    expect(hundred.flatMap((p) => p.feedback)).toStrictEqual(expectedEntries(many));
  });

  it('lets the limit change from one page to the next', async () => {
    const expected = expectedEntries(lines);
    const first = await getFeedback(t, { limit: '5' });
    const second = await getFeedback(t, { limit: '7', cursor: first.nextCursor ?? '' });
    const rest = await getFeedback(t, { limit: '100', cursor: second.nextCursor ?? '' });
    expect([...first.feedback, ...second.feedback, ...rest.feedback]).toStrictEqual(expected);
    expect(ids(second.feedback)).toEqual(ids(expected.slice(5, 12)));
    expect(rest.hasMore).toBe(false);
  });

  it('never skips or repeats entries when entries are added while a client pages', async () => {
    const projectId = newProject('live');
    // Ten entries one hour apart, g-09 newest; the first page of four ends at g-06 (07:00Z).
    const original = Array.from({ length: 10 }, (_, i) =>
      entry(`g-0${i}`, `2026-05-01T${String(i + 1).padStart(2, '0')}:00:00.000Z`, 'agent'),
    );
    await importEntries(t, original, projectId);
    const first = await getFeedback(t, { limit: '4' }, { projectId });
    expect(ids(first.feedback)).toEqual(['g-09', 'g-08', 'g-07', 'g-06']);

    const added: ImportLine[] = [
      entry('a-newest', '2026-06-01T00:00:00.000Z', 'contextual'),
      entry('h-tie', '2026-05-01T07:00:00.000Z', 'agent'), // g-06's instant, sorts before g-06: behind
      entry('f-tie', '2026-05-01T07:00:00.000Z', 'agent'), // g-06's instant, sorts after g-06: ahead
    ];
    await importEntries(t, added, projectId);
    const second = await getFeedback(t, { limit: '4', cursor: first.nextCursor ?? '' }, { projectId });
    expect(ids(second.feedback)).toEqual(['f-tie', 'g-05', 'g-04', 'g-03']);

    const addedLater: ImportLine[] = [
      entry('a-behind', '2026-05-01T04:30:00.000Z', 'code_snippet'), // between g-04 and g-03: behind
      entry('a-ahead', '2026-05-01T02:30:00.000Z', 'code_snippet'), // between g-02 and g-01: ahead
      entry('a-oldest', '2020-01-01T00:00:00.000Z', 'thumbs_only'),
      entry('a-timeless', null, 'agent'),
    ];
    await importEntries(t, addedLater, projectId);
    const rest = await walkPages(t, { limit: '4', cursor: second.nextCursor ?? '' }, { projectId });

    expect(ids(rest.flatMap((p) => p.feedback))).toEqual([
      ...['g-02', 'a-ahead', 'g-01', 'g-00'],
      ...['a-oldest', 'a-timeless'],
    ]);
    // A fresh walk sees everything exactly once, in order.
    const fresh = await walkPages(t, { limit: '4' }, { projectId });
    expect(fresh.flatMap((p) => p.feedback)).toStrictEqual(expectedEntries([...original, ...added, ...addedLater]));
  });
});
