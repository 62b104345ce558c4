/**
 * What a kept capture is made of (server/export/captureCache.ts, siteDigests.ts), on pages of a small
 * server the test controls, captured in real Chromium by the run's own rendering code: every request a
 * page makes to the site counts, a script's included, so a page is rendered again when a file its script
 * reads changes; a page that sends anything but a GET is never taken from a kept capture.
 */
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_CAPTURE_TIMEOUTS } from '../server/export/capture.js';
import { CaptureCache, keepCaptures } from '../server/export/captureCache.js';
import { renderPages } from '../server/export/render.js';
import { SiteDigests } from '../server/export/siteDigests.js';
import { PageStore } from '../server/export/workDir.js';
import { silentLogger } from '../server/logger.js';
import { playwrightRenderBackend } from '../server/render/playwrightBackend.js';
import { tempDir } from './helpers/dataDirs.js';
import { needsChromium } from './helpers/needs.js';

const page = (title: string, script: string): string =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head>` +
  `<body><h1>${title}</h1><script>${script}</script></body></html>`;

/** What the server answers, by path; tests change entries between exports. */
const answers = new Map<string, { type: string; body: string }>([
  ['/plain', { type: 'text/html', body: page('Plain', '') }],
  // Reads a file while the page is parsed (synchronously: the capture sees its result every time).
  [
    '/reads',
    {
      type: 'text/html',
      body: page(
        'Reads',
        "const x = new XMLHttpRequest(); x.open('GET', '/data.json', false); x.send();" +
          'document.body.dataset.value = JSON.parse(x.responseText).value;',
      ),
    },
  ],
  ['/data.json', { type: 'application/json', body: '{"value":"first"}' }],
  // Sends something: what it got back cannot be asked for again without sending it again.
  [
    '/posts',
    {
      type: 'text/html',
      body: page('Posts', "const x = new XMLHttpRequest(); x.open('POST', '/count', false); x.send('1');"),
    },
  ],
  ['/count', { type: 'text/plain', body: 'ok' }],
]);

needsChromium().describe('what a kept capture is made of', () => {
  let server: Server;
  let origin: string;
  const kept = join(tempDir('offprint-kept-'), 'captures');

  beforeAll(async () => {
    server = createServer((req, res) => {
      const answer = answers.get(new URL(req.url ?? '/', 'http://x').pathname);
      res.writeHead(answer === undefined ? 404 : 200, { 'content-type': answer?.type ?? 'text/plain' });
      res.end(answer?.body ?? 'not found');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    origin = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => {
    server?.closeAllConnections();
    server?.close();
  });

  /** Renders the three pages as an export would and keeps the captures; what it rendered, took and saved of /reads. */
  const exportPages = async (): Promise<{ rendered: string[]; reused: string[]; reads: string }> => {
    const store = new PageStore(join(tempDir('offprint-kept-run-'), 'work'));
    const rendered: string[] = [];
    const reused: string[] = [];
    await renderPages({
      pages: ['/plain', '/reads', '/posts'],
      store,
      origin,
      backend: playwrightRenderBackend(),
      concurrency: 1,
      timeouts: DEFAULT_CAPTURE_TIMEOUTS,
      signal: new AbortController().signal,
      logger: silentLogger(),
      reuse: { cache: CaptureCache.open(kept, silentLogger()), digests: new SiteDigests(origin) },
      onStart: (path) => rendered.push(path),
      onDone: () => undefined,
      onReused: (path) => reused.push(path),
    });
    const reads = store.html('/reads');
    keepCaptures(store, kept, true, silentLogger());
    return { rendered, reused, reads };
  };

  it('takes pages whose requests get the same answers, never one that sent a POST', async () => {
    const first = await exportPages();
    expect(first.rendered).toEqual(['/plain', '/reads', '/posts']);
    expect(first.reads).toContain('data-value="first"');

    const again = await exportPages();
    expect(again.reused).toEqual(['/plain', '/reads']);
    expect(again.rendered).toEqual(['/posts']);
  }, 60_000);

  it('renders a page again when a file its script read changed, and only that page', async () => {
    answers.set('/data.json', { type: 'application/json', body: '{"value":"second"}' });
    const changed = await exportPages();
    expect(changed.rendered).toEqual(['/reads', '/posts']);
    expect(changed.reused).toEqual(['/plain']);
    expect(changed.reads).toContain('data-value="second"');
  }, 60_000);
});
