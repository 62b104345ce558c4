/** A real API server plus the site listeners of its data dir, with the serve-mini fixture imported. */
import { fileURLToPath } from 'node:url';
import { findSite } from '../../server/db/sites.js';
import { buildDir, importSite } from '../../server/domain/sites.js';
import { SiteServers, type SiteServersOptions } from '../../server/sites/serve/servers.js';
import { startTestServer, type TestServer } from './server.js';

/** test/fixtures/serve-mini: the site server tests' project. */
export const SERVE_MINI = fileURLToPath(new URL('../fixtures/serve-mini', import.meta.url));

/** A running API + sites. */
export interface SiteServe {
  readonly t: TestServer;
  readonly sites: SiteServers;
  /** The default project's id (its site is the imported fixture). */
  readonly projectId: string;
  /** `http://127.0.0.1:PORT` of the project's site. */
  readonly siteUrl: string;
  readonly port: number;
  /** The current build folder. */
  readonly buildDir: () => string;
  /** `fetch` relative to the site, without following redirects. */
  readonly site: (path: string, init?: RequestInit) => Promise<Response>;
  readonly close: () => Promise<void>;
}

/** Starts everything; `close()` it in afterAll. */
export async function startSiteServe(
  options: SiteServersOptions & { readonly source?: string } = {},
): Promise<SiteServe> {
  const t = await startTestServer();
  const imported = importSite(t.runtime, t.projectId, options.source ?? SERVE_MINI);
  const sites = await SiteServers.start(t.runtime, { pollMs: 0, ...options });
  const siteUrl = sites.urlOf(t.projectId);
  if (siteUrl === null) throw new Error('the imported site is not served');
  return {
    t,
    sites,
    projectId: t.projectId,
    siteUrl,
    port: Number(new URL(siteUrl).port),
    buildDir: () => buildDir(t.dataDir, t.projectId, findSite(t.runtime.db, t.projectId)?.buildId ?? imported.buildId),
    site: (path, init = {}) => fetch(`${siteUrl}${path}`, { redirect: 'manual', ...init }),
    close: async () => {
      await sites.close(100);
      await t.close();
    },
  };
}
