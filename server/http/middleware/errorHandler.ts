/**
 * The one error handler: every error becomes `{"error", "details"?}` with the right status. Expected
 * errors keep their message; anything else is logged and answered with a generic 500, never a stack.
 */
import type { Middleware } from 'koa';
import { AppError } from '../../domain/errors.js';
import type { Logger } from '../../logger.js';

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

/** Catches everything below it and answers with the JSON error body. */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        ctx.body = { error: `No route for ${ctx.method} ${ctx.path}` };
      }
    } catch (error) {
      if (error instanceof AppError) {
        ctx.status = error.status;
        ctx.set(error.headers);
        ctx.body =
          error.details.length > 0 ? { error: error.message, details: error.details } : { error: error.message };
        return;
      }
      // Errors raised by Koa and its helpers (bad request lines, aborted bodies) carry an HTTP status.
      const status = statusOf(error);
      if (status !== undefined && status < 500) {
        ctx.status = status;
        ctx.body = { error: GENERIC[status] ?? 'Request failed' };
        return;
      }
      logger.error({ err: error, method: ctx.method, path: ctx.path }, 'request failed');
      ctx.status = 500;
      ctx.body = { error: 'Internal server error' };
    }
  };
}
