/**
 * One loopback listener per project that has a site. `SiteServers` starts them for a data dir, keeps
 * them in step with the `sites` table and stops them.
 *
 * How imports reach a running server:
 * - a re-import (same project, new build) needs nothing: every request reads the current build id (see
 *   build.ts), so the next request is served from the new build, on the same port;
 * - a project's *first* site gets a listener from {@link SiteServers.sync}: called by whoever imported
 *   in this process ({@link SiteServers.refresh}), and every `pollMs` by a timer for imports made by the
 *   CLI in another process; projects whose site disappeared lose their listener the same way.
 *
 * Each site keeps its port across restarts (ports.ts), so its URL does too.
 */
import type { RunningServer } from '../../http/server.js';
import { listen } from '../../http/server.js';
import type { HostPolicy } from '../../http/middleware/hostCheck.js';
import { RateLimiter } from '../../http/rateLimit.js';
import { listSites } from '../../db/sites.js';
import type { SiteDeps } from '../../deps.js';
import { createSiteApp } from './app.js';
import { BuildTracker } from './build.js';
import { listenOnSitePort } from './ports.js';
import { RenderCache } from './renderCache.js';

/** Options of {@link SiteServers.start}. */
export interface SiteServersOptions {
  /** Interface the listeners bind (default `127.0.0.1`). */
  readonly host?: string;
  /** Host names accepted besides the loopback ones (as for the API). */
  readonly extraHosts?: readonly string[];
  /**
   * First port tried for a site that has none recorded yet (the next free one upwards is taken);
   * 0, the default, lets the system pick. A site's recorded port is always tried first.
   */
  readonly basePort?: number;
  /** How often the `sites` table is checked for new or removed sites, in ms; 0 turns the timer off. */
  readonly pollMs?: number;
  /** Feedback requests allowed per remote address per window (default 30 per minute). */
  readonly feedbackRateLimit?: { readonly limit: number; readonly windowMs: number };
  /** Feedback requests one site accepts per window, all addresses together (default {@link FEEDBACK_SITE_BUDGET}). */
  readonly feedbackSiteBudget?: { readonly limit: number; readonly windowMs: number };
  /** Bytes of rendered pages kept in memory, all sites together. */
  readonly cacheBytes?: number;
  /** How long a page whose render ran out of time is answered from the cache (503) before it is rendered again. */
  readonly keepIncompleteMs?: number;
  /** Called after the set of site URLs changed (to rewrite server.json). */
  readonly onChange?: (urls: Readonly<Record<string, string>>) => void;
}

/** A running site. */
interface SiteListener {
  readonly projectId: string;
  readonly server: RunningServer;
  readonly url: string;
  readonly builds: BuildTracker;
}

/**
 * Default of {@link SiteServersOptions.feedbackSiteBudget}: far above what readers of one site send,
 * low enough that rotating addresses cannot fill the database faster than this.
 */
export const FEEDBACK_SITE_BUDGET = { limit: 120, windowMs: 60_000 } as const;

/**
 * Default of {@link SiteServersOptions.keepIncompleteMs}: a page that ran out of time costs its sandbox
 * four times the page limit per render, so it is made again at most once a minute however often it is asked for.
 */
const KEEP_INCOMPLETE_MS = 60_000;

/** Default of {@link SiteServersOptions.pollMs}. */
export const DEFAULT_SITE_POLL_MS = 2_000;

function browsableUrl(host: string, port: number): string {
  // A wildcard bind is reachable on loopback; print the address a browser can open.
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

/** The site listeners of one data dir. */
export class SiteServers {
  private readonly listeners = new Map<string, SiteListener>();
  private readonly cache: RenderCache;
  private readonly host: string;
  private queue: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  private constructor(
    private readonly deps: SiteDeps,
    private readonly options: SiteServersOptions,
  ) {
    this.cache = new RenderCache(options.cacheBytes, options.keepIncompleteMs ?? KEEP_INCOMPLETE_MS);
    this.host = options.host ?? '127.0.0.1';
  }

  /** Starts a listener for every project with a site, then keeps watching the `sites` table. */
  static async start(deps: SiteDeps, options: SiteServersOptions = {}): Promise<SiteServers> {
    const servers = new SiteServers(deps, options);
    await servers.sync();
    const pollMs = options.pollMs ?? DEFAULT_SITE_POLL_MS;
    if (pollMs > 0) {
      servers.timer = setInterval(() => {
        servers.sync().catch((error: unknown) => deps.logger.error({ err: error }, 'site sync failed'));
      }, pollMs);
      servers.timer.unref();
    }
    return servers;
  }

  /** `projectId -> URL` of every running site. */
  urls(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [projectId, listener] of [...this.listeners].sort(([a], [b]) => (a < b ? -1 : 1))) {
      out[projectId] = listener.url;
    }
    return out;
  }

  /** The URL of a project's site, or null when it has none running. */
  urlOf(projectId: string): string | null {
    return this.listeners.get(projectId)?.url ?? null;
  }

  /**
   * Brings the listeners in line with the `sites` table: starts the missing ones, stops the ones whose
   * site is gone. Calls are queued, so concurrent callers never start two listeners for one project.
   */
  sync(): Promise<void> {
    const run = this.queue.then(() => this.syncNow());
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * The hook for an import made in this process (API route, desktop app): makes sure the project's site
   * is served and returns its URL (null when it has no site).
   */
  async refresh(projectId: string): Promise<string | null> {
    await this.sync();
    const listener = this.listeners.get(projectId);
    // Loads the new build now rather than on the next request, so a broken one shows in the log at once.
    if (listener !== undefined) {
      try {
        listener.builds.current();
      } catch {
        // Already logged by the tracker; requests answer 503 until a good import.
      }
    }
    return listener?.url ?? null;
  }

  /** Stops every listener (in-flight requests get `graceMs` to finish). */
  async close(graceMs = 2_000): Promise<void> {
    this.closed = true;
    if (this.timer !== undefined) clearInterval(this.timer);
    await this.queue;
    const all = [...this.listeners.values()];
    this.listeners.clear();
    await Promise.all(all.map((l) => l.server.close(graceMs)));
  }

  private async syncNow(): Promise<void> {
    if (this.closed) return;
    const wanted = new Set(listSites(this.deps.db).map((row) => row.projectId));
    let changed = false;
    for (const [projectId, listener] of this.listeners) {
      if (wanted.has(projectId)) continue;
      this.listeners.delete(projectId);
      this.cache.dropPrefix(`${projectId}/`);
      await listener.server.close(1_000);
      this.deps.logger.info({ projectId }, 'site stopped: the project has no site any more');
      changed = true;
    }
    for (const projectId of wanted) {
      if (this.listeners.has(projectId) || this.closed) continue;
      const listener = await this.startOne(projectId);
      this.listeners.set(projectId, listener);
      this.deps.logger.info({ projectId, url: listener.url }, 'site started');
      changed = true;
    }
    if (changed) this.options.onChange?.(this.urls());
  }

  private async startOne(projectId: string): Promise<SiteListener> {
    const hostPolicy: HostPolicy = { extraHosts: this.options.extraHosts ?? [], port: 0 };
    const builds = new BuildTracker(this.deps, projectId, this.cache);
    const limit = this.options.feedbackRateLimit ?? { limit: 30, windowMs: 60_000 };
    const app = createSiteApp({
      deps: this.deps,
      projectId,
      hostPolicy,
      builds,
      cache: this.cache,
      limiter: new RateLimiter(limit),
      siteBudget: new RateLimiter({ ...(this.options.feedbackSiteBudget ?? FEEDBACK_SITE_BUDGET), maxClients: 1 }),
    });
    const listenOn = (port: number): Promise<RunningServer> => listen(app, { host: this.host, port, hostPolicy });
    const server = await listenOnSitePort(this.deps, projectId, listenOn, this.options.basePort ?? 0);
    return { projectId, server, url: browsableUrl(this.host, server.port), builds };
  }
}
