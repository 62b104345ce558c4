/**
 * The public feedback endpoints of a site, end to end: what readers and agents send shows up in
 * `GET /v1/analytics/{projectId}/feedback` at once; other origins, floods and oversized bodies are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from './helpers/rawHttp.js';
import { startSiteServe, type SiteServe } from './helpers/siteServe.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

interface Entry {
  readonly id: string;
  readonly path: string;
  readonly source: string;
  readonly comment: string | null;
  readonly helpful?: boolean;
  readonly contact?: string | null;
  readonly code?: string;
  readonly filename?: string | null;
  readonly lang?: string | null;
}

let s: SiteServe;
beforeAll(async () => {
  s = await startSiteServe();
});
afterAll(async () => {
  await s.close();
});

/** A POST as the site's own pages send it (Chromium adds both headers to a same-origin fetch). */
function fromPage(path: string, body: unknown, extra: Record<string, string> = {}): Promise<Response> {
  return s.site(path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Origin: s.siteUrl,
      'Sec-Fetch-Site': 'same-origin',
      ...extra,
    },
    body: JSON.stringify(body),
  });
}

async function stored(id: string): Promise<Entry | undefined> {
  const res = await s.t.api(`/v1/analytics/${s.projectId}/feedback?limit=100`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { feedback: Entry[] }).feedback.find((e) => e.id === id);
}

describe('the page widget', () => {
  it('stores a vote as thumbs_only, and its details turn it into contextual feedback', async () => {
    const vote = await fromPage('/_offprint/feedback/vote', { path: '/guides/intro/', helpful: false });
    expect(vote.status).toBe(201);
    const { id, token } = (await vote.json()) as { id: string; token: string };
    expect(await stored(id)).toMatchObject({ id, path: '/guides/intro', source: 'thumbs_only', comment: null });

    const details = await fromPage('/_offprint/feedback/details', {
      id,
      token,
      helpful: false,
      comment: 'The setup section skips a step',
      contact: 'reader@example.org',
    });
    expect(details.status).toBe(200);
    expect(await details.json()).toEqual({ id });
    expect(await stored(id)).toMatchObject({
      id,
      path: '/guides/intro',
      source: 'contextual',
      helpful: false,
      comment: 'The setup section skips a step',
      contact: 'reader@example.org',
    });
  });

  it('refuses details without the token of that vote', async () => {
    const vote = await fromPage('/_offprint/feedback/vote', { path: '/', helpful: true });
    const { id } = (await vote.json()) as { id: string };
    const res = await fromPage('/_offprint/feedback/details', { id, token: 'forged', helpful: true, comment: 'x' });
    expect(res.status).toBe(404);
    expect(await stored(id)).toMatchObject({ source: 'thumbs_only' });
  });

  it('stores feedback on a code block as code_snippet', async () => {
    const res = await fromPage('/_offprint/feedback/code', {
      path: '/',
      code: 'npm install minikit',
      filename: 'install.sh',
      lang: 'bash',
      comment: 'The package is called minikit-cli now',
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(await stored(id)).toMatchObject({
      path: '/',
      source: 'code_snippet',
      code: 'npm install minikit',
      filename: 'install.sh',
      lang: 'bash',
      comment: 'The package is called minikit-cli now',
    });
  });

  it('validates bodies with clear 400s and refuses other content types with 415', async () => {
    const bad = await fromPage('/_offprint/feedback/vote', { path: 'no-slash', helpful: 'yes' });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: string; details: { message: string }[] };
    expect(body.details.map((d) => d.message.split(':')[0]).sort()).toEqual(['helpful', 'path']);
    const text = await s.site('/_offprint/feedback/vote', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', Origin: s.siteUrl },
      body: '{"path":"/","helpful":true}',
    });
    expect(text.status).toBe(415);
    expect(await text.json()).toMatchObject({
      details: [{ message: 'this endpoint accepts a body of type application/json; the request sent text/plain' }],
    });
    const notJson = await s.site('/_offprint/feedback/vote', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: s.siteUrl },
      body: '{"path":',
    });
    expect(notJson.status).toBe(400);
    expect((await s.site('/_offprint/feedback/vote')).status).toBe(405);
  });
});

describe('agents', () => {
  it('stores POST /feedback from a client that is not a browser (no Origin) as agent feedback', async () => {
    const res = await s.site('/feedback', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: '/guides/intro.md', feedback: 'The install command is outdated' }),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const entry = await stored(id);
    expect(entry).toMatchObject({ path: '/guides/intro', source: 'agent', comment: 'The install command is outdated' });
    expect(entry).not.toHaveProperty('helpful');
  });

  it('refuses an empty report', async () => {
    const res = await s.site('/feedback', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: '/', feedback: '  ' }),
    });
    expect(res.status).toBe(400);
  });
});

describe('browser requests from other origins', () => {
  const other = 'http://127.0.0.1:1';

  it('refuses a POST whose Origin is another site, on every endpoint', async () => {
    for (const path of ['/feedback', '/_offprint/feedback/vote', '/_offprint/feedback/code']) {
      const res = await fromPage(path, { path: '/', helpful: true }, { Origin: other, 'Sec-Fetch-Site': 'same-site' });
      expect(res.status, path).toBe(403);
    }
    const agent = await s.site('/feedback', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://evil.example' },
      body: JSON.stringify({ path: '/', feedback: 'spam' }),
    });
    expect(agent.status).toBe(403);
  });

  it('refuses Sec-Fetch-Site: cross-site even when Origin is missing, and an opaque null Origin', async () => {
    const crossSite = await s.site('/feedback', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'cross-site' },
      body: JSON.stringify({ path: '/', feedback: 'spam' }),
    });
    expect(crossSite.status).toBe(403);
    const opaque = await s.site('/feedback', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'null' },
      body: JSON.stringify({ path: '/', feedback: 'spam' }),
    });
    expect(opaque.status).toBe(403);
  });

  it('takes widget requests only with browser proof of the same origin', async () => {
    const res = await s.site('/_offprint/feedback/vote', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: '/', helpful: true }),
    });
    expect(res.status).toBe(403);
  });

  it('accepts the same origin under the localhost name too', async () => {
    const res = await rawRequest({
      port: s.port,
      method: 'POST',
      path: '/_offprint/feedback/vote',
      headers: {
        Host: `localhost:${s.port}`,
        Origin: `http://localhost:${s.port}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ path: '/', helpful: true }),
    });
    expect(res.status).toBe(201);
  });
});

describe('limits', () => {
  it('refuses a body over 16 KiB with 413', async () => {
    const res = await s.site('/feedback', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: '/', feedback: 'x'.repeat(17 * 1024) }),
    });
    expect(res.status).toBe(413);
    const body = (await res.json()) as { details?: { message: string }[] };
    expect(body.details?.[0]?.message).toMatch(
      /^the limit for this request is \d+ bytes \(16 KB\); send a smaller body$/,
    );
  });

  it('answers 429 with Retry-After once an address sends too many', async () => {
    const limited = await startSiteServe({ feedbackRateLimit: { limit: 3, windowMs: 60_000 } });
    try {
      const send = (): Promise<Response> =>
        limited.site('/feedback', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ path: '/', feedback: 'again' }),
        });
      for (let i = 0; i < 3; i++) expect((await send()).status).toBe(201);
      const refused = await send();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      const res = await limited.t.api(`/v1/analytics/${limited.projectId}/feedback`);
      expect(((await res.json()) as { feedback: Entry[] }).feedback).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });

  it('answers 404 on every endpoint when docs.json turns telemetry off', async () => {
    const off = await startSiteServe({
      source: writeProject({
        'docs.json': docsJson({ integrations: { telemetry: { enabled: false } } }),
        'index.mdx': '# Home',
      }),
    });
    try {
      const res = await off.site('/feedback', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ path: '/', feedback: 'x' }),
      });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        error: 'Feedback is turned off for this site',
        details: [
          {
            message:
              'the site\u2019s config sets integrations.telemetry.enabled to false, which turns reader feedback off',
          },
        ],
      });
    } finally {
      await off.close();
    }
  });
});
