/**
 * Feedback triage over HTTP (Offprint extensions): status transitions one by one, internal notes, the
 * audit trail naming the key that acted, and bulk changes with mixed ids. A real server on port 0 over a
 * temp data dir; updated entries are read back through the official list API and its schema.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../server/domain/apiKeys.js';
import { listen } from '../server/http/server.js';
import { createApp } from '../server/routes/app.js';
import { getFeedback } from './helpers/feedbackApi.js';
import { assertOfficialResponse } from './helpers/officialSchema.js';
import { importEntries, startTestServer, type TestServer } from './helpers/server.js';

const T0 = Date.parse('2026-03-01T10:00:00Z');

interface ErrorBody {
  error: string;
  details?: { message: string }[];
}

describe('feedback triage: PATCH, history and bulk', () => {
  let t: TestServer;
  let clock = T0;
  let botKey: string;
  let botKeyId: string;

  const send = async (method: string, path: string, body: unknown, key?: string): Promise<[number, unknown]> => {
    const res = await t.api(`/v1/analytics/${t.projectId}/feedback${path}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        ...(key === undefined ? {} : { Authorization: `Bearer ${key}` }),
      },
      body: JSON.stringify(body),
    });
    return [res.status, await res.json()];
  };
  const patch = (id: string, body: unknown, key?: string) => send('PATCH', `/${id}`, body, key);
  const history = async (id: string) => {
    const res = await t.api(`/v1/analytics/${t.projectId}/feedback/${id}/history`);
    return { status: res.status, body: (await res.json()) as { feedback: unknown; events: Record<string, unknown>[] } };
  };
  const statusOf = async (id: string) => (await getFeedback(t)).feedback.find((e) => e.id === id)?.status;

  beforeAll(async () => {
    t = await startTestServer({ now: () => clock });
    const bot = createApiKey(t.runtime, { orgId: t.orgId, name: 'Triage bot' });
    botKey = bot.key;
    botKeyId = bot.row.id;
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    await importEntries(
      t,
      ids.map((id, i) => ({
        id,
        path: '/guide',
        source: 'contextual',
        helpful: i % 2 === 0,
        comment: `entry ${id}`,
        createdAt: new Date(T0 - i * 60_000).toISOString(),
        status: id === 'g' ? 'resolved' : id === 'h' ? 'dismissed' : 'pending',
      })),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('walks pending -> in_progress -> resolved and returns the entry in the official shape', async () => {
    const [s1, b1] = await patch('a', { status: 'in_progress' });
    expect(s1).toBe(200);
    expect(b1).toMatchObject({ id: 'a', status: 'in_progress', source: 'contextual', helpful: true });
    assertOfficialResponse('/v1/analytics/{projectId}/feedback', 200, {
      feedback: [b1],
      nextCursor: null,
      hasMore: false,
    });
    const [s2, b2] = await patch('a', { status: 'resolved' });
    expect([s2, (b2 as { status: string }).status]).toEqual([200, 'resolved']);
    expect(await statusOf('a')).toBe('resolved');
  });

  it('refuses a transition the workflow does not allow with 409 naming what is allowed, and changes nothing', async () => {
    const [status, body] = await patch('a', { status: 'pending' });
    expect(status).toBe(409);
    expect(body).toEqual({
      error: 'This status change is not allowed',
      details: [
        { message: 'a: cannot change status from resolved to pending; from resolved it may become in_progress' },
      ],
    });
    expect(await statusOf('a')).toBe('resolved');
  });

  it('answers 404 for an unknown entry or project, and 400 listing every problem of a bad body', async () => {
    expect((await patch('nope', { status: 'resolved' }))[0]).toBe(404);
    const other = await t.api('/v1/analytics/prj_0000000000000000/feedback/a', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: '{"status":"resolved"}',
    });
    expect(other.status).toBe(404);
    const [status, body] = await patch('b', { status: 'done', colour: 'red' });
    expect(status).toBe(400);
    const messages = ((body as ErrorBody).details ?? []).map((d) => d.message).join('\n');
    expect(messages).toMatch(/status/);
    expect(messages).toMatch(/colour/);
    const lone = await t.api(`/v1/analytics/${t.projectId}/feedback/b`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: '{"note":"broken \\ud800 note"}',
    });
    expect(lone.status).toBe(400);
    expect(((await lone.json()) as ErrorBody).details).toEqual([
      { message: 'note: must be well-formed Unicode (it holds a lone UTF-16 surrogate)' },
    ]);
    const [emptyStatus, empty] = await patch('b', {});
    expect(emptyStatus).toBe(400);
    expect((empty as ErrorBody).details).toEqual([{ message: 'give a status, a note, or both' }]);
    expect(await statusOf('b')).toBe('pending');
  });

  it('records notes and changes with the acting key, oldest first; the same status again records nothing', async () => {
    clock = T0 + 1000;
    expect((await patch('b', { note: 'Reproduced on 2.3' }, botKey))[0]).toBe(200);
    clock = T0 + 2000;
    expect((await patch('b', { status: 'in_progress', note: '  Taking it  ' }, botKey))[0]).toBe(200);
    clock = T0 + 3000;
    expect((await patch('b', { status: 'in_progress' }))[0]).toBe(200);
    const { status, body } = await history('b');
    expect(status).toBe(200);
    expect(body.feedback).toMatchObject({ id: 'b', status: 'in_progress' });
    const actor = { kind: 'key', keyId: botKeyId, name: 'Triage bot' };
    expect(body.events).toEqual([
      { at: new Date(T0 + 1000).toISOString(), actor, fromStatus: null, toStatus: null, note: 'Reproduced on 2.3' },
      {
        at: new Date(T0 + 2000).toISOString(),
        actor,
        fromStatus: 'pending',
        toStatus: 'in_progress',
        note: 'Taking it',
      },
    ]);
    expect((await history('never-there')).status).toBe(404);
  });

  it("records the desktop app's session (a principal without a stored key) as the dashboard", async () => {
    const token = 'offs_triage-test-session';
    const sessions = new Map([[token, { keyId: 'desktop-session', orgId: t.orgId }]]);
    // One policy object for both: `listen` records the port it got, which the Host check then accepts.
    const hostPolicy = { extraHosts: [], port: 0 };
    const app = createApp({ ...t.runtime, hostPolicy, sessions });
    const desktop = await listen(app, { host: '127.0.0.1', port: 0, hostPolicy });
    try {
      const res = await fetch(`${desktop.url}/v1/analytics/${t.projectId}/feedback/f`, {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: '{"note":"seen in the app"}',
      });
      expect(res.status).toBe(200);
    } finally {
      await desktop.close(100);
    }
    expect((await history('f')).body.events.map((e) => e['actor'])).toEqual([
      { kind: 'dashboard', keyId: null, name: 'dashboard' },
    ]);
  });

  it('bulk: changes the allowed entries and reports unchanged, unknown and refused ids, each once', async () => {
    clock = T0 + 5000;
    const [status, body] = await send('POST', '/bulk', {
      ids: ['c', 'd', 'c', 'g', 'h', 'zz', 'e'],
      status: 'resolved',
      note: 'Fixed in docs v5',
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      updated: 3,
      unchanged: 1,
      notFound: 1,
      rejected: 1,
      notFoundIds: ['zz'],
      rejectedEntries: [{ id: 'h', status: 'dismissed' }],
    });
    const statuses = Object.fromEntries((await getFeedback(t)).feedback.map((e) => [e.id, e.status]));
    expect(statuses).toMatchObject({ c: 'resolved', d: 'resolved', e: 'resolved', g: 'resolved', h: 'dismissed' });
    const trail = (await history('c')).body.events;
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ fromStatus: 'pending', toStatus: 'resolved', note: 'Fixed in docs v5' });
    expect((await history('g')).body.events).toEqual([]);
  });

  it('bulk: refuses more than 1000 ids, an empty list and an unknown status, all listed at once', async () => {
    const ids = Array.from({ length: 1001 }, (_, i) => `id${i}`);
    const [status, body] = await send('POST', '/bulk', { ids, status: 'closed' });
    expect(status).toBe(400);
    const messages = ((body as ErrorBody).details ?? []).map((d) => d.message);
    expect(messages.some((m) => m.startsWith('ids:'))).toBe(true);
    expect(messages.some((m) => m.startsWith('status:'))).toBe(true);
    expect((await send('POST', '/bulk', { ids: [], status: 'resolved' }))[0]).toBe(400);
    expect(await statusOf('f')).toBe('pending');
  });
});
