/** Headers that keep API responses out of other origins' reach and out of caches. */
import type { Middleware } from 'koa';

/** Sets nosniff, same-origin resource policy, no referrer and no caching. No CORS headers, ever. */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    ctx.set({
      'X-Content-Type-Options': 'nosniff',
      'Cross-Origin-Resource-Policy': 'same-origin',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
    });
    await next();
  };
}
