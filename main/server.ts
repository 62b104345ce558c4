/**
 * Runs the Offprint server inside the desktop app: the same `server/` code the CLI runs headless, on a
 * free loopback port, with the app's data dir. The dashboard window authenticates with a session token
 * that lives only in this process.
 */
import { randomBytes } from 'node:crypto';
import { resolveDataDir } from '../server/config.js';
import { createApp } from '../server/http/app.js';
import type { HostPolicy } from '../server/http/middleware/hostCheck.js';
import { listen } from '../server/http/server.js';
import { createLogger } from '../server/logger.js';
import { openRuntime } from '../server/runtime.js';
import { defaultOrganizationId } from '../server/domain/organizations.js';
import { SESSION_TOKEN_PREFIX, type SessionTokens } from '../server/http/middleware/auth.js';

/** The embedded server, as the rest of the main process sees it. */
export interface EmbeddedServer {
  readonly url: string;
  readonly dataDir: string;
  /** Bearer token the dashboard uses; valid until the app quits. */
  readonly sessionToken: string;
  readonly close: () => Promise<void>;
}

/** Starts the embedded server. `userDataDir` is Electron's per-user app-data folder. */
export async function setupServer(userDataDir: string): Promise<EmbeddedServer> {
  const logger = createLogger('info');
  const dataDir = resolveDataDir(undefined, {
    ...process.env,
    OFFPRINT_DATA_DIR: process.env['OFFPRINT_DATA_DIR'] ?? userDataDir,
  });
  const runtime = openRuntime(dataDir, logger);
  const sessionToken = `${SESSION_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const sessions: SessionTokens = new Map([
    [sessionToken, { keyId: 'desktop-session', orgId: defaultOrganizationId(runtime) }],
  ]);
  const hostPolicy: HostPolicy = { extraHosts: [], port: 0 };
  const server = await listen(createApp({ ...runtime, hostPolicy, sessions }), {
    host: '127.0.0.1',
    port: 0,
    hostPolicy,
  });
  logger.info({ url: server.url, dataDir }, 'embedded server started');
  return {
    url: server.url,
    dataDir,
    sessionToken,
    close: async () => {
      await server.close();
      runtime.close();
    },
  };
}
