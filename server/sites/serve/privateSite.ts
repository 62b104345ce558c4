/**
 * A site server only this process talks to: a static export's capture reads one pinned build through
 * it, on a loopback port of its own. Here, beside the public site listeners, so that the export pipeline
 * never needs the HTTP layer itself.
 */
import type { HostPolicy } from '../../http/middleware/hostCheck.js';
import { RateLimiter } from '../../http/rateLimit.js';
import { listen } from '../../http/server.js';
import { createSiteApp, type SiteAppDeps } from './app.js';

/** A running private site server. */
export interface PrivateSite {
  readonly port: number;
  /** Stops it, letting in-flight requests finish for up to `graceMs`. */
  readonly close: (graceMs?: number) => Promise<void>;
}

/** Starts a private site server on 127.0.0.1 (a free port). */
export async function listenPrivateSite(app: Omit<SiteAppDeps, 'hostPolicy' | 'limiter'>): Promise<PrivateSite> {
  const hostPolicy: HostPolicy = { extraHosts: [], port: 0 };
  // Nothing but the capture talks to this server; feedback is not posted during capture anyway.
  const limiter = new RateLimiter({ limit: 1_000, windowMs: 60_000 });
  const server = await listen(createSiteApp({ ...app, hostPolicy, limiter }), {
    host: '127.0.0.1',
    port: 0,
    hostPolicy,
  });
  return { port: server.port, close: (graceMs) => server.close(graceMs) };
}
