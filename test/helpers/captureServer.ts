/**
 * Pages that misbehave during a capture, served by a small HTTP server the test starts: the export's
 * own site server can no longer be made to serve them (content and a project's components cannot write
 * a refresh, a script or a `<base>`), yet the capture's checks must hold for whatever a page does. The
 * capture layer (`renderPages`, the same retries and failure as a run) is pointed at this server's
 * origin and drives real Chromium through the counting backend.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { CaptureTimeouts } from '../../server/export/capture.js';
import { renderPages } from '../../server/export/render.js';
import { PageStore } from '../../server/export/workDir.js';
import { silentLogger } from '../../server/logger.js';
import type { RenderBackendFactory } from '../../server/render/cdp.js';
import { tempDir } from './dataDirs.js';

const doc = (title: string, head = '', body = ''): string =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>${head}</head>` +
  `<body><h1>${title}</h1>${body}</body></html>`;

/** What each path answers. Every page but `/ok` and `/elsewhere` fails its capture in its own way. */
const PAGES: Readonly<Record<string, (res: ServerResponse) => void>> = {
  '/ok': (res) => html(res, 200, doc('Fine')),
  '/elsewhere': (res) => html(res, 200, doc('Elsewhere')),
  // Leaves for another page of the same origin (nothing the request filter would block).
  '/extras/away': (res) => html(res, 200, doc('Away', '<meta http-equiv="refresh" content="0; url=/elsewhere">')),
  // Reloads itself for ever: each reload is a new document in place of the one asked for.
  '/extras/again': (res) => html(res, 200, doc('Again', '<meta http-equiv="refresh" content="0">')),
  // The renderer's main thread never comes back: no load event, no evaluation.
  '/extras/hang': (res) => html(res, 200, doc('Hangs', '', '<script>while (true) {}</script>')),
  '/extras/broken': (res) => html(res, 500, doc('Internal error')),
  '/extras/missing': (res) => html(res, 404, doc('Not here')),
  // The connection closes before any answer: Chromium shows its own error page.
  '/extras/reset': (res) => res.socket?.destroy(),
};

function html(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(body);
}

/** A running capture server. */
export interface CaptureServer {
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  /** Requests by path, in order (a refresh shows up as another request). */
  readonly requests: string[];
  readonly close: () => Promise<void>;
}

/** Starts the server on 127.0.0.1:0. */
export async function startCaptureServer(): Promise<CaptureServer> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push(path);
    const page = PAGES[path];
    if (page === undefined) html(res, 404, doc('Unknown'));
    else page(res);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the capture server has no port');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    requests,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** Captures `pages` of `origin` with one worker, as a run does; the store shows what was saved. */
export async function capturePages(
  origin: string,
  pages: readonly string[],
  backend: RenderBackendFactory,
  timeouts: CaptureTimeouts,
): Promise<{ store: PageStore; error: unknown }> {
  const store = new PageStore(join(tempDir('offprint-capture-'), 'work'));
  const error = await renderPages({
    pages,
    store,
    origin,
    backend,
    concurrency: 1,
    timeouts,
    signal: new AbortController().signal,
    logger: silentLogger(),
    onStart: () => undefined,
    onDone: () => undefined,
  }).then(
    () => null,
    (e: unknown) => e,
  );
  return { store, error };
}
