/**
 * Runs the Offprint server inside the desktop app: the same composition root (server/host.ts) the CLI's
 * `serve` runs headless, on a free loopback port, with the app's data dir, Electron's Chromium for
 * exports and utility processes for render sandboxes. The dashboard window authenticates with a session
 * token that lives only in this process.
 */
import { randomBytes } from 'node:crypto';
import { envValue, renderEnv, resolveDataDir } from '../server/config.js';
import { defaultOrganizationId } from '../server/domain/organizations.js';
import { startOffprint } from '../server/host.js';
import { SESSION_TOKEN_PREFIX } from '../server/http/middleware/auth.js';
import { createLogger } from '../server/logger.js';
import type { Runtime } from '../server/runtime.js';
import type { SiteServers } from '../server/sites/serve/servers.js';
import { electronRenderBackend } from './renderBackend.js';
import { utilityProcessLauncher } from './sandboxLauncher.js';

/** The embedded server, as the rest of the main process sees it. */
export interface EmbeddedServer {
  readonly url: string;
  readonly dataDir: string;
  /** Bearer token the dashboard uses; valid until the app quits. */
  readonly sessionToken: string;
  /** The docs sites' listeners (`sites.urls()`; `sites.refresh(projectId)` after an import). */
  readonly sites: SiteServers;
  /** The open data dir, for the actions the native dialogs lead to (desktopActions.ts). */
  readonly runtime: Runtime;
  /** The organization the dashboard session acts for. */
  readonly orgId: string;
  readonly close: () => Promise<void>;
}

/** Starts the embedded server. `userDataDir` is Electron's per-user app-data folder. */
export async function setupServer(userDataDir: string): Promise<EmbeddedServer> {
  const dataDir = resolveDataDir(undefined, {
    ...process.env,
    OFFPRINT_DATA_DIR: envValue(process.env, 'OFFPRINT_DATA_DIR') ?? userDataDir,
  });
  const sessionToken = `${SESSION_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const offprint = await startOffprint({
    dataDir,
    logger: createLogger('info'),
    port: 0,
    // Static-export jobs render in Electron's own Chromium (setupServer runs after app.whenReady()).
    renderBackend: electronRenderBackend(),
    // Project code renders in utility processes under Node's permission model (see sandboxLauncher.ts).
    sandbox: { launcher: utilityProcessLauncher, ...renderEnv() },
    sessions: (runtime) =>
      new Map([[sessionToken, { keyId: 'desktop-session', orgId: defaultOrganizationId(runtime) }]]),
  });
  return {
    url: offprint.url,
    dataDir,
    sessionToken,
    sites: offprint.sites,
    runtime: offprint.runtime,
    orgId: defaultOrganizationId(offprint.runtime),
    close: offprint.close,
  };
}
