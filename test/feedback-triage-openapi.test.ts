/**
 * The triage routes in `GET /v1/openapi.json`: marked as Offprint extensions (operations, and the two
 * extension filters of the official list) while the official operations stay unmarked, and the server's
 * real answers (success and every error kind) match the schemas the document gives.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importEntries, startTestServer, type TestServer } from './helpers/server.js';

interface Operation {
  'x-offprint'?: boolean;
  parameters: { name: string; 'x-offprint'?: boolean }[];
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
}
type Doc = { paths: Record<string, Record<string, Operation>> };

const F = '/v1/analytics/{projectId}/feedback';
const EXTENSIONS = [
  ['patch', `${F}/{feedbackId}`],
  ['post', `${F}/bulk`],
  ['get', `${F}/{feedbackId}/history`],
  ['get', `${F}/stats`],
  ['get', `${F}/export`],
] as const;

describe('triage routes in the OpenAPI document', () => {
  let t: TestServer;
  let doc: Doc;
  let resolved: Doc;
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  ajv.addVocabulary(['example']);

  beforeAll(async () => {
    t = await startTestServer();
    doc = (await (await t.api('/v1/openapi.json')).json()) as Doc;
    const validator = new Validator();
    expect(await validator.validate(structuredClone(doc))).toEqual({ valid: true });
    resolved = validator.resolveRefs() as Doc;
    await importEntries(t, [
      { id: 'x', path: '/a', source: 'contextual', helpful: true, createdAt: '2026-01-02T00:00:00Z' },
      { id: 'y', path: '/a', source: 'code_snippet', code: 'ls', createdAt: '2026-01-03T00:00:00Z' },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('marks every triage operation, and only the extension filters of the official list, as x-offprint', () => {
    for (const [method, path] of EXTENSIONS) expect(doc.paths[path]?.[method]?.['x-offprint'], path).toBe(true);
    for (const path of [F, `${F}/by-page`]) expect(doc.paths[path]?.['get']?.['x-offprint'], path).toBeUndefined();
    const marked = (doc.paths[F]?.['get']?.parameters ?? []).filter((p) => p['x-offprint'] === true);
    expect(marked.map((p) => p.name)).toEqual(['path', 'q']);
    expect(doc.paths[`${F}/by-page`]?.['get']?.parameters.some((p) => p['x-offprint'] === true)).toBe(false);
  });

  /** Sends a request and checks the JSON answer against the documented schema of its status. */
  async function documented(method: string, path: string, url: string, body?: unknown): Promise<number> {
    const res = await t.api(url, {
      method: method.toUpperCase(),
      ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const json: unknown = await res.json();
    const schema = resolved.paths[path]?.[method]?.responses[String(res.status)]?.content?.['application/json']?.schema;
    expect(schema, `${method} ${url} ${res.status}`).toBeDefined();
    const validate: ValidateFunction = ajv.compile(schema ?? {});
    expect(validate(json), `${method} ${url}: ${JSON.stringify(validate.errors)}`).toBe(true);
    return res.status;
  }

  it("describes the server's real answers, errors included", async () => {
    const base = `/v1/analytics/${t.projectId}/feedback`;
    const item = `${F}/{feedbackId}`;
    expect(await documented('patch', item, `${base}/x`, { status: 'resolved', note: 'ok' })).toBe(200);
    expect(await documented('patch', item, `${base}/x`, { status: 'pending' })).toBe(409);
    expect(await documented('patch', item, `${base}/nope`, { note: 'n' })).toBe(404);
    expect(await documented('patch', item, `${base}/x`, { status: 1 })).toBe(400);
    expect(await documented('post', `${F}/bulk`, `${base}/bulk`, { ids: ['x', 'y', 'z'], status: 'dismissed' })).toBe(
      200,
    );
    expect(await documented('post', `${F}/bulk`, `${base}/bulk`, { ids: 'x' })).toBe(400);
    expect(await documented('get', `${F}/{feedbackId}/history`, `${base}/x/history`)).toBe(200);
    expect(await documented('get', `${F}/{feedbackId}/history`, `${base}/z/history`)).toBe(404);
    expect(await documented('get', `${F}/stats`, `${base}/stats?bucket=week`)).toBe(200);
    expect(await documented('get', `${F}/stats`, `${base}/stats?bucket=year`)).toBe(400);
    expect(await documented('get', `${F}/export`, `${base}/export?format=pdf`)).toBe(400);
    expect(await documented('get', `${F}/stats`, '/v1/analytics/prj_0000000000000000/feedback/stats')).toBe(404);
  });
});
