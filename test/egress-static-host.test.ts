/**
 * The egress check's throwaway static host (server/export/egress/staticHost.ts) over real HTTP: it
 * resolves paths as a static host does, answers a miss with 404.html, and sends validators with
 * `Cache-Control: no-cache`, so a browser asks before each use (the check sees every file a load reads)
 * yet keeps what it read when the answer is a 304.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticHost, type StaticHost } from '../server/export/egress/staticHost.js';
import { tempDir } from './helpers/dataDirs.js';

const POLICY = "default-src 'self'";

describe('the egress check static host', () => {
  let host: StaticHost;

  beforeAll(async () => {
    const dir = join(tempDir('offprint-static-host-'), 'bundle');
    mkdirSync(join(dir, 'guides'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), '<!doctype html><p>Home</p>');
    writeFileSync(join(dir, 'guides', 'intro.html'), '<!doctype html><p>Intro</p>');
    writeFileSync(join(dir, '404.html'), '<!doctype html><p>Missing</p>');
    writeFileSync(join(dir, 'site.js'), 'console.log(1);');
    host = await startStaticHost(dir, POLICY);
  });
  afterAll(async () => {
    await host?.close();
  });

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Response> =>
    fetch(`${host.origin}${path}`, { headers, method });

  it('serves pages by their static-host path, with the page policy and validators', async () => {
    const page = await get('/guides/intro');
    expect(page.status).toBe(200);
    expect(await page.text()).toBe('<!doctype html><p>Intro</p>');
    expect(page.headers.get('content-security-policy')).toBe(POLICY);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('etag')).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(page.headers.get('last-modified')).not.toBeNull();
    expect((await get('/')).headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('answers a request naming the current validator with an empty 304, and any other with the file', async () => {
    const first = await get('/site.js');
    const etag = first.headers.get('etag') ?? '';
    const again = await get('/site.js', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect((await get('/site.js', { 'If-None-Match': `"other", ${etag.slice(2)}` })).status).toBe(304);
    const stale = await get('/site.js', { 'If-None-Match': 'W/"0-0"' });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe('console.log(1);');
    // Another file never matches this one's validator.
    expect((await get('/index.html', { 'If-None-Match': etag })).status).toBe(200);
  });

  it('answers a miss with 404.html and status 404, never a 304, and refuses other methods', async () => {
    const miss = await get('/nowhere');
    expect(miss.status).toBe(404);
    expect(await miss.text()).toBe('<!doctype html><p>Missing</p>');
    const again = await get('/nowhere', { 'If-None-Match': miss.headers.get('etag') ?? '' });
    expect(again.status).toBe(404);
    const head = await get('/site.js', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('15');
    expect((await get('/site.js', {}, 'POST')).status).toBe(405);
  });
});
