/**
 * Downloads of what a filter selects (`GET .../feedback/export`, `offprint feedback export`): CSV parsed
 * back cell by cell (BOM, RFC 4180 quotes and line breaks, formula prefix), NDJSON carried to another
 * install and imported there, streaming, and the CLI's triage commands on the same data dir.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from './helpers/cli.js';
import { parseCsv } from './helpers/csv.js';
import { getFeedback } from './helpers/feedbackApi.js';
import { importEntries, startTestServer, type TestServer } from './helpers/server.js';

const TRICKY = [
  { id: 'q1', path: '/a', source: 'contextual', helpful: false, comment: 'He said "no", then left', contact: 'a@b.c' },
  { id: 'q2', path: '/a', source: 'agent', comment: 'line one\r\nline two\nline three' },
  {
    id: 'q3',
    path: '/b',
    source: 'contextual',
    helpful: true,
    comment: '=HYPERLINK("http://evil","x")',
    contact: '+15551234',
  },
  {
    id: 'q4',
    path: '/b',
    source: 'code_snippet',
    code: '-1 + 2',
    filename: '@scope/x.ts',
    lang: 'ts',
    comment: 'Grüße ✓',
  },
  { id: 'q5', path: '/c', source: 'thumbs_only', helpful: true, comment: null, createdAt: null },
].map((e, i) => ({ createdAt: `2026-04-0${i + 1}T12:00:00Z`, ...e }));

/** The text of a CSV response, checked to start with the UTF-8 byte order mark (which `text()` would hide). */
async function csvText(res: Response): Promise<string> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.slice(3));
}

describe('feedback downloads', () => {
  let t: TestServer;
  const download = (query: string) => t.api(`/v1/analytics/${t.projectId}/feedback/export?${query}`);

  beforeAll(async () => {
    t = await startTestServer();
    await importEntries(t, TRICKY);
  });
  afterAll(async () => {
    await t.close();
  });

  it('CSV: a UTF-8 attachment with a BOM whose cells read back exactly, formulas defused', async () => {
    const res = await download('format=csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="feedback-prj_\w+-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const [header, ...rows] = parseCsv(await csvText(res));
    expect(header).toEqual([
      'id',
      'createdAt',
      'source',
      'status',
      'path',
      'helpful',
      'comment',
      'contact',
      'code',
      'filename',
      'lang',
    ]);
    const byId = new Map(rows.map((r) => [r[0] ?? '', r]));
    expect(rows.map((r) => r[0])).toEqual(['q4', 'q3', 'q2', 'q1', 'q5']);
    expect(byId.get('q1')).toEqual([
      'q1',
      '2026-04-01T12:00:00.000Z',
      'contextual',
      'pending',
      '/a',
      'no',
      'He said "no", then left',
      'a@b.c',
      '',
      '',
      '',
    ]);
    expect(byId.get('q2')?.[6]).toBe('line one\r\nline two\nline three');
    expect(byId.get('q3')?.slice(5, 8)).toEqual(['yes', '\'=HYPERLINK("http://evil","x")', "'+15551234"]);
    expect(byId.get('q4')?.slice(6)).toEqual(['Grüße ✓', '', "'-1 + 2", "'@scope/x.ts", 'ts']);
    expect(byId.get('q5')?.slice(1, 7)).toEqual(['', 'thumbs_only', 'pending', '/c', 'yes', '']);
  });

  it('applies the filters, and answers 404 / 400 as JSON before any byte of a file', async () => {
    const csv = await csvText(await download('format=csv&path=/b&q=gr%C3%BC'));
    expect(parseCsv(csv).map((r) => r[0])).toEqual(['id', 'q4']);
    const missing = await t.api('/v1/analytics/prj_0000000000000000/feedback/export');
    expect([missing.status, missing.headers.get('content-type')]).toEqual([404, 'application/json; charset=utf-8']);
    const bad = await download('format=xlsx&source=web');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { details: unknown[] }).details).toHaveLength(2);
  });

  it('NDJSON: what one install exports, another imports to the same entries and statuses', async () => {
    const patched = await t.api(`/v1/analytics/${t.projectId}/feedback/q1`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: '{"status":"in_progress"}',
    });
    expect(patched.status).toBe(200);
    const res = await download('format=ndjson');
    expect(res.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    const ndjson = await res.text();
    expect(ndjson.trimEnd().split('\n')).toHaveLength(TRICKY.length);
    const other = await startTestServer();
    try {
      const report = await other.api(`/v1/analytics/${other.projectId}/feedback/import`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-ndjson' },
        body: ndjson,
      });
      expect(await report.json()).toEqual({ lines: 5, imported: 5, duplicates: 0 });
      expect((await getFeedback(other)).feedback).toEqual((await getFeedback(t)).feedback);
    } finally {
      await other.close();
    }
  });

  it('streams a large selection in chunks, without a Content-Length', async () => {
    const many = Array.from({ length: 3000 }, (_, i) => ({
      id: `bulk${i}`,
      path: '/big',
      source: 'agent',
      comment: 'x'.repeat(40),
    }));
    await importEntries(t, many);
    const res = await download('format=csv&path=/big');
    expect(res.headers.get('content-length')).toBeNull();
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    const reader = res.body?.getReader();
    let reads = 0;
    let text = '';
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    for (let r = await reader?.read(); r !== undefined && !r.done; r = await reader?.read()) {
      reads++;
      text += decoder.decode(r.value, { stream: true });
    }
    expect(reads).toBeGreaterThan(1);
    expect(parseCsv(text.slice(1))).toHaveLength(3001);
  });

  it('CLI: status, note and history act as `cli`; export --format csv gives the same file as the API', async () => {
    const base = ['--data-dir', t.dataDir, '--project', t.projectId];
    const status = await cli([
      'feedback',
      'status',
      ...base,
      'q2',
      'q3',
      'nope',
      '--status',
      'dismissed',
      '--note',
      'spam',
    ]);
    expect([status.code, status.stdout]).toEqual([1, 'Updated 2, unchanged 0\nnot found: nope\n']);
    const note = await cli(['feedback', 'note', ...base, 'q2', 'Checked twice']);
    expect([note.code, note.stdout]).toEqual([0, 'Note added to q2 (dismissed)\n']);
    const history = await cli(['feedback', 'history', ...base, 'q2', '--json']);
    const events = (JSON.parse(history.stdout) as { events: Record<string, string>[] }).events;
    expect(events.map((e) => [e['actor'], e['change'], e['note']])).toEqual([
      ['cli', 'pending -> dismissed', 'spam'],
      ['cli', '', 'Checked twice'],
    ]);
    const bad = await cli(['feedback', 'status', ...base, 'q2', '--status', 'resolved']);
    expect([bad.code, bad.stdout]).toEqual([
      1,
      'Updated 0, unchanged 0\nnot changed: q2 is dismissed (reopen it first)\n',
    ]);
    // An empty note is a usage error in the words of the command line, not zod's "Too small: expected string ...".
    expect(await cli(['feedback', 'note', ...base, 'q2', '  '])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'offprint: the note TEXT must not be empty\nSee `offprint feedback --help`.\n',
    });
    expect(await cli(['feedback', 'status', ...base, 'q2', '--status', 'pending', '--note', ''])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'offprint: --note must not be empty\nSee `offprint feedback --help`.\n',
    });
    const exported = await cli(['feedback', 'export', ...base, '--format', 'csv', '--status', 'dismissed']);
    expect(exported.code).toBe(0);
    expect(exported.stdout).toBe(`\uFEFF${await csvText(await download('format=csv&status=dismissed'))}`);
    expect(parseCsv(exported.stdout.slice(1)).map((r) => r[0])).toEqual(['id', 'q3', 'q2']);
  });
});
