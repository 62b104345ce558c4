/**
 * The desktop app's session tokens (the dashboard in Electron signs in without a typed key): accepted
 * by the server they were given to, for their organization only, and by no other server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../server/routes/app.js';
import { SESSION_TOKEN_PREFIX } from '../server/http/middleware/auth.js';
import type { HostPolicy } from '../server/http/middleware/hostCheck.js';
import { listen, type RunningServer } from '../server/http/server.js';
import { startTestServer, type TestServer } from './helpers/server.js';

describe('desktop session tokens', () => {
  let t: TestServer;
  let server: RunningServer;
  const token = `${SESSION_TOKEN_PREFIX}desktop-test-token`;
  beforeAll(async () => {
    t = await startTestServer();
    const hostPolicy: HostPolicy = { extraHosts: [], port: 0 };
    const sessions = new Map([[token, { keyId: 'desktop-session', orgId: t.orgId }]]);
    server = await listen(createApp({ ...t.runtime, hostPolicy, sessions }), {
      host: '127.0.0.1',
      port: 0,
      hostPolicy,
    });
  });
  afterAll(async () => {
    await server.close(100);
    await t.close();
  });

  it('accepts the session token for its organization and refuses unknown ones', async () => {
    const ok = await fetch(`${server.url}/v1/projects`, { headers: { Authorization: `Bearer ${token}` } });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { projects: { projectId: string }[] };
    expect(body.projects.map((p) => p.projectId)).toEqual([t.projectId]);
    const bad = await fetch(`${server.url}/v1/projects`, { headers: { Authorization: `Bearer ${token}x` } });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('is not accepted by a server that was given no sessions', async () => {
    const res = await t.api('/v1/projects', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
  });
});
