/**
 * Request safety over raw HTTP: the Host allow-list (DNS rebinding), no CORS, body and header limits,
 * content types, and error bodies that never carry a stack trace.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFile } from '../server/config.js';
import { openDatabase } from '../server/db/connection.js';
import { JSON_BODY_LIMIT } from '../server/http/body.js';
import { startAppServer } from './helpers/appServer.js';
import { corsHeaders, portOf, rawRequest, type RawRequest, type RawResponse } from './helpers/rawHttp.js';

type RequestHeaders = NonNullable<RawRequest['headers']>;
import { startTestServer, type TestServer } from './helpers/server.js';

const HOST_REFUSED = {
  error: 'Host not allowed: this server only answers requests addressed to its loopback name',
  details: [{ message: 'Set OFFPRINT_ALLOWED_HOSTS to accept another name' }],
};

/** No stack frames, file paths or error class names in a body. */
function expectNoStackTrace(res: RawResponse): void {
  expect(res.body).not.toMatch(/\bat .+:\d+:\d+|node_modules|\.ts\b|\.js\b|Error:|SqliteError|TypeError/);
}

describe('security', () => {
  let t: TestServer;
  let port: number;
  beforeAll(async () => {
    t = await startTestServer();
    port = portOf(t.url);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (path: string, headers: RequestHeaders): Promise<RawResponse> => rawRequest({ port, path, headers });

  describe('Host allow-list', () => {
    it.each(['localhost', '127.0.0.1', '[::1]', 'LocalHost'])('answers Host %s with the right port', async (name) => {
      const health = await get('/health', { Host: `${name}:${port}` });
      expect(health.status).toBe(200);
      const projects = await get('/v1/projects', { Host: `${name}:${port}`, Authorization: `Bearer ${t.key}` });
      expect(projects.status).toBe(200);
    });

    const refused: [string, () => RequestHeaders][] = [
      ['a foreign name', () => ({ Host: `evil.example:${port}` })],
      ['a foreign name without a port', () => ({ Host: 'evil.example' })],
      ['a loopback address with a wrong port', () => ({ Host: `127.0.0.1:${port + 1}` })],
      ['a loopback name with no port', () => ({ Host: 'localhost' })],
      ['a name that only starts like localhost', () => ({ Host: `localhost.evil.example:${port}` })],
      ['a name that embeds the loopback address', () => ({ Host: `127.0.0.1.evil.example:${port}` })],
      ['userinfo before the name', () => ({ Host: `evil.example@127.0.0.1:${port}` })],
      ['no Host header', () => ({})],
      [
        'two Host headers, both loopback',
        () => [
          ['Host', `127.0.0.1:${port}`],
          ['Host', `localhost:${port}`],
        ],
      ],
      [
        'two Host headers, the second foreign',
        () => [
          ['Host', `127.0.0.1:${port}`],
          ['Host', `evil.example:${port}`],
        ],
      ],
    ];
    it.each(refused)('refuses %s with a JSON 403, even with a valid key', async (_name, headers) => {
      for (const path of ['/health', '/v1/projects', `/v1/analytics/${t.projectId}/feedback`]) {
        const res = await rawRequest({
          port,
          path,
          headers: Array.isArray(headers())
            ? [...(headers() as [string, string][]), ['Authorization', `Bearer ${t.key}`]]
            : { ...headers(), Authorization: `Bearer ${t.key}` },
        });
        expect(res.status, path).toBe(403);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(JSON.parse(res.body)).toEqual(HOST_REFUSED);
      }
    });

    it('also answers the names the operator configured, and still nothing else', async () => {
      const server = await startAppServer(t.runtime, { extraHosts: ['docs.internal'] });
      try {
        const ok = await rawRequest({
          port: server.port,
          path: '/health',
          headers: { Host: `docs.internal:${server.port}` },
        });
        expect(ok.status).toBe(200);
        const other = await rawRequest({
          port: server.port,
          path: '/health',
          headers: { Host: `other.internal:${server.port}` },
        });
        expect(other.status).toBe(403);
        expect(JSON.parse(other.body)).toEqual(HOST_REFUSED);
      } finally {
        await server.close();
      }
    });
  });

  describe('CORS', () => {
    const origin = { Origin: 'https://evil.example' };

    it('sends no Access-Control-* header on /v1 responses, even when an Origin is sent', async () => {
      const responses = [
        await get('/v1/projects', { Host: `localhost:${port}`, ...origin, Authorization: `Bearer ${t.key}` }),
        await get(`/v1/analytics/${t.projectId}/feedback`, {
          Host: `localhost:${port}`,
          ...origin,
          Authorization: `Bearer ${t.key}`,
        }),
        await get('/v1/keys', { Host: `localhost:${port}`, ...origin }),
        await get('/v1/nothing-here', { Host: `localhost:${port}`, ...origin }),
      ];
      expect(responses.map((r) => r.status)).toEqual([200, 200, 401, 404]);
      for (const res of responses) expect(corsHeaders(res.headers)).toEqual([]);
    });

    it('answers a preflight without any Access-Control-* header, so browsers block the real request', async () => {
      for (const path of [
        `/v1/analytics/${t.projectId}/feedback`,
        '/v1/keys',
        `/v1/analytics/${t.projectId}/feedback/import`,
      ]) {
        const res = await rawRequest({
          port,
          method: 'OPTIONS',
          path,
          headers: {
            Host: `localhost:${port}`,
            ...origin,
            'Access-Control-Request-Method': 'POST',
            'Access-Control-Request-Headers': 'authorization, content-type',
          },
        });
        expect(res.status, path).toBeLessThan(500);
        expect(corsHeaders(res.headers), path).toEqual([]);
      }
    });
  });

  describe('limits and content types', () => {
    const post = (path: string, contentType: string, body: string, chunked = false): Promise<RawResponse> =>
      rawRequest({
        port,
        method: 'POST',
        path,
        headers: {
          Host: `localhost:${port}`,
          Authorization: `Bearer ${t.key}`,
          'Content-Type': contentType,
          ...(chunked ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': String(Buffer.byteLength(body)) }),
        },
        body,
      });
    /** A JSON body of exactly `bytes` bytes. */
    const jsonOf = (bytes: number): string => `{"name":"${'a'.repeat(bytes - 11)}"}`;

    it.each([false, true])('refuses a JSON body over 1 MiB with 413 (chunked: %s)', async (chunked) => {
      expect(jsonOf(JSON_BODY_LIMIT + 1)).toHaveLength(JSON_BODY_LIMIT + 1);
      const res = await post('/v1/keys', 'application/json', jsonOf(JSON_BODY_LIMIT + 1), chunked);
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toEqual({
        error: `Request body is larger than ${JSON_BODY_LIMIT} bytes`,
        details: [{ message: `the limit for this request is ${JSON_BODY_LIMIT} bytes (1.0 MB); send a smaller body` }],
      });
      // A body of exactly the limit is read and validated (the name is far too long: 400, not 413).
      const atLimit = await post('/v1/keys', 'application/json', jsonOf(JSON_BODY_LIMIT), chunked);
      expect(atLimit.status).toBe(400);
      expect(JSON.parse(atLimit.body)).toEqual({
        error: 'Invalid request parameters',
        details: [{ message: 'name: Too big: expected string to have <=200 characters' }],
      });
    });

    it('refuses a JSON route body of another type with 415', async () => {
      const res = await post('/v1/keys', 'text/plain', '{"name":"x"}');
      expect(res.status).toBe(415);
      expect(JSON.parse(res.body)).toEqual({
        error: 'Content-Type must be application/json',
        details: [{ message: 'this endpoint accepts a body of type application/json; the request sent text/plain' }],
      });
    });

    it('answers a method a route lacks with 405, its Allow header and the methods it takes', async () => {
      const headers = { Host: `localhost:${port}`, Authorization: `Bearer ${t.key}` };
      const res = await rawRequest({ port, method: 'PUT', path: '/v1/keys', headers });
      expect(res.status).toBe(405);
      expect(res.headers['allow']).toBe('HEAD, GET, POST');
      expect(JSON.parse(res.body)).toEqual({
        error: 'Method not allowed here; use HEAD or GET or POST',
        details: [{ message: 'PUT /v1/keys: this resource answers HEAD, GET, POST' }],
      });
      const unknown = await rawRequest({ port, method: 'PROPFIND', path: '/v1/keys', headers });
      expect(unknown.status).toBe(501);
      expect(JSON.parse(unknown.body)).toEqual({
        error: 'Not implemented',
        details: [{ message: 'PROPFIND is not a method this server answers' }],
      });
    });

    it('refuses an import that is not NDJSON with 415, storing nothing', async () => {
      const line = JSON.stringify({ id: 'ct-1', path: '/p', source: 'agent' });
      for (const type of ['application/json', 'multipart/form-data; boundary=x', 'application/octet-stream']) {
        const res = await post(`/v1/analytics/${t.projectId}/feedback/import`, type, line);
        expect(res.status, type).toBe(415);
        expect(JSON.parse(res.body)).toEqual({
          error: 'Content-Type must be application/x-ndjson or application/jsonl or text/plain',
          details: [
            {
              message: `this endpoint accepts a body of type application/x-ndjson, application/jsonl or text/plain; the request sent ${type}`,
            },
          ],
        });
      }
      const page = await t.api(`/v1/analytics/${t.projectId}/feedback`);
      expect(((await page.json()) as { feedback: unknown[] }).feedback).toEqual([]);
    });

    it('answers a path no route has with 404 and a detail saying where the routes are listed', async () => {
      const headers = { Host: `localhost:${port}`, Authorization: `Bearer ${t.key}` };
      for (const path of ['/v1/nothing', '/nothing-here']) {
        const res = await rawRequest({ port, path, headers });
        expect(res.status, path).toBe(404);
        expect(JSON.parse(res.body), path).toEqual({
          error: `No route for GET ${path}`,
          details: [
            { message: `no endpoint answers GET ${path}; GET /v1/openapi.json lists the ones this server has` },
          ],
        });
      }
    });

    it('refuses a header block over 16 KiB with a JSON 431', async () => {
      const res = await get('/health', { Host: `localhost:${port}`, 'X-Padding': 'a'.repeat(17 * 1024) });
      expect(res.status).toBe(431);
      expect(JSON.parse(res.body)).toEqual({
        error: 'Request headers are larger than 16384 bytes',
        details: [{ message: expect.stringContaining('at most 16 KB') as unknown }],
      });
      const under = await get('/health', { Host: `localhost:${port}`, 'X-Padding': 'a'.repeat(15 * 1024) });
      expect(under.status).toBe(200);
    });

    it('answers a request Node cannot parse with a JSON 400', async () => {
      const socket = connect(port, '127.0.0.1');
      socket.end('NOT A REQUEST\r\n\r\n');
      const chunks: Buffer[] = [];
      for await (const chunk of socket) chunks.push(chunk as Buffer);
      const text = Buffer.concat(chunks).toString('utf8');
      expect(text).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(text.slice(text.indexOf('\r\n\r\n') + 4)).toMatch(
        /^\{"error":"Malformed HTTP request","details":\[\{"message":"the bytes received are not an HTTP\/1\.1 request/,
      );
    });
  });

  describe('stack traces', () => {
    it('never sends one, for client errors or for an internal failure', async () => {
      const responses: RawResponse[] = [
        await rawRequest({
          port,
          method: 'POST',
          path: '/v1/keys',
          headers: { Host: `localhost:${port}`, Authorization: `Bearer ${t.key}`, 'Content-Type': 'application/json' },
          body: '{"name":',
        }),
        await get('/v1/analytics/%E0%A4%A/feedback', { Host: `localhost:${port}`, Authorization: `Bearer ${t.key}` }),
        await get(`/v1/analytics/${t.projectId}/feedback?limit=%FF&dateFrom=2026-02-30&status=,`, {
          Host: `localhost:${port}`,
          Authorization: `Bearer ${t.key}`,
        }),
        await rawRequest({ port, method: 'PUT', path: '/v1/keys', headers: { Host: `localhost:${port}` } }),
      ];
      expect(responses.map((r) => r.status)).toEqual([400, 404, 400, 405]);
      for (const res of responses) {
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expectNoStackTrace(res);
      }

      // An internal failure: the database handle the server was given is closed.
      const closed = openDatabase(databaseFile(t.dataDir));
      closed.close();
      const broken = await startAppServer(t.runtime, { deps: { db: closed } });
      try {
        const res = await rawRequest({
          port: broken.port,
          path: '/v1/projects',
          headers: { Host: `localhost:${broken.port}`, Authorization: `Bearer ${t.key}` },
        });
        expect(res.status).toBe(500);
        expect(JSON.parse(res.body)).toEqual({ error: 'Internal server error' });
        expectNoStackTrace(res);
      } finally {
        await broken.close();
      }
    });
  });
});
