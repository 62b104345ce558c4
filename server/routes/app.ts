/** Builds the Koa application. It never listens: see `server.ts` for that. */
import Router from '@koa/router';
import Koa from 'koa';
import type { Deps } from '../deps.js';
import { analyticsRoutes } from './analytics/router.js';
import { bundleRoutes } from './bundles/router.js';
import { downloadRoutes } from './downloads/router.js';
import { exportRoutes } from './exports/router.js';
import { keyRoutes } from './keys/router.js';
import { metaRoutes } from './meta/router.js';
import { projectRoutes } from './projects/router.js';
import { signingKeyRoutes } from './signingKey/router.js';
import { siteRoutes } from './sites/router.js';
import { DASHBOARD_DIR } from '../paths.js';
import { dashboard } from '../http/dashboard.js';
import { errorHandler } from '../http/middleware/errorHandler.js';
import type { SessionTokens } from '../http/middleware/auth.js';
import { hostCheck, type HostPolicy } from '../http/middleware/hostCheck.js';
import { securityHeaders } from '../http/middleware/securityHeaders.js';
import { methodErrors } from '../http/middleware/methodErrors.js';
import { routeDefiner, type RouteRegistry } from '../http/route.js';

/** What the app needs. */
export interface AppDeps extends Deps {
  /** The data dir (site builds, export bundles). */
  readonly dataDir: string;
  readonly hostPolicy: HostPolicy;
  /** The desktop dashboard's session tokens (none when headless). */
  readonly sessions?: SessionTokens;
  /** Where the built dashboard is (defaults to the package's renderer/dist). */
  readonly dashboardDir?: string;
  /** Largest NDJSON import body, in bytes. */
  readonly importBodyLimit?: number;
  /**
   * Tells this process's site servers that a project's site was imported through the API, so it is
   * served at once (`SiteServers.refresh`); resolves with the site URL. Unset: no site servers here.
   */
  readonly onSiteImported?: (projectId: string) => Promise<string | null>;
  /** Where this process serves a project's site; unset: it serves none (no feedback collector for exports). */
  readonly siteUrlOf?: (projectId: string) => string | null;
}

/** Creates the Koa app serving the API. */
export function createApp(deps: AppDeps): Koa {
  const app = new Koa({ proxy: false });
  app.silent = true;
  const router = new Router();
  const registry: RouteRegistry = [];
  const route = routeDefiner(router, registry, deps, deps.sessions);
  analyticsRoutes(route, deps, deps.importBodyLimit === undefined ? {} : { importBodyLimit: deps.importBodyLimit });
  projectRoutes(route, deps, {
    ...(deps.siteUrlOf === undefined ? {} : { siteUrlOf: deps.siteUrlOf }),
    ...(deps.onSiteImported === undefined ? {} : { syncSites: deps.onSiteImported }),
  });
  keyRoutes(route, deps);
  siteRoutes(route, deps, deps.onSiteImported === undefined ? {} : { onSiteImported: deps.onSiteImported });
  exportRoutes(route, deps, deps.siteUrlOf === undefined ? {} : { siteUrlOf: deps.siteUrlOf });
  bundleRoutes(route, deps);
  signingKeyRoutes(route, deps);
  metaRoutes(route, registry);

  app.use(errorHandler(deps.logger, [deps.dataDir]));
  app.use(securityHeaders());
  app.use(hostCheck(deps.hostPolicy));
  app.use(downloadRoutes(deps, registry));
  app.use(dashboard(deps.dashboardDir ?? DASHBOARD_DIR));
  app.use(methodErrors());
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}
