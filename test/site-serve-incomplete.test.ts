/**
 * A page whose render ran out of time is not the page: a loaded machine (wall time) can cause it. The
 * site answers it with 503 and the error box, keeps nothing of it, and renders it again on the next
 * request, so a reader's reload gets the page once the machine is free, and an export's capture, which
 * takes only a 2xx answer, tries again instead of signing the error box into the bundle.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../server/logger.js';
import { configureRenderSandbox } from '../server/sites/sandbox/shared.js';
import { startSiteServe, type SiteServe } from './helpers/siteServe.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

/** A changelog page (with its RSS feed) whose render never ends. */
const ENDLESS = '---\ntitle: Endless\nrss: true\n---\n\n{(() => { while (true) {} })()}\n';

describe('a page whose render ran out of time', () => {
  let serve: SiteServe | undefined;
  afterEach(() => configureRenderSandbox(silentLogger()));
  afterAll(async () => serve?.close());

  it('is answered 503 with its error box, kept by no cache, and rendered again on the next request', async () => {
    configureRenderSandbox(silentLogger(), { pageTimeoutMs: 400 });
    const dir = writeProject({
      'docs.json': docsJson({ navigation: { pages: ['index', 'endless'] } }),
      'index.mdx': '# Home\n',
      'endless.mdx': ENDLESS,
    });
    serve = await startSiteServe({ source: dir, keepIncompleteMs: 0 });
    const first = await serve.site('/endless');
    expect(first.status).toBe(503);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await first.text()).toContain('took longer than 0.4 s to render');
    const feed = await serve.site('/endless/rss.xml');
    expect(feed.status).toBe(503);
    expect(feed.headers.get('cache-control')).toBe('no-store');

    writeFileSync(
      join(serve.buildDir(), 'endless.mdx'),
      '---\ntitle: Endless\nrss: true\n---\n\n<Update label="v1">Finished this time.</Update>\n',
    );
    const second = await serve.site('/endless');
    expect(second.status).toBe(200);
    expect(await second.text()).toContain('Finished this time.');
    const feedAgain = await serve.site('/endless/rss.xml');
    expect(feedAgain.status).toBe(200);
    expect(await feedAgain.text()).toContain('Finished this time.');
  });

  it('is answered 503 when its code samples were left plain for want of time, and highlighted on the next request', async () => {
    const dir = writeProject({
      'docs.json': docsJson({ navigation: { openapi: 'spec.json', pages: ['index', 'GET /users'] } }),
      'index.mdx': '# Home\n',
      'spec.json': {
        openapi: '3.1.0',
        info: { title: 'T', version: '1' },
        servers: [{ url: 'https://api.example.com' }],
        paths: { '/users': { get: { summary: 'List users', responses: { '200': { description: 'OK' } } } } },
      },
    });
    const other = await startSiteServe({ source: dir, keepIncompleteMs: 0 });
    try {
      // Too little time for any highlighting: both tries run out.
      configureRenderSandbox(silentLogger(), { pageTimeoutMs: 1 });
      const plain = await other.site('/api-reference/list-users');
      expect(plain.status).toBe(503);
      expect(await plain.text()).toContain('curl');
      configureRenderSandbox(silentLogger());
      const highlighted = await other.site('/api-reference/list-users');
      expect(highlighted.status).toBe(200);
      expect(await highlighted.text()).toMatch(/class="[^"]*shiki/);
    } finally {
      await other.close();
    }
  });

  it('is answered from the cache for a while on a live site, so readers asking again cannot keep the render pool busy', async () => {
    configureRenderSandbox(silentLogger(), { pageTimeoutMs: 400 });
    const dir = writeProject({
      'docs.json': docsJson({ navigation: { pages: ['index', 'endless'] } }),
      'index.mdx': '# Home\n',
      'endless.mdx': ENDLESS,
    });
    const live = await startSiteServe({ source: dir });
    try {
      expect((await live.site('/endless')).status).toBe(503);
      writeFileSync(join(live.buildDir(), 'endless.mdx'), '# Endless\n\nFinished this time.\n');
      // Within the window the 503 is served again, without a render: the rewritten page is not seen yet.
      const again = await live.site('/endless');
      expect(again.status).toBe(503);
      expect(await again.text()).toContain('took longer than 0.4 s to render');
    } finally {
      await live.close();
    }
  });

  it('leaves a page that failed for good (a syntax error) a 200 with its error box, as before', async () => {
    const dir = writeProject({
      'docs.json': docsJson({ navigation: { pages: ['index', 'broken'] } }),
      'index.mdx': '# Home\n',
      'broken.mdx': '# Broken\n\n<Card title="x">\n',
    });
    const other = await startSiteServe({ source: dir });
    try {
      const page = await other.site('/broken');
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-cache');
    } finally {
      await other.close();
    }
  });
});
