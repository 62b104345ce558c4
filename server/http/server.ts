/** Listening and closing, kept apart from building the app. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import type { HostPolicy } from './middleware/hostCheck.js';

/** A listening HTTP server. */
export interface RunningServer {
  readonly server: Server;
  readonly host: string;
  readonly port: number;
  /** `http://HOST:PORT` */
  readonly url: string;
  /** Stops accepting connections, lets in-flight requests finish (up to `graceMs`), then closes. */
  readonly close: (graceMs?: number) => Promise<void>;
}

/** Request limits: slow or oversized requests are cut off. */
export const SERVER_LIMITS = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 5 * 60_000,
  keepAliveTimeoutMs: 5_000,
  maxHeaderSize: 16 * 1024,
} as const;

function formatHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** Starts `app` on `host:port` (port 0 picks a free one) and records the port in `hostPolicy`. */
export async function listen(
  app: Koa,
  options: { host: string; port: number; hostPolicy: HostPolicy },
): Promise<RunningServer> {
  const handle = app.callback();
  const server = createServer(
    { maxHeaderSize: SERVER_LIMITS.maxHeaderSize, requestTimeout: SERVER_LIMITS.requestTimeoutMs },
    (req, res) => void handle(req, res),
  );
  server.headersTimeout = SERVER_LIMITS.headersTimeoutMs;
  server.keepAliveTimeout = SERVER_LIMITS.keepAliveTimeoutMs;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  options.hostPolicy.port = port;
  const url = `http://${formatHost(options.host)}:${port}`;
  const close = (graceMs = 5_000): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => server.closeAllConnections(), graceMs);
      timer.unref();
      server.close(() => {
        clearTimeout(timer);
        resolve();
      });
      server.closeIdleConnections();
    });
  return { server, host: options.host, port, url, close };
}
