import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '../server/domain/organizations.js';
import { detailMessages, getError, getFeedback } from './helpers/feedbackApi.js';
import { expectedEntries, generateEntries, ids } from './helpers/feedbackFixtures.js';
import { importEntries, startTestServer, type TestServer } from './helpers/server.js';

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** `text` with the character at `index` replaced by a different one (the next in the base64url alphabet). */
function flip(text: string, index: number): string {
  const c = text[index] ?? '';
  const at = BASE64URL.indexOf(c);
  const replacement = at === -1 ? 'A' : (BASE64URL[(at + 1) % BASE64URL.length] ?? 'A');
  return text.slice(0, index) + replacement + text.slice(index + 1);
}

describe('GET /v1/analytics/{projectId}/feedback: cursors', () => {
  let t: TestServer;
  const lines = generateEntries(12, { prefix: 'c', perInstant: 2 });
  let cursor: string;

  beforeAll(async () => {
    t = await startTestServer();
    await importEntries(t, lines);
    const first = await getFeedback(t, { limit: '3', status: 'pending,in_progress' });
    cursor = first.nextCursor ?? '';
    expect(cursor).not.toBe('');
  });
  afterAll(async () => {
    await t.close();
  });

  async function expectRefused(query: Record<string, string>, reason: RegExp): Promise<void> {
    const body = await getError(t, 'feedback', query, 400);
    expect(detailMessages(body), JSON.stringify(query)).toEqual([expect.stringMatching(reason)]);
    expect(detailMessages(body)[0]).toMatch(/^cursor: /);
  }

  it('accepts its own cursor with the same filters, however the status list is written', async () => {
    const expected = expectedEntries(lines, { statuses: ['pending', 'in_progress'] });
    for (const status of ['pending,in_progress', ' in_progress , pending', 'pending,in_progress,pending']) {
      const next = await getFeedback(t, { limit: '100', status, cursor });
      expect(next.feedback).toStrictEqual(expected.slice(3));
    }
  });

  it('refuses a cursor with any one character changed', async () => {
    const filters = { limit: '3', status: 'pending,in_progress' };
    for (let i = 0; i < cursor.length; i++) {
      await expectRefused({ ...filters, cursor: flip(cursor, i) }, /not a cursor issued by this server/);
    }
  });

  it('refuses a cursor with characters added or cut off', async () => {
    const filters = { status: 'pending,in_progress' };
    const dot = cursor.indexOf('.');
    const variants = [
      cursor.slice(0, -1),
      cursor.slice(0, Math.floor(cursor.length / 2)),
      cursor.slice(0, dot),
      cursor.slice(0, dot + 1),
      cursor.slice(dot),
      `${cursor}A`,
      `${cursor}=`,
      `${cursor}!`,
      `${cursor.slice(0, dot + 3)}!${cursor.slice(dot + 3)}`,
      `${cursor.slice(0, dot + 3)}==${cursor.slice(dot + 3)}`,
      `A${cursor}`,
      `${cursor}.${cursor}`,
    ];
    for (const variant of variants) await expectRefused({ ...filters, cursor: variant }, /not a cursor issued/);
  });

  it('refuses garbage', async () => {
    for (const garbage of ['', '.', 'x.y', 'abc', 'null', '0', '%', '[1,0,"a","b"]', 'A'.repeat(5000), '✓.✓']) {
      await expectRefused({ cursor: garbage }, /not a cursor issued by this server/);
    }
  });

  it('refuses a cursor used with other filters than it was issued for', async () => {
    const others: Record<string, string>[] = [
      {},
      { status: 'pending' },
      { status: 'pending,in_progress,resolved' },
      { status: 'pending,in_progress', source: 'agent' },
      { status: 'pending,in_progress', dateFrom: '2026-01-01' },
      { status: 'pending,in_progress', dateTo: '2030-01-01' },
    ];
    for (const filters of others) await expectRefused({ ...filters, cursor }, /issued for other filters/);
  });

  it("refuses another project's cursor", async () => {
    const other = createProject(t.runtime, { orgId: t.orgId, name: 'Other', domain: 'other-cursor.localhost' });
    await importEntries(t, generateEntries(5, { prefix: 'o' }), other.id);
    const page = await getFeedback(t, { limit: '2' }, { projectId: other.id });
    const foreign = page.nextCursor ?? '';
    const body = await getError(t, 'feedback', { limit: '2', cursor: foreign }, 400);
    expect(detailMessages(body)).toEqual([expect.stringMatching(/^cursor: .*other filters/)]);
    // The cursor still works where it came from.
    const next = await getFeedback(t, { limit: '2', cursor: foreign }, { projectId: other.id });
    expect(ids(next.feedback)).toEqual(['o-0003', 'o-0004']);
  });

  it("refuses another install's cursor", async () => {
    const other = await startTestServer();
    try {
      await importEntries(other, lines);
      const page = await getFeedback(other, { limit: '3', status: 'pending,in_progress' });
      const body = await getError(
        t,
        'feedback',
        { limit: '3', status: 'pending,in_progress', cursor: page.nextCursor ?? '' },
        400,
      );
      expect(detailMessages(body)).toEqual([expect.stringMatching(/^cursor: is not a cursor issued by this server/)]);
    } finally {
      await other.close();
    }
  });
});
