/** Builds the Koa application. It never listens: see `server.ts` for that. */
import Router from '@koa/router';
import Koa from 'koa';
import type { Deps } from '../domain/deps.js';
import { analyticsRoutes } from '../routes/analytics/router.js';
import { metaRoutes } from '../routes/meta/router.js';
import { errorHandler } from './middleware/errorHandler.js';
import { hostCheck, type HostPolicy } from './middleware/hostCheck.js';
import { securityHeaders } from './middleware/securityHeaders.js';
import { routeDefiner, type RouteRegistry } from './route.js';

/** What the app needs. */
export interface AppDeps extends Deps {
  readonly hostPolicy: HostPolicy;
  /** Largest NDJSON import body, in bytes. */
  readonly importBodyLimit?: number;
}

/** Creates the Koa app serving the API. */
export function createApp(deps: AppDeps): Koa {
  const app = new Koa({ proxy: false });
  app.silent = true;
  const router = new Router();
  const registry: RouteRegistry = [];
  const route = routeDefiner(router, registry, deps);
  analyticsRoutes(route, deps, deps.importBodyLimit === undefined ? {} : { importBodyLimit: deps.importBodyLimit });
  metaRoutes(route, registry);

  app.use(errorHandler(deps.logger));
  app.use(securityHeaders());
  app.use(hostCheck(deps.hostPolicy));
  app.use(router.routes());
  app.use(router.allowedMethods({ throw: true }));
  return app;
}
