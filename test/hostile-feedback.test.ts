/**
 * Reader feedback under attack (issue 9): rotating loopback source addresses meet the per-address limit
 * and the site-wide budget, paths must be pages of the build being served, text must be well-formed
 * Unicode, and by-page lists only real pages. Real site server, real node:http sockets.
 */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '../server/domain/organizations.js';
import { importEntries } from './helpers/server.js';
import { entry } from './helpers/feedbackFixtures.js';
import { startSiteServe, type SiteServe } from './helpers/siteServe.js';

interface Reply {
  readonly status: number;
  readonly retryAfter: string | undefined;
  readonly body: { error?: string; details?: { message: string }[]; id?: string };
}

/** POSTs a raw JSON text to the agent endpoint from the source address `from` (127.0.0.N). */
function postFrom(
  port: number,
  from: string,
  json: string,
  path = '/feedback',
  headers: Record<string, string> = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'POST', path, localAddress: from, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const retry = res.headers['retry-after'];
        resolve({
          status: res.statusCode ?? 0,
          retryAfter: typeof retry === 'string' ? retry : undefined,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Reply['body'],
        });
      });
    });
    req.on('error', reject);
    req.setHeader('Content-Type', 'application/json');
    for (const [name, value] of Object.entries(headers)) req.setHeader(name, value);
    req.end(json);
  });
}

const agent = (path: string, feedback = 'Outdated'): string => JSON.stringify({ path, feedback });

async function storedPaths(s: SiteServe): Promise<string[]> {
  const res = await s.t.api(`/v1/analytics/${s.projectId}/feedback?limit=100`);
  return ((await res.json()) as { feedback: { path: string }[] }).feedback.map((e) => e.path).sort();
}

describe('rotating loopback source addresses', () => {
  it('reach the server as distinct addresses (the premise of the attack)', async () => {
    const echo = createServer((req, res) => res.end(JSON.stringify({ id: req.socket.remoteAddress })));
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const { port } = echo.address() as AddressInfo;
    const seen = await Promise.all(['127.0.0.7', '127.0.0.8'].map((from) => postFrom(port, from, '{}', '/')));
    echo.close();
    expect(seen.map((r) => r.body.id)).toEqual(['127.0.0.7', '127.0.0.8']);
  });

  it('count as one address for the per-address limit (30 a minute by default)', async () => {
    const s = await startSiteServe();
    try {
      const statuses: number[] = [];
      for (let n = 2; n <= 32; n++) statuses.push((await postFrom(s.port, `127.0.0.${n}`, agent('/'))).status);
      expect(statuses.slice(0, 30)).toEqual(Array<number>(30).fill(201));
      expect(statuses[30]).toBe(429);
    } finally {
      await s.close();
    }
  });

  it('hit the site-wide budget: 429 with a JSON error and Retry-After, nothing more stored', async () => {
    const s = await startSiteServe({
      feedbackRateLimit: { limit: 1000, windowMs: 60_000 },
      feedbackSiteBudget: { limit: 20, windowMs: 60_000 },
    });
    try {
      const replies: Reply[] = [];
      for (let n = 2; n <= 26; n++) replies.push(await postFrom(s.port, `127.0.0.${n}`, agent('/guides/intro')));
      expect(replies.slice(0, 20).map((r) => r.status)).toEqual(Array<number>(20).fill(201));
      for (const over of replies.slice(20)) {
        expect(over.status).toBe(429);
        expect(over.body.error).toBe('This site has received too much feedback: try again later');
        expect(Number(over.retryAfter)).toBeGreaterThanOrEqual(1);
        expect(Number(over.retryAfter)).toBeLessThanOrEqual(60);
      }
      expect(await storedPaths(s)).toHaveLength(20);
    } finally {
      await s.close();
    }
  });
});

describe('what is stored', () => {
  let s: SiteServe;
  let from = 1;
  const post = (json: string, path?: string): Promise<Reply> => postFrom(s.port, `127.0.1.${++from}`, json, path);
  beforeAll(async () => {
    s = await startSiteServe({ feedbackRateLimit: { limit: 1000, windowMs: 60_000 } });
  });
  afterAll(async () => {
    await s.close();
  });

  it('refuses a path that is not a page of the site with a 400 naming it', async () => {
    for (const path of ['/nope', '/images/logo.svg', '/_offprint/search-index.json', '/guides/../etc', '/llms.txt']) {
      const reply = await post(agent(path));
      expect(reply.status, path).toBe(400);
      expect(reply.body.details?.[0]?.message, path).toBe(`path: ${path} is not a page of this site`);
    }
    expect(await storedPaths(s)).toEqual([]);
  });

  it('files every spelling of a page under its canonical URL, as the site resolves it', async () => {
    const spellings = ['/guides/intro/', '/guides/intro.md', '/guides/intro?x=1#setup', '/gu%69des/intro', '/index'];
    for (const path of spellings) expect((await post(agent(path))).status, path).toBe(201);
    expect(await storedPaths(s)).toEqual(['/', '/guides/intro', '/guides/intro', '/guides/intro', '/guides/intro']);
  });

  it('refuses text with a lone UTF-16 surrogate (400 naming the field) and keeps real pairs intact', async () => {
    const before = (await storedPaths(s)).length;
    const lone = await post('{"path": "/", "feedback": "broken \\ud800 text"}');
    expect(lone.status).toBe(400);
    expect(lone.body.details?.map((d) => d.message)).toEqual([
      'feedback: must be well-formed Unicode (it holds a lone UTF-16 surrogate)',
    ]);
    const code = await postFrom(
      s.port,
      '127.0.0.1',
      '{"path": "/", "code": "x", "comment": "c", "filename": "a\\udc00.sh"}',
      '/_offprint/feedback/code',
      { Origin: s.siteUrl, 'Sec-Fetch-Site': 'same-origin' },
    );
    expect(code.status).toBe(400);
    expect(code.body.details?.map((d) => d.message)).toEqual([
      'filename: must be well-formed Unicode (it holds a lone UTF-16 surrogate)',
    ]);
    const pair = await post(JSON.stringify({ path: '/', feedback: 'ok \u{1F600} fine' }));
    expect(pair.status).toBe(201);
    const res = await s.t.api(`/v1/analytics/${s.projectId}/feedback?limit=100`);
    const all = ((await res.json()) as { feedback: { id: string; comment: string }[] }).feedback;
    expect(all).toHaveLength(before + 1);
    expect(all.find((e) => e.id === pair.body.id)?.comment).toBe('ok \u{1F600} fine');
  });

  it('lists in by-page only pages of the current build; other imported paths stay in the list', async () => {
    await importEntries(s.t, [
      entry('imp-1', '2024-05-01T00:00:00.000Z', 'agent', { path: '/guides/quiet' }),
      entry('imp-2', '2024-05-01T00:00:01.000Z', 'agent', { path: '/not-a-page' }),
      entry('imp-3', '2024-05-01T00:00:02.000Z', 'agent', { path: '/images/logo.svg' }),
    ]);
    const byPage = await s.t.api(`/v1/analytics/${s.projectId}/feedback/by-page?limit=100`);
    const paths = ((await byPage.json()) as { feedback: { path: string }[] }).feedback.map((p) => p.path).sort();
    expect(paths).toEqual(['/', '/guides/intro', '/guides/quiet']);
    expect(await storedPaths(s)).toEqual(expect.arrayContaining(['/not-a-page', '/images/logo.svg']));
  });

  it('lists every path in by-page for a project with no site (nothing to check against)', async () => {
    const other = createProject(s.t.runtime, { orgId: s.t.orgId, name: 'No site', domain: 'nosite.example' });
    await importEntries(s.t, [entry('ns-1', '2024-05-01T00:00:00.000Z', 'agent', { path: '/anything' })], other.id);
    const byPage = await s.t.api(`/v1/analytics/${other.id}/feedback/by-page`);
    expect(((await byPage.json()) as { feedback: { path: string }[] }).feedback.map((p) => p.path)).toEqual([
      '/anything',
    ]);
  });
});
