/**
 * The throwaway static server the egress check opens the bundle from over HTTP: the bundle folder as a
 * static host serves it (`/` is index.html, `/x` is x.html or x/index.html, a miss is 404.html with
 * status 404), with the headers a bundle server sends (the bundle policy on pages, validators answered
 * with a 304). On 127.0.0.1, on a free port, for the check only. (`offprint preview` serves from a zip
 * and lives with the entry points, which the pipeline may not import; this is its folder twin, kept to
 * what the check needs.)
 */
import { createReadStream, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve, sep } from 'node:path';
import { bundleContentType, matchesIfNoneMatch, resolveBundlePath } from '../staticPaths.js';
import { bundleHeaders } from '../csp.js';

/** A running static server. */
export interface StaticHost {
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  close(): Promise<void>;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The bundle file a URL path names, as a static host resolves it; null for none. */
function resolveFile(dir: string, urlPath: string): string | null {
  const inside = (candidate: string): boolean => {
    const full = resolve(dir, ...candidate.split('/'));
    return full.startsWith(dir + sep) && isFile(full);
  };
  return resolveBundlePath(inside, urlPath);
}

function handler(dir: string, pageCsp: string): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const urlPath = new URL(req.url ?? '/', 'http://bundle').pathname;
    const found = resolveFile(dir, urlPath);
    const name = found ?? (isFile(join(dir, '404.html')) ? '404.html' : null);
    if (name === null) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const full = join(dir, ...name.split('/'));
    const stats = statSync(full);
    const status = found === null ? 404 : 200;
    // Validators let the browser keep what it read (and the scripts it compiled) from one load to the
    // next, as a reader's browser does on a real host; "no-cache" still asks the host before each use,
    // so every file a load reads is still a request the check sees.
    const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
    const headers = {
      // The page policy on pages (verify.html gets its own), the strict file policy on the rest.
      ...bundleHeaders(name, pageCsp),
      'Content-Type': bundleContentType(name),
      'Cache-Control': 'no-cache',
      ETag: etag,
      'Last-Modified': stats.mtime.toUTCString(),
    };
    if (status === 200 && matchesIfNoneMatch(req.headers['if-none-match'], etag)) {
      res.writeHead(304, headers).end();
      return;
    }
    res.writeHead(status, { ...headers, 'Content-Length': stats.size });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const stream = createReadStream(full);
    stream.once('error', () => res.destroy());
    res.once('close', () => stream.destroy());
    stream.pipe(res);
  };
}

/** Serves `bundleDir` on 127.0.0.1 (a free port); pages get `pageCsp` as a header. */
export async function startStaticHost(bundleDir: string, pageCsp: string): Promise<StaticHost> {
  const server = createServer(handler(resolve(bundleDir), pageCsp));
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', fail);
      done();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
