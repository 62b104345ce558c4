/**
 * The one composition root: a running Offprint (API, dashboard, every project's docs site, the export
 * worker and the render sandboxes) on a data dir. `offprint serve` and the desktop app both start it
 * here, so they cannot drift apart; only what differs between them is passed in (address, the export
 * backend, the sandbox launcher, the desktop session token).
 */
import type { SessionTokens } from './http/middleware/auth.js';
import type { HostPolicy } from './http/middleware/hostCheck.js';
import { createApp } from './routes/app.js';
import { listen, type RunningServer } from './http/server.js';
import { ExportWorker } from './jobs/worker.js';
import type { Logger } from './logger.js';
import { sampleDocsDir } from './paths.js';
import type { RenderBackendFactory } from './render/cdp.js';
import { openRuntime, type Runtime } from './runtime.js';
import { installSampleSite } from './domain/sampleSite.js';
import { renderBrowsers } from './domain/settings.js';
import { acquireServeLock } from './domain/serveLock.js';
import { sweepSiteLeftovers } from './domain/siteSweep.js';
import type { SandboxOptions } from './sites/sandbox/pool.js';
import { closeRenderSandbox, configureRenderSandbox } from './sites/sandbox/shared.js';
import { SiteServers } from './sites/serve/servers.js';
import { removeServerInfo, writeServerInfo } from './serverFile.js';

/** What differs between the places Offprint runs. */
export interface OffprintOptions {
  readonly dataDir: string;
  readonly logger: Logger;
  /** Listen address of the API and the sites (default 127.0.0.1). */
  readonly host?: string;
  /** API port (0: a free one). */
  readonly port: number;
  /** Extra accepted Host names. */
  readonly extraHosts?: readonly string[];
  /** Largest NDJSON import body, in bytes. */
  readonly importBodyLimit?: number;
  /** The Chromium the export worker renders with. */
  readonly renderBackend: RenderBackendFactory;
  /** Render-sandbox settings (the desktop app passes its utility-process launcher). */
  readonly sandbox?: Partial<SandboxOptions>;
  /** The dashboard's session tokens, made once the data dir is open (the desktop app's). */
  readonly sessions?: (runtime: Runtime) => SessionTokens;
}

/** A running Offprint. */
export interface RunningOffprint {
  /** The API and dashboard's base URL. */
  readonly url: string;
  readonly runtime: Runtime;
  readonly sites: SiteServers;
  /** Stops everything, in order: export worker, sites, API, sandboxes, database. */
  readonly close: () => Promise<void>;
}

/** Closes what was started, newest first, logging each step (tests read the order). */
async function shutDown(logger: Logger, steps: readonly (readonly [string, () => unknown])[]): Promise<void> {
  for (const [name, step] of steps) {
    await step();
    logger.debug({ step: name }, 'shutdown step done');
  }
}

/**
 * Starts Offprint: the data dir opened (owner-only, migrated) and locked (one server per data dir: a
 * second one is refused, see serveLock.ts), crash leftovers swept, the API listening, the sample site
 * installed on a fresh install, every site listening, `server.json` written, then the
 * export worker (which resumes interrupted jobs). If any step fails, what was started is closed again.
 */
export async function startOffprint(options: OffprintOptions): Promise<RunningOffprint> {
  const { logger } = options;
  configureRenderSandbox(logger, options.sandbox);
  const runtime = openRuntime(options.dataDir, logger);
  const hostPolicy: HostPolicy = { extraHosts: [...(options.extraHosts ?? [])], port: 0 };
  const host = options.host ?? '127.0.0.1';
  let server: RunningServer | undefined;
  let sites: SiteServers | undefined;
  let unlock: (() => void) | undefined;
  try {
    unlock = acquireServeLock(runtime);
    sweepSiteLeftovers(runtime);
    const app = createApp({
      ...runtime,
      hostPolicy,
      ...(options.sessions === undefined ? {} : { sessions: options.sessions(runtime) }),
      ...(options.importBodyLimit === undefined ? {} : { importBodyLimit: options.importBodyLimit }),
      // Sites imported through the API are served at once instead of at the next poll.
      onSiteImported: async (projectId) => (await sites?.refresh(projectId)) ?? null,
      siteUrlOf: (projectId) => sites?.urlOf(projectId) ?? null,
    });
    const api = await listen(app, { host, port: options.port, hostPolicy });
    server = api;
    // After the API has its port: a busy port is reported at once, not after the sample import.
    installSampleSite(runtime, sampleDocsDir());
    const publish = (urls: Readonly<Record<string, string>>): void =>
      writeServerInfo(runtime.dataDir, { pid: process.pid, apiUrl: api.url, sites: urls });
    // New sites take the ports after the API's (4243, 4244, ... next to 4242); with --port 0, free ones.
    const basePort = options.port === 0 ? 0 : api.port + 1;
    sites = await SiteServers.start(runtime, { host, extraHosts: hostPolicy.extraHosts, onChange: publish, basePort });
    publish(sites.urls());
  } catch (error) {
    await shutDown(logger, [
      ['sites', () => sites?.close()],
      ['api', () => server?.close()],
      ['server.json', () => removeServerInfo(runtime.dataDir)],
      ['sandboxes', closeRenderSandbox],
      ['serve.lock', () => unlock?.()],
      ['database', () => runtime.close()],
    ]);
    throw error;
  }
  // Remote browsers are an admin's setting, read at each job start (never an API caller's choice).
  const worker = new ExportWorker(runtime, {
    backend: options.renderBackend,
    browsers: () => renderBrowsers(runtime.db),
  });
  worker.start();
  const api = server;
  const running = sites;
  const release = unlock;
  logger.info({ url: api.url, dataDir: runtime.dataDir, sites: running.urls() }, 'server started');
  return {
    url: api.url,
    runtime,
    sites: running,
    close: () =>
      shutDown(logger, [
        // First: a running export is paused (its lease released) while the database is still open.
        ['export worker', () => worker.stop()],
        ['server.json', () => removeServerInfo(runtime.dataDir)],
        ['sites', () => running.close()],
        ['api', () => api.close()],
        ['sandboxes', closeRenderSandbox],
        ['serve.lock', release],
        ['database', () => runtime.close()],
      ]),
  };
}
