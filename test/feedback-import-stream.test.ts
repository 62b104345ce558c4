/**
 * NDJSON import as a stream: the body cap (413), uploads the client abandons mid-body, files longer than
 * one staging batch, and byte boundaries that split a character.
 */
import { request } from 'node:http';
import { Writable, Readable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../server/domain/apiKeys.js';
import { importFeedback } from '../server/domain/feedback/importer.js';
import { createProject, defaultOrganizationId } from '../server/domain/organizations.js';
import { openRuntime, type Runtime } from '../server/runtime.js';
import { startAppServer, type AppServer } from './helpers/appServer.js';
import { tempDir } from './helpers/dataDirs.js';
import { portOf, rawRequest } from './helpers/rawHttp.js';
import { startTestServer, type TestServer } from './helpers/server.js';

const line = (id: string, extra: Record<string, unknown> = {}): string =>
  JSON.stringify({ id, path: '/p', createdAt: '2026-01-31T09:05:00Z', source: 'agent', ...extra });

async function feedbackIds(url: string, key: string, projectId: string): Promise<string[]> {
  const res = await fetch(`${url}/v1/analytics/${projectId}/feedback?limit=100`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { feedback: { id: string }[] }).feedback.map((e) => e.id);
}

describe('the import body cap', () => {
  const LIMIT = 1000;
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ importBodyLimit: LIMIT });
  });
  afterAll(async () => {
    await t.close();
  });

  /** Valid NDJSON of exactly `bytes` bytes: eight lines and a ninth padded out with its comment. */
  function bodyOf(bytes: number, prefix: string): string {
    const head = Array.from({ length: 8 }, (_v, i) => `${line(`${prefix}${i}`)}\n`).join('');
    const bare = line(`${prefix}-last`, { comment: '' });
    const pad = bytes - Buffer.byteLength(head) - bare.length - 1;
    const text = `${head}${line(`${prefix}-last`, { comment: 'x'.repeat(pad) })}\n`;
    expect(Buffer.byteLength(text)).toBe(bytes);
    return text;
  }

  const post = (body: string, chunked: boolean) =>
    rawRequest({
      port: portOf(t.url),
      method: 'POST',
      path: `/v1/analytics/${t.projectId}/feedback/import`,
      headers: {
        Host: `127.0.0.1:${portOf(t.url)}`,
        Authorization: `Bearer ${t.key}`,
        'Content-Type': 'application/x-ndjson',
        ...(chunked ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': String(Buffer.byteLength(body)) }),
      },
      body,
    });

  it.each([false, true])(
    'refuses a body one byte over the cap with 413 and stores nothing (chunked: %s)',
    async (chunked) => {
      const res = await post(bodyOf(LIMIT + 1, chunked ? 'c' : 'l'), chunked);
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toEqual({
        error: `Request body is larger than ${LIMIT} bytes`,
        details: [{ message: `the limit for this request is ${LIMIT} bytes (${LIMIT} bytes); send a smaller body` }],
      });
      expect(await feedbackIds(t.url, t.key, t.projectId)).toEqual([]);
    },
  );

  it.each([false, true])('imports a body of exactly the cap (chunked: %s)', async (chunked) => {
    const body = bodyOf(LIMIT, chunked ? 'exact-c' : 'exact-l');
    const res = await post(body, chunked);
    expect(res.status).toBe(200);
    const lines = body.trimEnd().split('\n').length;
    expect(JSON.parse(res.body)).toEqual({ lines, imported: lines, duplicates: 0 });
  });
});

describe('an upload the client abandons', () => {
  let runtime: Runtime;
  let server: AppServer;
  let key: string;
  let projectId: string;
  const logged: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(JSON.parse(chunk.toString('utf8')) as { level: number; msg: string });
        done();
      },
    });
    runtime = openRuntime(tempDir(), pino({ level: 'info' }, sink));
    key = createApiKey(runtime, { orgId: defaultOrganizationId(runtime), name: 'k' }).key;
    projectId = createProject(runtime, { orgId: defaultOrganizationId(runtime), name: 'A', domain: 'a.example' }).id;
    server = await startAppServer(runtime);
  });
  afterAll(async () => {
    await server.close();
    runtime.close();
  });

  it('commits nothing, even after more lines than one staging batch arrived', async () => {
    const started = server.nextRequest();
    const req = request({
      host: '127.0.0.1',
      port: server.port,
      method: 'POST',
      path: `/v1/analytics/${projectId}/feedback/import`,
      headers: {
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/x-ndjson',
        'Transfer-Encoding': 'chunked',
      },
    });
    const failed = new Promise<void>((resolve) => req.on('error', () => resolve()));
    const lines = Array.from({ length: 2500 }, (_v, i) => line(`abandoned-${i}`)).join('\n');
    req.write(`${lines}\n`);
    await started;
    req.destroy();
    await failed;
    await server.idle();

    expect(await feedbackIds(server.url, key, projectId)).toEqual([]);
    // Not an internal error: the client went away, nothing failed on the server.
    expect(logged.filter((entry) => entry.level >= 50)).toEqual([]);
    // The project still takes imports.
    const res = await fetch(`${server.url}/v1/analytics/${projectId}/feedback/import`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/x-ndjson' },
      body: `${line('after')}\n`,
    });
    expect(await res.json()).toEqual({ lines: 1, imported: 1, duplicates: 0 });
    expect(await feedbackIds(server.url, key, projectId)).toEqual(['after']);
  });
});

describe('streamed files', () => {
  let runtime: Runtime;
  let orgId: string;
  beforeAll(() => {
    runtime = openRuntime(tempDir(), pino({ level: 'silent' }));
    orgId = defaultOrganizationId(runtime);
  });
  afterAll(() => runtime.close());

  const newProject = (domain: string): string => createProject(runtime, { orgId, name: domain, domain }).id;
  const count = (projectId: string): number =>
    Number(runtime.db.prepare('SELECT count(*) FROM feedback WHERE project_id = ?').pluck().get(projectId));

  it('rejects a file whose only bad line comes after several staging batches, storing none of it', async () => {
    const projectId = newProject('batches.example');
    const good = Array.from({ length: 4500 }, (_v, i) => line(`b${i}`));
    await expect(
      importFeedback(runtime, orgId, projectId, Readable.from([`${good.join('\n')}\n{"path":\n`])),
    ).rejects.toMatchObject({
      status: 400,
      message: 'Import rejected: 1 problem found; nothing was imported',
      details: [{ message: 'line 4501: not valid JSON' }],
    });
    expect(count(projectId)).toBe(0);
    const result = await importFeedback(runtime, orgId, projectId, Readable.from([`${good.join('\n')}\n`]));
    expect(result).toEqual({ lines: 4500, imported: 4500, duplicates: 0 });
    expect(count(projectId)).toBe(4500);
  });

  it('reassembles characters split across chunks', async () => {
    const projectId = newProject('utf8.example');
    const text = Buffer.from(`${line('u1', { comment: 'naïve 🚀 ✓' })}\n`, 'utf8');
    const at = text.indexOf(Buffer.from('🚀')) + 2;
    const chunks = [text.subarray(0, at), text.subarray(at, at + 1), text.subarray(at + 1)];
    expect(await importFeedback(runtime, orgId, projectId, Readable.from(chunks))).toEqual({
      lines: 1,
      imported: 1,
      duplicates: 0,
    });
    const comment = runtime.db.prepare('SELECT comment FROM feedback WHERE project_id = ?').pluck().get(projectId);
    expect(comment).toBe('naïve 🚀 ✓');
  });

  it('ignores a byte order mark at the start of the file (as some editors write it)', async () => {
    const projectId = newProject('bom.example');
    const result = await importFeedback(
      runtime,
      orgId,
      projectId,
      Readable.from([Buffer.from(`\uFEFF${line('bom-1')}\n${line('bom-2')}\n`, 'utf8')]),
    );
    expect(result).toEqual({ lines: 2, imported: 2, duplicates: 0 });
  });
});
