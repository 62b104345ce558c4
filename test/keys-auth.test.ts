/** Bearer authentication on every /v1 route, and what a key of one organization sees of another. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, revokeKey } from '../server/domain/apiKeys.js';
import { generateApiKey } from '../server/domain/apiKeyToken.js';
import { createOrganization, createProject } from '../server/domain/organizations.js';
import { portOf, rawRequest, type RawResponse } from './helpers/rawHttp.js';
import { importEntries, startTestServer, type TestServer } from './helpers/server.js';

/** A JSON error body. */
interface ErrorBody {
  readonly error: string;
  readonly details?: readonly { readonly message: string }[];
}

const ENTRY = { id: 'fb-1', path: '/a', createdAt: '2026-01-31T09:05:00.000Z', source: 'agent', comment: 'hi' };

describe('authentication', () => {
  let t: TestServer;
  let routes: { method: string; path: string }[];
  let revoked: string;
  // A movable clock: each refused request below starts a new minute, so the auth-failure throttle
  // (20 a minute, tested in auth-throttle.test.ts) never turns these 401s into 429s.
  let clock = Date.now();

  beforeAll(async () => {
    t = await startTestServer({ now: () => clock });
    const created = createApiKey(t.runtime, { orgId: t.orgId, name: 'revoked' });
    revokeKey(t.runtime, created.row.id);
    revoked = created.key;
    // Every authenticated operation the server documents, so a route added later is covered too.
    const doc = (await (await t.api('/v1/openapi.json')).json()) as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.security === undefined)
        .map(([method]) => ({
          method: method.toUpperCase(),
          path: path
            .replace('{projectId}', t.projectId)
            .replace('{keyId}', 'key_0000000000000000')
            .replace('{jobId}', 'se_0000000000000000')
            .replace('{feedbackId}', 'fb_0000000000000000'),
        })),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (route: { method: string; path: string }, authorization?: string): Promise<RawResponse> =>
    rawRequest({
      port: portOf(t.url),
      method: route.method,
      path: route.path,
      headers: {
        Host: `127.0.0.1:${portOf(t.url)}`,
        ...(authorization === undefined ? {} : { Authorization: authorization }),
        ...(route.method === 'POST' ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(route.method === 'POST' ? { body: '{"name":"x"}' } : {}),
    });

  it('covers every authenticated route of the OpenAPI document', () => {
    expect(routes.map((r) => `${r.method} ${r.path.replace(t.projectId, ':p')}`).sort()).toEqual([
      'DELETE /v1/keys/key_0000000000000000',
      'DELETE /v1/projects/:p',
      'DELETE /v1/static-export/jobs/se_0000000000000000',
      'GET /v1/analytics/:p/feedback',
      'GET /v1/analytics/:p/feedback/by-page',
      'GET /v1/analytics/:p/feedback/export',
      'GET /v1/analytics/:p/feedback/fb_0000000000000000/history',
      'GET /v1/analytics/:p/feedback/stats',
      'GET /v1/keys',
      'GET /v1/openapi.json',
      'GET /v1/projects',
      'GET /v1/projects/:p',
      'GET /v1/signing-key',
      'GET /v1/static-export/jobs',
      'GET /v1/static-export/jobs/se_0000000000000000',
      'PATCH /v1/analytics/:p/feedback/fb_0000000000000000',
      'POST /v1/analytics/:p/feedback/bulk',
      'POST /v1/analytics/:p/feedback/import',
      'POST /v1/bundles/verify',
      'POST /v1/keys',
      'POST /v1/projects',
      'POST /v1/projects/:p/site',
      'POST /v1/signing-key/rotate',
      'POST /v1/static-export/jobs',
      'POST /v1/static-export/jobs/se_0000000000000000/bundle',
    ]);
  });

  // Every 401 says what to do in its details, as every other error body does; the `error` strings are stable.
  const refusal = (error: string, detail: string): ErrorBody => ({ error, details: [{ message: detail }] });
  const MUST_BE_BEARER = refusal(
    'The Authorization header must be "Bearer <admin API key>"',
    'send one admin API key (offp_...) after the word Bearer; no other scheme is accepted',
  );
  const MALFORMED = refusal(
    'The API key is malformed',
    'an admin API key is offp_ and 38 letters or digits ending in a checksum; check it was copied whole',
  );
  const NOT_VALID = refusal(
    'The API key is not valid or was revoked',
    'no active key of this server matches it; `offprint keys list` shows the keys of its data dir',
  );
  const cases: [string, () => string | undefined, ErrorBody][] = [
    [
      'no Authorization header',
      () => undefined,
      refusal(
        'Missing Authorization header: send "Authorization: Bearer <admin API key>"',
        'this endpoint needs an admin API key: `offprint keys create` makes one',
      ),
    ],
    ['another scheme (Basic x)', () => 'Basic x', MUST_BE_BEARER],
    ['Bearer with no token', () => 'Bearer', MUST_BE_BEARER],
    ['Bearer with two tokens', () => `Bearer ${generateApiKey()} extra`, MUST_BE_BEARER],
    ['a key with a wrong checksum', () => `Bearer ${t.key.slice(0, -1)}${t.key.endsWith('A') ? 'B' : 'A'}`, MALFORMED],
    ['a key that is not offp_', () => 'Bearer sk_live_abcdef', MALFORMED],
    ['an unknown, well-formed key', () => `Bearer ${generateApiKey()}`, NOT_VALID],
    ['a revoked key', () => `Bearer ${revoked}`, NOT_VALID],
  ];

  it.each(cases)('refuses %s on every route: 401, JSON error, WWW-Authenticate: Bearer', async (_name, auth, body) => {
    for (const route of routes) {
      clock += 61_000;
      const res = await send(route, auth());
      const where = `${route.method} ${route.path}`;
      expect(res.status, where).toBe(401);
      expect(res.headers['www-authenticate'], where).toBe('Bearer realm="offprint"');
      expect(res.headers['content-type'], where).toBe('application/json; charset=utf-8');
      expect(JSON.parse(res.body), where).toEqual(body);
    }
  });

  it('accepts the scheme name in any case', async () => {
    const res = await send({ method: 'GET', path: '/v1/projects' }, `bearer ${t.key}`);
    expect(res.status).toBe(200);
  });

  it('does not protect the health probe', async () => {
    const res = await send({ method: 'GET', path: '/health' });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ ok: true });
  });
});

describe('organization isolation', () => {
  let t: TestServer;
  let other: { key: string; keyId: string; projectId: string };
  let adminKeyId: string;
  // Same length as a real id, so the two 404s can be compared byte for byte.
  const MISSING_PROJECT = 'prj_0000000000000000';
  const MISSING_KEY = 'key_0000000000000000';

  beforeAll(async () => {
    t = await startTestServer();
    await importEntries(t, [ENTRY]);
    const org = createOrganization(t.runtime, { name: 'Other', plan: 'pro' });
    const project = createProject(t.runtime, { orgId: org.id, name: 'Other docs', domain: 'other.example.com' });
    const created = createApiKey(t.runtime, { orgId: org.id, name: 'other' });
    other = { key: created.key, keyId: created.row.id, projectId: project.id };
    const listed = (await (await t.api('/v1/keys')).json()) as { keys: { keyId: string }[] };
    adminKeyId = listed.keys[0]?.keyId ?? '';
  });
  afterAll(async () => {
    await t.close();
  });

  const asOther = (path: string, init: RequestInit = {}): Promise<Response> =>
    fetch(`${t.url}${path}`, { ...init, headers: { ...init.headers, Authorization: `Bearer ${other.key}` } });

  async function snapshot(
    res: Response,
    id: string,
  ): Promise<{ status: number; headers: Record<string, string>; body: string }> {
    const headers = Object.fromEntries([...res.headers].filter(([name]) => name !== 'date'));
    return { status: res.status, headers, body: (await res.text()).replaceAll(id, '<id>') };
  }

  const projectRoutes: [string, string, RequestInit][] = [
    ['GET', '/feedback', {}],
    ['GET', '/feedback/by-page', {}],
    ['GET', '/feedback?limit=1&source=agent', {}],
    [
      'POST',
      '/feedback/import',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-ndjson' },
        body: `${JSON.stringify({ ...ENTRY, id: 'fb-intruder' })}\n`,
      },
    ],
  ];

  it.each(projectRoutes)(
    "answers %s %s on another organization's project exactly as on a project that does not exist",
    async (_method, suffix, init) => {
      const foreign = await snapshot(await asOther(`/v1/analytics/${t.projectId}${suffix}`, init), t.projectId);
      const missing = await snapshot(await asOther(`/v1/analytics/${MISSING_PROJECT}${suffix}`, init), MISSING_PROJECT);
      expect(t.projectId).toHaveLength(MISSING_PROJECT.length);
      expect(foreign).toEqual(missing);
      expect(foreign.status).toBe(404);
      expect(JSON.parse(foreign.body)).toEqual({
        error: 'Project <id> was not found',
        details: [{ message: 'no project has the ID "<id>"; GET /v1/projects lists the projects this server has' }],
      });
    },
  );

  it("stores nothing through another organization's key and leaves the owner's data as it was", async () => {
    const page = (await (await t.api(`/v1/analytics/${t.projectId}/feedback`)).json()) as {
      feedback: { id: string }[];
    };
    expect(page.feedback.map((e) => e.id)).toEqual(['fb-1']);
  });

  it("lists only the key's own organization's projects and keys", async () => {
    const projects = (await (await asOther('/v1/projects')).json()) as { projects: { projectId: string }[] };
    expect(projects.projects.map((p) => p.projectId)).toEqual([other.projectId]);
    const keys = (await (await asOther('/v1/keys')).json()) as { keys: { keyId: string }[] };
    expect(keys.keys.map((k) => k.keyId)).toEqual([other.keyId]);
  });

  it("cannot revoke another organization's key: the same 404 as a key that does not exist", async () => {
    const foreign = await snapshot(await asOther(`/v1/keys/${adminKeyId}`, { method: 'DELETE' }), adminKeyId);
    const missing = await snapshot(await asOther(`/v1/keys/${MISSING_KEY}`, { method: 'DELETE' }), MISSING_KEY);
    expect(foreign).toEqual(missing);
    expect(foreign).toMatchObject({ status: 404 });
    expect((await t.api('/v1/projects')).status).toBe(200);
  });
});
