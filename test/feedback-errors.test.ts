import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailMessages, getByPage, getError, getFeedback, type Query, type ReadRoute } from './helpers/feedbackApi.js';
import { CATALOG } from './helpers/feedbackCatalog.js';
import { importEntries, startTestServer, type TestServer } from './helpers/server.js';

const ROUTES: ReadRoute[] = ['feedback', 'by-page'];

/** [what, query, the one detail message expected] */
type Case = [string, Query, RegExp];

const notADate = (param: string, value: string): RegExp =>
  new RegExp(`^${param}: "${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" is not a valid date`);

const dateCases: Case[] = [
  ...['2026-02-30', '2026-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '2026-01-32'].map(
    (value): Case => [`impossible date ${value}`, { dateFrom: value }, notADate('dateFrom', value)],
  ),
  ...[
    '2026-01-01T24:00:00Z',
    '2026-01-01T10:60:00Z',
    '2026-01-01T10:00:60Z',
    '2026-01-01T10:00:00+24:00',
    '2026-01-01T10:00:00+05:60',
  ].map((value): Case => [`impossible time ${value}`, { dateTo: value }, notADate('dateTo', value)]),
  ...[
    '2026/01/01',
    '01/02/2026',
    '2026-1-1',
    '20260101',
    '2026-01-01T10:00:00',
    '2026-01-01T10:00',
    '2026-01-01 10:00:00',
    '2026-01-01T10:00:00 05:30',
    '2026-01-01Z',
    '1767225600000',
    'yesterday',
    '',
    ' 2026-01-01',
    '2026-01-01 ',
    '+002026-01-01',
  ].map((value): Case => [`format ${JSON.stringify(value)}`, { dateFrom: value }, notADate('dateFrom', value)]),
  ['dateFrom after dateTo', { dateFrom: '2026-02-01', dateTo: '2026-01-31' }, /^dateFrom: must not be after dateTo/],
  [
    'dateFrom after dateTo by one minute, written with an offset',
    { dateFrom: '2026-01-01T00:00:00-00:01', dateTo: '2026-01-01' },
    /^dateFrom: must not be after dateTo/,
  ],
];

const otherCases: Case[] = [
  ...['foo', 'Contextual', 'contextual,agent', '', ' agent'].map((value): Case => [
    `source ${JSON.stringify(value)}`,
    { source: value },
    /^source: ".*" is not one of code_snippet/,
  ]),
  ['an empty status list', { status: '' }, /^status: must list at least one of pending/],
  ['a status list of commas', { status: ' , ,' }, /^status: must list at least one of pending/],
  ['an empty last status', { status: 'pending,' }, /^status: item 2 is empty/],
  ['an empty first status', { status: ' ,pending' }, /^status: item 1 is empty/],
  ['an empty middle status', { status: 'pending,,resolved' }, /^status: item 2 is empty/],
  ['an unknown status', { status: 'bogus' }, /^status: "bogus" is not one of pending, in_progress, resolved/],
  ['an unknown status among known', { status: 'pending, open ,resolved' }, /^status: "open" is not one of/],
  ['a status in capitals', { status: 'PENDING' }, /^status: "PENDING" is not one of/],
  ...['0', '101', 'abc', '1.5', '-1', '+5', '', ' 5', '05', '1e1', '0x10', '99999999999999999999', '５'].map(
    (value): Case => [
      `limit ${JSON.stringify(value)}`,
      { limit: value },
      new RegExp(
        `^limit: must be a whole number from 1 to 100 \\(got "${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`,
      ),
    ],
  ),
  ['limit repeated', 'limit=5&limit=6', /^limit: must be given at most once/],
  ['limit repeated with one value', 'limit=5&limit=5', /^limit: must be given at most once/],
  ['source repeated', 'source=agent&source=agent', /^source: must be given at most once/],
  ['status repeated', 'status=pending&status=resolved', /^status: must be given at most once/],
  ['dateFrom repeated', 'dateFrom=2026-01-01&dateFrom=2026-01-02', /^dateFrom: must be given at most once/],
  ['dateTo repeated, the second time empty', 'dateTo=2026-01-02&dateTo=', /^dateTo: must be given at most once/],
];

describe('GET /v1/analytics/{projectId}/feedback[/by-page]: bad requests', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
    await importEntries(t, CATALOG);
  });
  afterAll(async () => {
    await t.close();
  });

  for (const route of ROUTES) {
    it.each([...dateCases, ...otherCases])(`${route}: 400 for %s, naming the problem`, async (_name, query, detail) => {
      const body = await getError(t, route, query, 400);
      expect(body.error).toBe('Invalid request parameters');
      expect(detailMessages(body)).toEqual([expect.stringMatching(detail)]);
    });

    it(`${route}: lists every problem of one request at once`, async () => {
      const query = 'dateFrom=2026-02-30&dateTo=2026%2F01%2F01&source=x&status=%2Cbogus&limit=0&limit=2&foo=bar';
      const body = await getError(t, route, query, 400);
      const expected = [
        /^limit: must be given at most once/,
        /^dateFrom: "2026-02-30" is not a valid date/,
        /^dateTo: "2026\/01\/01" is not a valid date/,
        /^source: "x" is not one of/,
        /^status: item 1 is empty/,
        /^status: "bogus" is not one of/,
        /^limit: must be a whole number from 1 to 100 \(got "0"\)/,
      ];
      expect(detailMessages(body)).toHaveLength(expected.length);
      for (const pattern of expected) expect(detailMessages(body)).toContainEqual(expect.stringMatching(pattern));
    });

    it(`${route}: reports a reversed date range together with the other problems`, async () => {
      const body = await getError(t, route, { dateFrom: '2026-02-01', dateTo: '2026-01-01', source: 'x' }, 400);
      expect(detailMessages(body).sort()).toEqual([
        expect.stringMatching(/^dateFrom: must not be after dateTo/),
        expect.stringMatching(/^source: "x" is not one of/),
      ]);
    });

    it(`${route}: 400 for a project id longer than any project id`, async () => {
      const body = await getError(t, route, {}, 400, { projectId: 'p'.repeat(129) });
      expect(detailMessages(body)).toEqual([expect.stringMatching(/^projectId: /)]);
    });
  }

  it('accepts the limits 1 and 100, a leap day, and dateFrom equal to dateTo', async () => {
    expect((await getFeedback(t, { limit: '1' })).feedback).toHaveLength(1);
    expect((await getFeedback(t, { limit: '100' })).feedback).toHaveLength(CATALOG.length);
    expect((await getByPage(t, { limit: '1' })).feedback).toHaveLength(1);
    expect((await getByPage(t, { limit: '100' })).feedback).toHaveLength(3);
    await getFeedback(t, { dateFrom: '2024-02-29', dateTo: '2024-02-29T00:00:00Z' });
    await getByPage(t, { dateFrom: '2024-02-29', dateTo: '2024-02-29T00:00:00Z' });
  });

  it('ignores unknown parameters, repeated or not', async () => {
    const junk = 'foo=bar&foo=baz&LIMIT=abc&Source=nope&page=2&offset=10&__proto__=x&constructor=y';
    const baseline = await getFeedback(t, 'limit=3&status=pending');
    expect(await getFeedback(t, `limit=3&${junk}&status=pending`)).toStrictEqual(baseline);
    const byPage = await getByPage(t, 'source=contextual');
    expect(await getByPage(t, `source=contextual&${junk}&cursor=abc&cursor=def`)).toStrictEqual(byPage);
  });
});
