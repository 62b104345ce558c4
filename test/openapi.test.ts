/**
 * `GET /v1/openapi.json`: a valid OpenAPI 3.1 document (checked by an OpenAPI schema validator that also
 * resolves every reference) that lists every route, its parameters and response schemas, and whose
 * response schemas the server's real responses satisfy.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.js';

interface Operation {
  parameters: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
  security?: unknown[];
}
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>> } & Record<string, unknown>;

const FEEDBACK = '/v1/analytics/{projectId}/feedback';
const BY_PAGE = '/v1/analytics/{projectId}/feedback/by-page';
const IMPORT = '/v1/analytics/{projectId}/feedback/import';

const ENTRIES = [
  {
    id: 'c',
    path: '/a',
    comment: 'x',
    createdAt: '2026-01-31T09:05:00Z',
    source: 'contextual',
    helpful: true,
    contact: null,
  },
  {
    id: 's',
    path: '/b',
    comment: null,
    createdAt: '2026-01-30T09:05:00Z',
    source: 'code_snippet',
    code: 'x',
    lang: 'sh',
  },
  { id: 'a', path: '/c', comment: null, createdAt: null, source: 'agent', status: 'resolved' },
  { id: 't', path: '/c', comment: null, createdAt: '2026-01-29', source: 'thumbs_only', helpful: false },
];

describe('GET /v1/openapi.json', () => {
  let t: TestServer;
  let doc: Doc;
  let resolved: Doc;
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  ajv.addVocabulary(['example']);
  // OpenAPI lets a schema carry `x-` extensions: Offprint marks its additions to official shapes so.
  ajv.addKeyword('x-offprint');
  // The export job schemas carry instants (the server writes them with toISOString).
  ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  const compiled = new Map<string, ValidateFunction>();

  beforeAll(async () => {
    t = await startTestServer();
    const res = await t.api('/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    doc = (await res.json()) as Doc;
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result).toEqual({ valid: true });
    resolved = validator.resolveRefs() as Doc;
    const imported = await t.api(`/v1/analytics/${t.projectId}/feedback/import`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-ndjson' },
      body: ENTRIES.map((e) => JSON.stringify(e)).join('\n'),
    });
    expect(imported.status).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  /** The documented schema of one response, with every reference resolved. */
  function responseSchema(path: string, method: string, status: number): ValidateFunction {
    const key = `${method} ${path} ${status}`;
    let validate = compiled.get(key);
    if (validate === undefined) {
      const schema = resolved.paths[path]?.[method]?.responses[String(status)]?.content?.['application/json']?.schema;
      expect(schema, key).toBeDefined();
      validate = ajv.compile(schema ?? {});
      compiled.set(key, validate);
    }
    return validate;
  }

  /** Sends a request and checks its body against the document's schema for that status. */
  async function expectDocumented(
    docPath: string,
    method: string,
    url: string,
    init: RequestInit = {},
  ): Promise<number> {
    const res = await t.api(url, { ...init, method: method.toUpperCase() });
    const body: unknown = await res.json();
    const validate = responseSchema(docPath, method, res.status);
    expect(validate(body), `${method} ${url} ${res.status}: ${JSON.stringify(validate.errors)}`).toBe(true);
    return res.status;
  }

  it('is a valid OpenAPI 3.1 document whose references all resolve', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const validator = new Validator();
    expect(await validator.validate(structuredClone(doc))).toEqual({ valid: true });
    expect(validator.version).toBe('3.1');
  });

  it('the validator does catch a broken document (so the check above means something)', async () => {
    const broken = structuredClone(doc);
    const op = broken.paths[FEEDBACK]?.['get'];
    if (op === undefined) throw new Error('no feedback operation');
    (op.responses['200'] as Record<string, unknown>)['content'] = {
      'application/json': { schema: { $ref: '#/$defs/Missing' } },
    };
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('lists every implemented route, and only those', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(
      [
        'DELETE /v1/keys/{keyId}',
        `GET ${FEEDBACK}`,
        `GET ${BY_PAGE}`,
        'GET /health',
        'GET /v1/keys',
        'GET /v1/openapi.json',
        'GET /v1/projects',
        'POST /v1/projects/{projectId}/site',
        'POST /v1/projects',
        'GET /v1/projects/{projectId}',
        'DELETE /v1/projects/{projectId}',
        'POST /v1/bundles/verify',
        `POST ${IMPORT}`,
        `PATCH ${FEEDBACK}/{feedbackId}`,
        `POST ${FEEDBACK}/bulk`,
        `GET ${FEEDBACK}/{feedbackId}/history`,
        `GET ${FEEDBACK}/stats`,
        `GET ${FEEDBACK}/export`,
        'POST /v1/keys',
        'POST /v1/static-export/jobs',
        'GET /v1/static-export/jobs',
        'GET /v1/static-export/jobs/{jobId}',
        'DELETE /v1/static-export/jobs/{jobId}',
        'POST /v1/static-export/jobs/{jobId}/bundle',
        'GET /v1/signing-key',
        'POST /v1/signing-key/rotate',
        'GET /downloads/{file}',
      ].sort(),
    );
    expect(doc.paths['/health']?.['get']?.security).toEqual([]);
    expect(doc['security']).toEqual([{ bearerAuth: [] }]);
  });

  it('documents the feedback query parameters with their types and defaults', () => {
    const params = doc.paths[FEEDBACK]?.['get']?.parameters.map(({ name, in: where, required, schema }) => ({
      name,
      in: where,
      required,
      schema,
    }));
    expect(params).toEqual([
      { name: 'projectId', in: 'path', required: true, schema: { type: 'string', minLength: 1, maxLength: 128 } },
      { name: 'dateFrom', in: 'query', required: false, schema: { type: 'string' } },
      { name: 'dateTo', in: 'query', required: false, schema: { type: 'string' } },
      {
        name: 'source',
        in: 'query',
        required: false,
        schema: { type: 'string', enum: ['code_snippet', 'contextual', 'agent', 'thumbs_only'] },
      },
      { name: 'status', in: 'query', required: false, schema: { type: 'string' } },
      { name: 'path', in: 'query', required: false, schema: { type: 'string', minLength: 1, maxLength: 4096 } },
      { name: 'q', in: 'query', required: false, schema: { type: 'string', minLength: 1, maxLength: 200 } },
      {
        name: 'limit',
        in: 'query',
        required: false,
        schema: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
      },
      { name: 'cursor', in: 'query', required: false, schema: { type: 'string' } },
    ]);
    const byPage = doc.paths[BY_PAGE]?.['get']?.parameters ?? [];
    expect(byPage.map((p) => p.name)).toEqual(['projectId', 'dateFrom', 'dateTo', 'source', 'status', 'limit']);
    expect(byPage.find((p) => p.name === 'limit')?.schema).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 100,
      default: 10,
    });
  });

  it('documents a response schema for every response a route gives', () => {
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const statuses = Object.keys(op.responses);
        expect(
          statuses.some((s) => s.startsWith('2')),
          `${method} ${path}`,
        ).toBe(true);
        if (op.security === undefined) expect(statuses, `${method} ${path}`).toContain('401');
        // JSON everywhere, except the archive bytes of a download and the feedback file (their errors are JSON too).
        const file = path.startsWith('/downloads/')
          ? 'application/zip'
          : path === `${FEEDBACK}/export`
            ? 'text/csv'
            : null;
        for (const status of statuses)
          expect(
            op.responses[status]?.content?.[file !== null && status.startsWith('2') ? file : 'application/json']
              ?.schema,
            `${method} ${path} ${status}`,
          ).toBeDefined();
      }
    }
    const entry = (
      resolved.paths[FEEDBACK]?.['get']?.responses['200']?.content?.['application/json']?.schema as {
        properties: { feedback: { items: { anyOf: { properties: { source: unknown } }[] } } };
      }
    ).properties.feedback.items.anyOf;
    expect(entry.map((variant) => variant.properties.source)).toEqual([
      { type: 'string', const: 'contextual' },
      { type: 'string', const: 'code_snippet' },
      { type: 'string', enum: ['agent', 'thumbs_only'] },
    ]);
  });

  it("describes the server's real responses: every variant, errors, admin routes", async () => {
    const p = t.projectId;
    expect(await expectDocumented(FEEDBACK, 'get', `/v1/analytics/${p}/feedback`)).toBe(200);
    expect(await expectDocumented(FEEDBACK, 'get', `/v1/analytics/${p}/feedback?limit=1`)).toBe(200);
    expect(await expectDocumented(FEEDBACK, 'get', `/v1/analytics/${p}/feedback?limit=0&source=x`)).toBe(400);
    expect(await expectDocumented(FEEDBACK, 'get', '/v1/analytics/prj_0000000000000000/feedback')).toBe(404);
    expect(
      await expectDocumented(FEEDBACK, 'get', `/v1/analytics/${p}/feedback`, {
        headers: { Authorization: 'Bearer x' },
      }),
    ).toBe(401);
    expect(await expectDocumented(BY_PAGE, 'get', `/v1/analytics/${p}/feedback/by-page`)).toBe(200);
    // Every 401 says what to do: the document requires its details, and the server's bodies have them.
    const unauthorized = resolved.paths[FEEDBACK]?.['get']?.responses['401']?.content?.['application/json']?.schema;
    expect(unauthorized).toMatchObject({ required: ['error', 'details'] });
    const noKey = await fetch(`${t.url}/v1/analytics/${p}/feedback`);
    expect(noKey.status).toBe(401);
    expect(responseSchema(FEEDBACK, 'get', 401)(await noKey.json())).toBe(true);
    const ndjson = { 'Content-Type': 'application/x-ndjson' };
    expect(
      await expectDocumented(IMPORT, 'post', `/v1/analytics/${p}/feedback/import`, {
        headers: ndjson,
        body: '{"path":"/x","source":"agent"}',
      }),
    ).toBe(200);
    expect(
      await expectDocumented(IMPORT, 'post', `/v1/analytics/${p}/feedback/import`, { headers: ndjson, body: '{' }),
    ).toBe(400);
    expect(
      await expectDocumented(IMPORT, 'post', `/v1/analytics/${p}/feedback/import`, {
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      }),
    ).toBe(415);
    expect(await expectDocumented('/v1/projects', 'get', '/v1/projects')).toBe(200);
    expect(await expectDocumented('/v1/keys', 'get', '/v1/keys')).toBe(200);
    const json = { 'Content-Type': 'application/json' };
    expect(await expectDocumented('/v1/keys', 'post', '/v1/keys', { headers: json, body: '{"name":"doc"}' })).toBe(201);
    expect(await expectDocumented('/v1/keys', 'post', '/v1/keys', { headers: json, body: '{"name":""}' })).toBe(400);
    expect(await expectDocumented('/v1/keys/{keyId}', 'delete', '/v1/keys/key_0000000000000000')).toBe(404);
    expect(await expectDocumented('/health', 'get', '/health')).toBe(200);
    const jobs = '/v1/static-export/jobs';
    expect(await expectDocumented(jobs, 'get', `${jobs}?limit=1&status=cancelled`)).toBe(200);
    expect(await expectDocumented(jobs, 'get', `${jobs}?cursor=not-a-cursor`)).toBe(400);
    const list = doc.paths[jobs]?.['get'];
    expect(list?.parameters.map((p) => p.name)).toEqual(['limit', 'status', 'domain', 'dateFrom', 'dateTo', 'cursor']);
    expect(list?.responses['200']?.content?.['application/json']?.schema).toMatchObject({
      required: expect.arrayContaining(['jobs', 'nextCursor']) as unknown,
    });
  });

  it("marks the dashboard's project, bundle and job-list routes as Offprint extensions, not the official ones", async () => {
    const mark = (path: string, method: string): unknown =>
      new Map(Object.entries(doc.paths[path]?.[method] ?? {})).get('x-offprint');
    for (const [path, method] of [
      ['/v1/projects', 'get'],
      ['/v1/projects', 'post'],
      ['/v1/projects/{projectId}', 'get'],
      ['/v1/projects/{projectId}', 'delete'],
      ['/v1/bundles/verify', 'post'],
      ['/v1/static-export/jobs', 'get'],
      ['/v1/static-export/jobs/{jobId}', 'delete'],
      ['/v1/signing-key', 'get'],
      ['/v1/signing-key/rotate', 'post'],
    ] as const)
      expect(mark(path, method), `${method} ${path}`).toBe(true);
    for (const [path, method] of [
      ['/v1/static-export/jobs', 'post'],
      ['/v1/static-export/jobs/{jobId}', 'get'],
      ['/v1/static-export/jobs/{jobId}/bundle', 'post'],
    ] as const)
      expect(mark(path, method), `${method} ${path}`).toBeUndefined();
    const p = t.projectId;
    const json = { 'Content-Type': 'application/json' };
    expect(await expectDocumented('/v1/projects/{projectId}', 'get', `/v1/projects/${p}`)).toBe(200);
    expect(await expectDocumented('/v1/projects/{projectId}', 'get', '/v1/projects/prj_0000000000000000')).toBe(404);
    const body = '{"name":"Doc","domain":"doc.openapi.test"}';
    expect(await expectDocumented('/v1/projects', 'post', '/v1/projects', { headers: json, body })).toBe(201);
    expect(await expectDocumented('/v1/projects', 'post', '/v1/projects', { headers: json, body })).toBe(400);
    const created = (await (await t.api('/v1/projects')).json()) as {
      projects: { projectId: string; domain: string }[];
    };
    const id = created.projects.find((x) => x.domain === 'doc.openapi.test')?.projectId ?? '';
    expect(await expectDocumented('/v1/projects/{projectId}', 'delete', `/v1/projects/${id}`)).toBe(200);
    const zip = { 'Content-Type': 'application/zip' };
    expect(
      await expectDocumented('/v1/bundles/verify', 'post', '/v1/bundles/verify', { headers: zip, body: 'x' }),
    ).toBe(400);
  });

  it('rejects what the server must never send: the response schemas are strict', async () => {
    const res = await t.api(`/v1/analytics/${t.projectId}/feedback`);
    const body = (await res.json()) as { feedback: Record<string, unknown>[] };
    const validate = responseSchema(FEEDBACK, 'get', 200);
    expect(validate(body)).toBe(true);
    const withExtra = structuredClone(body);
    const agent = withExtra.feedback.find((e) => e['source'] === 'agent');
    if (agent === undefined) throw new Error('no agent entry');
    agent['helpful'] = true;
    expect(validate(withExtra)).toBe(false);
    const missing = structuredClone(body);
    delete missing.feedback[0]?.['createdAt'];
    expect(validate(missing)).toBe(false);
  });
});
