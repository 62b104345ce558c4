/**
 * The real app on a real port, built from a runtime the test controls (its database, clock, allowed
 * hosts), and able to wait until every request the server received has been fully handled, which is
 * what a test needs after a client vanished mid-request and no response will ever tell it.
 */
import type { Middleware } from 'koa';
import { createApp, type AppDeps } from '../../server/routes/app.js';
import type { HostPolicy } from '../../server/http/middleware/hostCheck.js';
import { listen, type RunningServer } from '../../server/http/server.js';
import type { Runtime } from '../../server/runtime.js';

/** A server over a caller-owned runtime. */
export interface AppServer {
  readonly url: string;
  readonly port: number;
  readonly server: RunningServer;
  /** Resolves once no request is being handled (including ones whose client has gone). */
  readonly idle: () => Promise<void>;
  /** Resolves when the server starts handling its next request. */
  readonly nextRequest: () => Promise<void>;
  /** Closes the server (not the runtime, which the caller owns). */
  readonly close: () => Promise<void>;
}

/** Options of {@link startAppServer}. */
export interface AppServerOptions {
  readonly extraHosts?: readonly string[];
  readonly importBodyLimit?: number;
  /** Replaces parts of the runtime's deps (a different database handle, say). */
  readonly deps?: Partial<Pick<AppDeps, 'db' | 'now'>>;
}

/** Starts the app of `runtime` on 127.0.0.1, port 0. */
export async function startAppServer(runtime: Runtime, options: AppServerOptions = {}): Promise<AppServer> {
  const hostPolicy: HostPolicy = { extraHosts: [...(options.extraHosts ?? [])], port: 0 };
  const app = createApp({
    ...runtime,
    ...options.deps,
    hostPolicy,
    ...(options.importBodyLimit === undefined ? {} : { importBodyLimit: options.importBodyLimit }),
  });
  const inFlight = new Set<Promise<void>>();
  let waiters: (() => void)[] = [];
  const track: Middleware = async (_ctx, next) => {
    for (const wake of waiters) wake();
    waiters = [];
    let done = (): void => undefined;
    const settled = new Promise<void>((resolve) => (done = resolve));
    inFlight.add(settled);
    try {
      await next();
    } finally {
      inFlight.delete(settled);
      done();
    }
  };
  // Outermost, so it sees a request end only after the error handler has dealt with it.
  app.middleware.unshift(track);
  const server = await listen(app, { host: '127.0.0.1', port: 0, hostPolicy });
  return {
    url: server.url,
    port: server.port,
    server,
    idle: async () => {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    nextRequest: () => new Promise<void>((resolve) => waiters.push(resolve)),
    close: () => server.close(100),
  };
}
