/**
 * Runs the Offprint server inside the desktop app: the same `server/` code the CLI runs headless, on a
 * free loopback port, with the app's data dir, plus one loopback listener per project's docs site. The
 * dashboard window authenticates with a session token that lives only in this process.
 */
import { randomBytes } from 'node:crypto';
import { renderEnv, resolveDataDir } from '../server/config.js';
import { createApp } from '../server/http/app.js';
import type { HostPolicy } from '../server/http/middleware/hostCheck.js';
import { listen } from '../server/http/server.js';
import { createLogger } from '../server/logger.js';
import { openRuntime } from '../server/runtime.js';
import { installSampleSite } from '../server/domain/sampleSite.js';
import { sweepSiteLeftovers } from '../server/domain/siteSweep.js';
import { sampleDocsDir } from '../server/paths.js';
import { defaultOrganizationId } from '../server/domain/organizations.js';
import { SESSION_TOKEN_PREFIX, type SessionTokens } from '../server/http/middleware/auth.js';
import { SiteServers } from '../server/sites/serve/servers.js';
import { removeServerInfo, writeServerInfo } from '../server/sites/serve/serverFile.js';
import { ExportWorker } from '../server/jobs/worker.js';
import { electronRenderBackend } from './renderBackend.js';
import { closeRenderSandbox, configureRenderSandbox } from '../server/sites/sandbox/shared.js';
import { utilityProcessLauncher } from './sandboxLauncher.js';

/** The embedded server, as the rest of the main process sees it. */
export interface EmbeddedServer {
  readonly url: string;
  readonly dataDir: string;
  /** Bearer token the dashboard uses; valid until the app quits. */
  readonly sessionToken: string;
  /** The docs sites' listeners (`sites.urls()`; `sites.refresh(projectId)` after an import). */
  readonly sites: SiteServers;
  readonly close: () => Promise<void>;
}

/** Starts the embedded server. `userDataDir` is Electron's per-user app-data folder. */
export async function setupServer(userDataDir: string): Promise<EmbeddedServer> {
  const logger = createLogger('info');
  const dataDir = resolveDataDir(undefined, {
    ...process.env,
    OFFPRINT_DATA_DIR: process.env['OFFPRINT_DATA_DIR'] ?? userDataDir,
  });
  // Project code renders in utility processes under Node's permission model (see sandboxLauncher.ts).
  configureRenderSandbox(logger, { launcher: utilityProcessLauncher, ...renderEnv() });
  const runtime = openRuntime(dataDir, logger);
  // What crashed imports left behind (uploads, staged builds, unused builds) goes before anything starts.
  sweepSiteLeftovers(runtime);
  // A fresh install's default project gets the bundled sample docs (once; the first start only).
  installSampleSite(runtime, sampleDocsDir());
  const sessionToken = `${SESSION_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const sessions: SessionTokens = new Map([
    [sessionToken, { keyId: 'desktop-session', orgId: defaultOrganizationId(runtime) }],
  ]);
  const hostPolicy: HostPolicy = { extraHosts: [], port: 0 };
  let sites: SiteServers | undefined;
  const onSiteImported = async (projectId: string): Promise<string | null> => (await sites?.refresh(projectId)) ?? null;
  const server = await listen(createApp({ ...runtime, hostPolicy, sessions, onSiteImported }), {
    host: '127.0.0.1',
    port: 0,
    hostPolicy,
  });
  const publish = (urls: Readonly<Record<string, string>>): void =>
    writeServerInfo(dataDir, { pid: process.pid, apiUrl: server.url, sites: urls });
  let started: SiteServers;
  try {
    started = await SiteServers.start(runtime, { onChange: publish });
    sites = started;
    publish(started.urls());
  } catch (error) {
    await server.close();
    runtime.close();
    throw error;
  }
  // Static-export jobs render in Electron's own Chromium (setupServer runs after app.whenReady()).
  const worker = new ExportWorker(runtime, { backend: electronRenderBackend() });
  worker.start();
  logger.info({ url: server.url, dataDir, sites: started.urls() }, 'embedded server started');
  return {
    url: server.url,
    dataDir,
    sessionToken,
    sites: started,
    close: async () => {
      // First: a running export is paused and released while the database is still open.
      await worker.stop();
      removeServerInfo(dataDir);
      await started.close();
      await server.close();
      closeRenderSandbox();
      runtime.close();
    },
  };
}
