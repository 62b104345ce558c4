import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFeedback } from './helpers/feedbackApi.js';
import { CATALOG } from './helpers/feedbackCatalog.js';
import { ids } from './helpers/feedbackFixtures.js';
import { importEntries, startTestServer, type TestServer } from './helpers/server.js';

describe('GET /v1/analytics/{projectId}/feedback: date bounds', () => {
  let t: TestServer;
  const originalTz = process.env['TZ'];
  beforeAll(async () => {
    // A zone far from UTC, so that reading YYYY-MM-DD as local midnight would move the bound by hours.
    process.env['TZ'] = 'Asia/Kolkata';
    t = await startTestServer();
    await importEntries(t, CATALOG);
  });
  afterAll(async () => {
    await t.close();
    if (originalTz === undefined) delete process.env['TZ'];
    else process.env['TZ'] = originalTz;
  });

  const all = ['k08', 'k07', 'k06', 'k05', 'k04', 'k03', 'k02', 'k01', 'k09'];
  const cases: [string, Record<string, string>, string[]][] = [
    // k06 is at 2026-01-16T00:00:00.000Z exactly; k05 one millisecond earlier.
    ['an entry exactly at dateTo is excluded', { dateTo: '2026-01-16T00:00:00.000Z' }, all.slice(3)],
    ['one millisecond later it is included', { dateTo: '2026-01-16T00:00:00.001Z' }, all.slice(2)],
    ['an entry exactly at dateFrom is included', { dateFrom: '2026-01-15T23:59:59.999Z' }, all.slice(0, 4)],
    ['one millisecond later it is excluded', { dateFrom: '2026-01-16T00:00:00.000Z' }, all.slice(0, 3)],
    ['YYYY-MM-DD dateFrom means UTC midnight', { dateFrom: '2026-01-16' }, all.slice(0, 3)],
    ['YYYY-MM-DD dateTo means UTC midnight', { dateTo: '2026-01-16' }, all.slice(3)],
    ['a +05:30 offset on dateFrom', { dateFrom: '2026-01-16T05:30:00+05:30' }, all.slice(0, 3)],
    ['a +05:30 offset, a millisecond later', { dateFrom: '2026-01-16T05:30:00.001+05:30' }, all.slice(0, 2)],
    ['an offset written without a colon', { dateFrom: '2026-01-16T05:30:00+0530' }, all.slice(0, 3)],
    ['a -08:00 offset on dateTo', { dateTo: '2026-01-15T16:00:00-08:00' }, all.slice(3)],
    ['a -08:00 offset, a millisecond earlier', { dateTo: '2026-01-15T15:59:59.999-08:00' }, all.slice(4)],
    [
      'both bounds with offsets, around three entries at one instant',
      { dateFrom: '2026-01-10T03:00:00-05:00', dateTo: '2026-01-10T13:30:00.001+05:30' },
      ['k03', 'k02', 'k01'],
    ],
    ['dateFrom equal to dateTo selects nothing', { dateFrom: '2026-01-16', dateTo: '2026-01-16' }, []],
    ['a dateFrom far in the past still drops time-less entries', { dateFrom: '0001-01-01' }, all],
    ['a dateTo far in the future still drops time-less entries', { dateTo: '9999-12-31T23:59:59.999Z' }, all],
    ['a date far in the past as dateTo selects nothing', { dateTo: '0001-01-01' }, []],
  ];

  it.each(cases)('%s', async (_name, query, expected) => {
    const page = await getFeedback(t, query);
    expect(ids(page.feedback)).toEqual(expected);
    expect(page.hasMore).toBe(false);
    expect(page.nextCursor).toBeNull();
  });

  it('excludes time-less entries whenever a bound is given, and only then', async () => {
    const unbounded = ids((await getFeedback(t)).feedback);
    expect(unbounded.slice(-2)).toEqual(['n2', 'n1']);
    for (const query of [
      { dateFrom: '1970-01-01' },
      { dateTo: '2100-01-01' },
      { dateFrom: '1970-01-01', dateTo: '2100-01-01' },
    ]) {
      const bounded = ids((await getFeedback(t, query)).feedback);
      expect(bounded, JSON.stringify(query)).toEqual(all);
    }
  });
});
