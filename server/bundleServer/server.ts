/**
 * The bundle server: listens at once (so `/healthz` answers and `/readyz` says 503 while a bundle is
 * fetched), then serves the bundle {@link acquireBundle} settles on. The process `offprint serve-bundle`
 * runs, and what the Helm chart deploys.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../logger.js';
import { acquireBundle, type Acquired, type AcquireRequest } from './acquire.js';
import { BundleCache } from './cache.js';
import { isFeedbackPath, proxyFeedback } from './proxy.js';
import { loadServedBundle, type ServedBundle } from './served.js';
import { sendJsonError, serveStatic } from './static.js';

/** Options of {@link startBundleServer}. */
export interface BundleServerOptions extends AcquireRequest {
  readonly cacheDir: string;
  readonly host: string;
  readonly port: number;
  /** Base URL of the feedback collector the feedback paths are forwarded to, if any. */
  readonly collector?: URL | undefined;
  readonly log: Logger;
}

/** A running bundle server. */
export interface BundleServer {
  readonly url: string;
  readonly server: Server;
  /** Settles once a bundle serves (or rejects with NothingToServeError). */
  readonly ready: Promise<Acquired>;
  /** Stops accepting, lets requests in flight finish for up to `graceMs`, then cuts what is left. */
  readonly close: (graceMs?: number) => Promise<void>;
}

function json(status: number, value: unknown): [number, Record<string, string>, string] {
  return [
    status,
    { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
    JSON.stringify(value),
  ];
}

/** Starts listening, then acquires the bundle; see {@link BundleServer.ready}. */
export async function startBundleServer(options: BundleServerOptions): Promise<BundleServer> {
  const { log, collector } = options;
  const cache = new BundleCache(options.cacheDir);
  let served: ServedBundle | null = null;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://bundle');
    if (url.pathname === '/healthz') {
      const [status, headers, body] = json(200, { status: 'alive' });
      res.writeHead(status, headers).end(body);
    } else if (url.pathname === '/readyz') {
      if (served === null) sendJsonError(res, 503, 'No verified bundle is being served yet', { 'Retry-After': '5' });
      else {
        const { sha256, versionLabel } = served.record;
        const [status, headers, body] = json(200, { status: 'ready', sha256, version: versionLabel });
        res.writeHead(status, headers).end(body);
      }
    } else if (collector !== undefined && isFeedbackPath(url.pathname)) {
      proxyFeedback(req, res, url.pathname, collector, log).catch(() => res.destroy());
    } else if (served === null) {
      sendJsonError(res, 503, 'No verified bundle is being served yet', { 'Retry-After': '5' });
    } else serveStatic(req, res, served, url);
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port, options.host, () => {
      server.off('error', fail);
      done();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const shown = options.host.includes(':') ? `[${options.host}]` : options.host;
  const ready = acquireBundle(cache, options, log).then((acquired) => {
    served = loadServedBundle(cache.bundleDir(acquired.bundle.sha256), acquired.bundle);
    log.info(
      {
        sha256: acquired.bundle.sha256,
        version: acquired.bundle.versionLabel,
        from: acquired.from,
        files: served.files.size,
      },
      'serving the bundle',
    );
    return acquired;
  });
  return {
    url: `http://${shown}:${port}`,
    server,
    ready,
    close: async (graceMs = 5_000) => {
      // A pod being replaced finishes the requests in flight (the Service has stopped sending new ones).
      const closed = new Promise<void>((done) => server.close(() => done()));
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), graceMs);
      await closed;
      clearTimeout(timer);
    },
  };
}
