import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '../server/domain/organizations.js';
import { getFeedback } from './helpers/feedbackApi.js';
import { CATALOG, CATALOG_ORDER } from './helpers/feedbackCatalog.js';
import {
  apiShape,
  expectedEntries,
  ids,
  SOURCES,
  STATUSES,
  type ModelFilter,
  type Source,
  type Status,
} from './helpers/feedbackFixtures.js';
import { importEntries, startTestServer, type TestServer } from './helpers/server.js';

describe('GET /v1/analytics/{projectId}/feedback: entries, order and filters', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
    await importEntries(t, CATALOG);
  });
  afterAll(async () => {
    await t.close();
  });

  it('returns every entry newest first, equal instants by id descending, time-less entries last', async () => {
    const page = await getFeedback(t);
    const byId = new Map(CATALOG.map((line) => [line.id, apiShape(line)]));
    expect(page).toStrictEqual({
      feedback: CATALOG_ORDER.map((id) => byId.get(id)),
      nextCursor: null,
      hasMore: false,
    });
  });

  it('gives each variant exactly its own fields', async () => {
    const page = await getFeedback(t);
    const base = ['comment', 'createdAt', 'id', 'path', 'source', 'status'];
    const fieldsOf: Record<Source, string[]> = {
      contextual: [...base, 'contact', 'helpful'].sort(),
      code_snippet: [...base, 'code', 'filename', 'lang'].sort(),
      agent: base,
      thumbs_only: base,
    };
    const seen = new Set<Source>();
    for (const entry of page.feedback) {
      seen.add(entry.source);
      expect(Object.keys(entry).sort(), entry.id).toEqual(fieldsOf[entry.source]);
    }
    expect([...seen].sort()).toEqual([...SOURCES].sort());
  });

  it('presents fields an import left out as null, and status as pending', async () => {
    const project = createProject(t.runtime, { orgId: t.orgId, name: 'Minimal', domain: 'minimal.localhost' });
    await importEntries(
      t,
      [
        { id: 'm1', path: '/p', source: 'contextual', helpful: false },
        { id: 'm2', path: '/p', source: 'code_snippet', code: 'x = 1', createdAt: '2026-01-01T00:00:00Z' },
        { id: 'm3', path: '/p', source: 'thumbs_only', helpful: true, createdAt: '2026-01-02T00:00:00Z' },
        { id: 'm4', path: '/p', source: 'agent', comment: 'from an agent', status: 'dismissed' },
      ],
      project.id,
    );
    const page = await getFeedback(t, {}, { projectId: project.id });
    expect(page.feedback).toStrictEqual([
      {
        id: 'm3',
        path: '/p',
        comment: null,
        createdAt: '2026-01-02T00:00:00.000Z',
        source: 'thumbs_only',
        status: 'pending',
      },
      {
        id: 'm2',
        path: '/p',
        comment: null,
        createdAt: '2026-01-01T00:00:00.000Z',
        source: 'code_snippet',
        status: 'pending',
        code: 'x = 1',
        filename: null,
        lang: null,
      },
      { id: 'm4', path: '/p', comment: 'from an agent', createdAt: null, source: 'agent', status: 'dismissed' },
      {
        id: 'm1',
        path: '/p',
        comment: null,
        createdAt: null,
        source: 'contextual',
        status: 'pending',
        helpful: false,
        contact: null,
      },
    ]);
  });

  it('writes createdAt as ISO 8601 UTC with milliseconds, whatever form it was imported in', async () => {
    const project = createProject(t.runtime, { orgId: t.orgId, name: 'Times', domain: 'times.localhost' });
    const forms: [string, string][] = [
      ['t1', '2026-01-31T14:35:00+05:30'],
      ['t2', '2026-01-31T01:05:00.5-08:00'],
      ['t3', '2026-01-31'],
      ['t4', '2026-01-31T09:05:00'],
      ['t5', '2026-01-31T09:05:00.123456Z'],
      ['t6', '2026-01-31T09:05Z'],
    ];
    await importEntries(
      t,
      forms.map(([id, createdAt]) => ({ id, path: '/p', source: 'agent', createdAt })),
      project.id,
    );
    const page = await getFeedback(t, {}, { projectId: project.id });
    expect(page.feedback.map((e) => [e.id, e.createdAt])).toEqual([
      ['t2', '2026-01-31T09:05:00.500Z'],
      ['t5', '2026-01-31T09:05:00.123Z'],
      ['t6', '2026-01-31T09:05:00.000Z'],
      ['t4', '2026-01-31T09:05:00.000Z'],
      ['t1', '2026-01-31T09:05:00.000Z'],
      ['t3', '2026-01-31T00:00:00.000Z'],
    ]);
  });

  const cases: [string, Record<string, string>, string[]][] = [
    ['source=contextual', { source: 'contextual' }, ['k08', 'k05', 'k01', 'n1']],
    ['source=code_snippet', { source: 'code_snippet' }, ['k06', 'k02', 'k09']],
    ['source=agent', { source: 'agent' }, ['k04', 'n2']],
    ['source=thumbs_only', { source: 'thumbs_only' }, ['k07', 'k03']],
    ['one status', { status: 'pending' }, ['k06', 'k03', 'k01', 'k09', 'n1']],
    ['two statuses', { status: 'resolved,pending' }, ['k07', 'k06', 'k03', 'k02', 'k01', 'k09', 'n2', 'n1']],
    ['spaces around items', { status: ' resolved , pending ' }, ['k07', 'k06', 'k03', 'k02', 'k01', 'k09', 'n2', 'n1']],
    ['a duplicated status', { status: 'pending,pending' }, ['k06', 'k03', 'k01', 'k09', 'n1']],
    ['duplicates among others', { status: 'in_progress,dismissed,in_progress' }, ['k08', 'k05', 'k04']],
    ['all four statuses', { status: 'pending,in_progress,resolved,dismissed' }, [...CATALOG_ORDER]],
    ['source and status', { source: 'contextual', status: 'pending' }, ['k01', 'n1']],
    ['source and status, nothing matches', { source: 'thumbs_only', status: 'dismissed' }, []],
    ['dateFrom alone', { dateFrom: '2026-01-12' }, ['k08', 'k07', 'k06', 'k05', 'k04']],
    ['dateTo alone', { dateTo: '2026-01-12' }, ['k03', 'k02', 'k01', 'k09']],
    [
      'dateFrom and dateTo',
      { dateFrom: '2026-01-10T08:00:00Z', dateTo: '2026-01-16' },
      ['k05', 'k04', 'k03', 'k02', 'k01'],
    ],
    ['status and dateTo', { status: 'pending', dateTo: '2026-01-16' }, ['k03', 'k01', 'k09']],
    [
      'source, status and both dates',
      { source: 'code_snippet', status: 'pending,resolved', dateFrom: '2026-01-01', dateTo: '2026-02-01' },
      ['k06', 'k02'],
    ],
  ];

  it.each(cases)('returns exactly the matching entries for %s', async (_name, query, expected) => {
    const page = await getFeedback(t, query);
    expect(ids(page.feedback)).toEqual(expected);
    expect(page.nextCursor).toBeNull();
    expect(page.hasMore).toBe(false);
  });

  it('agrees with the reference model for every combination of source, statuses and date range', async () => {
    const statusSets: (Status[] | undefined)[] = [
      undefined,
      ['pending'],
      ['resolved', 'pending'],
      ['in_progress', 'dismissed'],
      [...STATUSES],
    ];
    const ranges: { dateFrom?: string; dateTo?: string }[] = [
      {},
      { dateFrom: '2026-01-10T08:00:00.000Z' },
      { dateTo: '2026-01-16' },
      { dateFrom: '2026-01-01', dateTo: '2026-01-15T23:59:59.999Z' },
      { dateFrom: '2026-01-16', dateTo: '2026-01-16' },
    ];
    let nonEmpty = 0;
    for (const source of [undefined, ...SOURCES]) {
      for (const statuses of statusSets) {
        for (const range of ranges) {
          const query: Record<string, string> = { ...range };
          const filter: { -readonly [K in keyof ModelFilter]: ModelFilter[K] } = {};
          if (source !== undefined) query['source'] = filter.source = source;
          if (statuses !== undefined) {
            query['status'] = statuses.join(',');
            filter.statuses = statuses;
          }
          if (range.dateFrom !== undefined) filter.fromMs = Date.parse(range.dateFrom);
          if (range.dateTo !== undefined) filter.toMs = Date.parse(range.dateTo);
          const page = await getFeedback(t, query);
          const expected = expectedEntries(CATALOG, filter);
          expect(page.feedback, JSON.stringify(query)).toStrictEqual(expected);
          if (expected.length > 0) nonEmpty++;
        }
      }
    }
    // Guards the sweep itself: most combinations must select something, or it would prove little.
    expect(nonEmpty).toBeGreaterThan(60);
  });
});
