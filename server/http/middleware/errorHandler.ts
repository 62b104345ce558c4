/**
 * The one error handler: every error becomes `{"error", "details"?}` with the right status, and every 4xx
 * has details (its own, else what errorDetails.ts says to do about that status). Expected
 * errors keep their message, with any path under the data dir or the temp dir hidden; anything else
 * is logged and answered with a generic 500, never a stack or the exception's text.
 */
import type { Middleware } from 'koa';
import { AppError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import { clientErrorDetails } from '../errorDetails.js';
import { privateRoots, redactPaths } from '../../redact.js';

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = 'status' in error ? error.status : 'statusCode' in error ? error.statusCode : undefined;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : undefined;
}

const GENERIC: Readonly<Record<number, string>> = {
  400: 'Bad request',
  404: 'Not found',
  405: 'Method not allowed',
  413: 'Request body too large',
  415: 'Unsupported media type',
  501: 'Not implemented',
};

/**
 * Catches everything below it and answers with the JSON error body. `privateDirs` (the data dir) are
 * folders whose paths never appear in a body; the temp dir is always one.
 */
export function errorHandler(logger: Logger, privateDirs: readonly string[] = []): Middleware {
  const roots = privateRoots(privateDirs);
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        const route = `${ctx.method} ${ctx.path}`;
        const detail = `no endpoint answers ${route}; GET /v1/openapi.json lists the ones this server has`;
        ctx.body = { error: `No route for ${route}`, details: [{ message: redactPaths(detail, roots) }] };
      }
    } catch (error) {
      if (error instanceof AppError) {
        ctx.status = error.status;
        ctx.set(error.headers);
        const message = redactPaths(error.message, roots);
        const own = clientErrorDetails(
          error.status,
          error.details,
          { method: ctx.method, path: ctx.path, retryAfter: error.headers['Retry-After'] },
          error.missing,
        );
        const details = own.map((detail) => ({ message: redactPaths(detail.message, roots) }));
        if (message !== error.message || details.some((d, i) => d.message !== own[i]?.message)) {
          logger.info({ err: error, path: ctx.path }, 'server paths hidden from an error response');
        }
        ctx.body = details.length > 0 ? { error: message, details } : { error: message };
        return;
      }
      // Errors raised by Koa and its helpers (bad request lines, aborted bodies) carry an HTTP status.
      const status = statusOf(error);
      if (status !== undefined && status < 500) {
        ctx.status = status;
        const details = clientErrorDetails(status, [], { method: ctx.method, path: ctx.path });
        ctx.body = { error: GENERIC[status] ?? 'Request failed', details };
        return;
      }
      logger.error({ err: error, method: ctx.method, path: ctx.path }, 'request failed');
      ctx.status = 500;
      ctx.body = { error: 'Internal server error' };
    }
  };
}
