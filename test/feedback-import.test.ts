/**
 * NDJSON import over HTTP: validation with every problem by line number, all or nothing, timestamp
 * normalisation, defaults, duplicates, and that what an import stores is readable at once.
 * Streaming edge cases (size cap, aborted uploads, chunk boundaries) are in feedback-import-stream.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProject } from '../server/domain/organizations.js';
import { startTestServer, type TestServer } from './helpers/server.js';

interface Page {
  feedback: Record<string, unknown>[];
  nextCursor: string | null;
  hasMore: boolean;
}

const ndjson = (lines: readonly unknown[]): string =>
  lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n';

function withoutId(entry: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...entry };
  delete copy['id'];
  return copy;
}

describe('import over HTTP', () => {
  let t: TestServer;
  beforeEach(async () => {
    t = await startTestServer();
  });
  afterEach(async () => {
    await t.close();
  });

  const importText = (body: string, projectId = t.projectId): Promise<Response> =>
    t.api(`/v1/analytics/${projectId}/feedback/import`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-ndjson' },
      body,
    });
  const stored = async (query = ''): Promise<Record<string, unknown>[]> => {
    const res = await t.api(`/v1/analytics/${t.projectId}/feedback?limit=100${query}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as Page).feedback;
  };

  it('stores every variant with exactly its fields, readable by GET /feedback at once', async () => {
    const lines = [
      {
        id: 'c1',
        path: '/a',
        comment: 'Great',
        createdAt: '2026-01-31T09:05:00.000Z',
        status: 'resolved',
        source: 'contextual',
        helpful: true,
        contact: 'a@example.com',
      },
      {
        id: 's1',
        path: '/b',
        comment: null,
        createdAt: '2026-01-30T09:05:00.000Z',
        status: 'in_progress',
        source: 'code_snippet',
        code: 'npm i',
        filename: 'install.sh',
        lang: 'bash',
      },
      {
        id: 'a1',
        path: '/c',
        comment: 'Agent says',
        createdAt: '2026-01-29T09:05:00.000Z',
        status: 'dismissed',
        source: 'agent',
      },
      {
        id: 't1',
        path: '/d',
        comment: null,
        createdAt: null,
        status: 'pending',
        source: 'thumbs_only',
        helpful: false,
      },
    ];
    const res = await importText(ndjson(lines));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ lines: 4, imported: 4, duplicates: 0 });
    const thumbsEntry: Record<string, unknown> = { ...lines[3] };
    delete thumbsEntry['helpful'];
    expect(await stored()).toEqual([lines[0], lines[1], lines[2], thumbsEntry]);
    // The thumbs-only vote is kept for the per-page counts even though the entry does not show it.
    const byPage = await t.api(`/v1/analytics/${t.projectId}/feedback/by-page?source=thumbs_only`);
    expect(await byPage.json()).toEqual({
      feedback: [{ path: '/d', thumbsUp: 0, thumbsDown: 1, code: 0, total: 1 }],
      hasMore: false,
    });
  });

  it('fills in what may be left out: a generated id, status pending, null comment/contact/filename/lang', async () => {
    const res = await importText(
      ndjson([
        { path: '/a', createdAt: '2026-01-31T09:00:00Z', source: 'contextual', helpful: true },
        { path: '/b', createdAt: '2026-01-31T08:00:00Z', source: 'code_snippet', code: 'x' },
        { path: '/c', createdAt: '2026-01-31T07:00:00Z', source: 'agent' },
        { path: '/d', source: 'thumbs_only' },
      ]),
    );
    expect(await res.json()).toEqual({ lines: 4, imported: 4, duplicates: 0 });
    const entries = await stored();
    // Generated ids are ULIDs: Crockford base32, 26 characters, all different.
    const ids = entries.map((e) => e['id']);
    for (const id of ids) expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(new Set(ids).size).toBe(4);
    expect(entries.map(withoutId)).toEqual([
      {
        path: '/a',
        comment: null,
        createdAt: '2026-01-31T09:00:00.000Z',
        status: 'pending',
        source: 'contextual',
        helpful: true,
        contact: null,
      },
      {
        path: '/b',
        comment: null,
        createdAt: '2026-01-31T08:00:00.000Z',
        status: 'pending',
        source: 'code_snippet',
        code: 'x',
        filename: null,
        lang: null,
      },
      { path: '/c', comment: null, createdAt: '2026-01-31T07:00:00.000Z', status: 'pending', source: 'agent' },
      { path: '/d', comment: null, createdAt: null, status: 'pending', source: 'thumbs_only' },
    ]);
  });

  it('normalises createdAt in any supported ISO 8601 form to UTC with milliseconds', async () => {
    const forms: [string, string][] = [
      ['2026-01-31T10:05:00+01:00', '2026-01-31T09:05:00.000Z'],
      ['2026-01-31T04:05:00-05:00', '2026-01-31T09:05:00.000Z'],
      ['2026-01-31T14:35:00+0530', '2026-01-31T09:05:00.000Z'],
      ['2026-01-31T09:05:00Z', '2026-01-31T09:05:00.000Z'],
      ['2026-01-31t09:05:00z', '2026-01-31T09:05:00.000Z'],
      ['2026-01-31 09:05:00Z', '2026-01-31T09:05:00.000Z'],
      ['2026-01-31T09:05Z', '2026-01-31T09:05:00.000Z'],
      ['2026-01-31T09:05:00.5Z', '2026-01-31T09:05:00.500Z'],
      ['2026-01-31T09:05:00,25Z', '2026-01-31T09:05:00.250Z'],
      ['2026-01-31T09:05:00.123456789Z', '2026-01-31T09:05:00.123Z'],
      ['2026-01-31T09:05:00', '2026-01-31T09:05:00.000Z'],
      ['2026-01-31', '2026-01-31T00:00:00.000Z'],
      ['2026-01-01T00:30:00+01:00', '2025-12-31T23:30:00.000Z'],
      ['2024-02-29', '2024-02-29T00:00:00.000Z'],
    ];
    const res = await importText(
      ndjson(
        forms.map(([createdAt], i) => ({
          id: `d${String(i).padStart(2, '0')}`,
          path: '/p',
          createdAt,
          source: 'agent',
        })),
      ),
    );
    expect(res.status).toBe(200);
    const byId = new Map((await stored()).map((e) => [e['id'], e['createdAt']]));
    expect(forms.map((_f, i) => byId.get(`d${String(i).padStart(2, '0')}`))).toEqual(forms.map(([, utc]) => utc));
  });

  it('rejects the whole file when one line in the middle is invalid, naming the line and the problem', async () => {
    const res = await importText(
      ndjson([
        { id: 'ok-1', path: '/a', source: 'agent' },
        { id: 'ok-2', path: '/a', source: 'agent' },
        { id: 'bad-3', path: '/a', source: 'contextual', helpful: 'yes' },
        { id: 'ok-4', path: '/a', source: 'agent' },
      ]),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'Import rejected: 1 problem found; nothing was imported',
      details: [{ message: 'line 3: helpful: Invalid input: expected boolean, received string' }],
    });
    expect(await stored()).toEqual([]);
  });

  it('refuses text with a lone UTF-16 surrogate, as the widgets do, instead of storing it as U+FFFD', async () => {
    const lines = [
      '{"id":"s1","path":"/\\ud800","source":"agent"}',
      '{"id":"s2","path":"/a","source":"code_snippet","code":"x\\udc00","lang":"sh"}',
      JSON.stringify({ id: 'ok', path: '/a', source: 'agent', comment: 'fine \u{1F600}' }),
    ];
    const res = await importText(ndjson(lines));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'Import rejected: 2 problems found; nothing was imported',
      details: [
        { message: 'line 1: path: must be well-formed Unicode (it holds a lone UTF-16 surrogate)' },
        { message: 'line 2: code: must be well-formed Unicode (it holds a lone UTF-16 surrogate)' },
      ],
    });
    expect(await stored()).toEqual([]);
    expect((await importText(ndjson(lines.slice(2)))).status).toBe(200);
    expect((await stored()).map((e) => e['comment'])).toEqual(['fine \u{1F600}']);
  });

  it('lists every problem of every bad line, with line numbers that count blank lines', async () => {
    const res = await importText(
      [
        JSON.stringify({ id: 'ok-1', path: '/a', source: 'agent' }),
        '{"path": "/a", "source": "agent"',
        JSON.stringify({ path: '/a', source: 'agent', rating: 5 }),
        '',
        JSON.stringify({ path: '/a', source: 'code_snippet', filename: 'x.ts' }),
        JSON.stringify({ path: '/a', source: 'contextual' }),
        JSON.stringify({ path: '/a', source: 'email' }),
        JSON.stringify({ path: '/a', source: 'agent', createdAt: '2026-02-30' }),
        JSON.stringify({ path: '/a', source: 'agent', status: 'done' }),
        JSON.stringify({ source: 'agent', createdAt: 5 }),
        '[1,2]',
        JSON.stringify({ id: 'ok-12', path: '/a', source: 'agent' }),
      ].join('\n'),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'Import rejected: 10 problems found; nothing was imported',
      details: [
        { message: 'line 2: not valid JSON' },
        { message: 'line 3: Unrecognized key: "rating"' },
        { message: 'line 5: code: Invalid input: expected string, received undefined' },
        { message: 'line 6: helpful: Invalid input: expected boolean, received undefined' },
        {
          message:
            "line 7: source: Invalid discriminator value. Expected 'contextual' | 'code_snippet' | 'thumbs_only' | 'agent'",
        },
        { message: 'line 8: createdAt: "2026-02-30" is not an ISO 8601 date or date-time' },
        { message: 'line 9: status: Invalid option: expected one of "pending"|"in_progress"|"resolved"|"dismissed"' },
        { message: 'line 10: path: Invalid input: expected string, received undefined' },
        { message: 'line 10: createdAt: Invalid input: expected string, received number' },
        { message: 'line 11: Invalid input: expected object, received array' },
      ],
    });
    expect(await stored()).toEqual([]);
  });

  it('lists the first 100 problems and counts the rest', async () => {
    const lines = Array.from({ length: 105 }, (_v, i) => ({ id: `x${i}`, path: '/a', source: 'agent', extra: i }));
    const res = await importText(ndjson(lines));
    const body = (await res.json()) as { error: string; details: { message: string }[] };
    expect(body.error).toBe('Import rejected: 105 problems found; nothing was imported');
    expect(body.details).toHaveLength(101);
    expect(body.details[0]).toEqual({ message: 'line 1: Unrecognized key: "extra"' });
    expect(body.details[99]).toEqual({ message: 'line 100: Unrecognized key: "extra"' });
    expect(body.details[100]).toEqual({ message: '... and 5 more problems' });
  });

  it('stores an id the project already has only once, and an id repeated in one file only once (first wins)', async () => {
    const first = {
      id: 'dup-1',
      path: '/first',
      comment: null,
      createdAt: '2026-01-31T09:05:00.000Z',
      status: 'pending',
      source: 'agent',
    };
    expect(await (await importText(ndjson([first]))).json()).toEqual({ lines: 1, imported: 1, duplicates: 0 });

    const again = await importText(
      ndjson([
        { ...first, path: '/changed' },
        { id: 'dup-2', path: '/in-file-a', source: 'agent', createdAt: '2026-01-30T00:00:00Z' },
        { id: 'dup-2', path: '/in-file-b', source: 'agent', createdAt: '2026-01-30T00:00:00Z' },
      ]),
    );
    expect(await again.json()).toEqual({ lines: 3, imported: 1, duplicates: 2 });
    expect(await stored()).toEqual([
      first,
      {
        id: 'dup-2',
        path: '/in-file-a',
        comment: null,
        createdAt: '2026-01-30T00:00:00.000Z',
        status: 'pending',
        source: 'agent',
      },
    ]);
  });

  it('treats ids per project: the same id may exist in two projects', async () => {
    const line = { id: 'shared', path: '/a', source: 'agent' };
    const second = createProject(t.runtime, { orgId: t.orgId, name: 'Two', domain: 'two.example.com' });
    expect(await (await importText(ndjson([line]))).json()).toEqual({ lines: 1, imported: 1, duplicates: 0 });
    expect(await (await importText(ndjson([line]), second.id)).json()).toEqual({
      lines: 1,
      imported: 1,
      duplicates: 0,
    });
  });

  it('accepts CRLF line endings, blank lines and an empty body', async () => {
    const body = `\r\n${JSON.stringify({ id: 'r1', path: '/a', source: 'agent' })}\r\n\r\n${JSON.stringify({ id: 'r2', path: '/b', source: 'agent' })}`;
    expect(await (await importText(body)).json()).toEqual({ lines: 2, imported: 2, duplicates: 0 });
    expect(await (await importText('')).json()).toEqual({ lines: 0, imported: 0, duplicates: 0 });
    expect((await stored()).map((e) => e['path'])).toEqual(['/b', '/a']);
  });

  it('answers an import into a project that does not exist with 404, reading nothing', async () => {
    const res = await importText(ndjson([{ path: '/a', source: 'agent' }]), 'prj_0000000000000000');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: 'Project prj_0000000000000000 was not found',
      details: [
        {
          message: 'no project has the ID "prj_0000000000000000"; GET /v1/projects lists the projects this server has',
        },
      ],
    });
  });
});
