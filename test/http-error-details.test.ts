/**
 * Every client error carries `details`: a sweep of every operation /v1/openapi.json lists, called with IDs
 * nothing has and with bodies that are not what it reads, plus the requests Node refuses before the app
 * sees them. A script prints `details` whatever the status; an error without them says only half.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portOf, rawRequest, type RawResponse } from './helpers/rawHttp.js';
import { startTestServer, type TestServer } from './helpers/server.js';

interface OpenApiDocument {
  readonly paths: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The body's `details` are a non-empty list of `{message}` with text in each. */
function expectDetails(res: RawResponse, label: string): void {
  const body = JSON.parse(res.body) as { error?: unknown; details?: unknown };
  expect(typeof body.error, label).toBe('string');
  expect(Array.isArray(body.details) && body.details.length > 0, `${label}: ${res.body}`).toBe(true);
  for (const detail of body.details as { message?: unknown }[]) {
    expect(typeof detail.message === 'string' && detail.message.length > 0, `${label}: ${res.body}`).toBe(true);
  }
}

describe('error details', () => {
  let t: TestServer;
  let port: number;
  beforeAll(async () => {
    t = await startTestServer();
    port = portOf(t.url);
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (method: string, path: string, body?: string): Promise<RawResponse> =>
    rawRequest({
      port,
      method,
      path,
      headers: {
        Host: `localhost:${port}`,
        Authorization: `Bearer ${t.key}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body }),
    });

  it('are on every 4xx of every operation, for unknown IDs and for unreadable bodies', async () => {
    const spec = (await (await t.api('/v1/openapi.json')).json()) as OpenApiDocument;
    const seen = new Set<number>();
    for (const [template, operations] of Object.entries(spec.paths)) {
      for (const method of METHODS.filter((m) => m in operations)) {
        const unknownIds = template.replace(/\{(\w+)\}/g, (_all, name: string) => `${name}_0000000000000000`);
        const realProject = template.replace('{projectId}', t.projectId).replace(/\{(\w+)\}/g, '$1_0000000000000000');
        for (const path of new Set([unknownIds, realProject])) {
          for (const body of method === 'get' || method === 'delete' ? [undefined] : ['{}', '{"bad json']) {
            const res = await send(method.toUpperCase(), path, body);
            const label = `${method.toUpperCase()} ${path} ${body ?? ''}`;
            expect(res.status, `${label}: ${res.body}`).toBeLessThan(500);
            if (res.status >= 400) {
              seen.add(res.status);
              expectDetails(res, label);
            }
          }
        }
      }
    }
    // The sweep reached the errors it is about.
    expect([...seen]).toEqual(expect.arrayContaining([400, 404]));
  });

  it('name what to do about an unknown project, key or export job', async () => {
    const cases: [string, string, RegExp][] = [
      ['GET', '/v1/projects/prj_0000000000000000', /GET \/v1\/projects lists/],
      ['DELETE', '/v1/keys/key_0000000000000000', /GET \/v1\/keys lists/],
      ['GET', '/v1/static-export/jobs/job_0000000000000000', /GET \/v1\/static-export\/jobs lists/],
      ['GET', '/v1/analytics/prj_0000000000000000/feedback', /GET \/v1\/projects lists/],
    ];
    for (const [method, path, fix] of cases) {
      const res = await send(method, path);
      expect(res.status, path).toBe(404);
      expectDetails(res, path);
      expect(res.body, path).toMatch(fix);
    }
  });

  it('are on the refusals Node answers before the app: headers too large, an unparsable request', async () => {
    const big = await rawRequest({
      port,
      path: '/health',
      headers: { Host: `localhost:${port}`, 'X-Padding': 'a'.repeat(17 * 1024) },
    });
    expect(big.status).toBe(431);
    expectDetails(big, '431');
    expect(big.body).toMatch(/16 KB/);
    const socket = connect(port, '127.0.0.1');
    socket.end('NOT A REQUEST\r\n\r\n');
    const chunks: Buffer[] = [];
    for await (const chunk of socket) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    expectDetails({ status: 400, headers: {}, body: text.slice(text.indexOf('\r\n\r\n') + 4) }, 'malformed');
  });
});
