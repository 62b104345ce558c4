/**
 * The API's answers to a method its routes lack, as named errors: @koa/router's allowedMethods sets a bare
 * 405 (with the Allow header RFC 9110 requires) or 501; this turns them into the JSON error body every other
 * refusal has, naming the methods a script may use instead.
 */
import type { Middleware } from 'koa';
import { MethodNotAllowedError, NotImplementedError } from '../../errors.js';

/** Runs below the error handler and above the router's allowedMethods(). */
export function methodErrors(): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.body !== undefined && ctx.body !== null) return;
    if (ctx.status === 501) throw NotImplementedError(ctx.method);
    if (ctx.status !== 405) return;
    const allowed = ctx.response
      .get('Allow')
      .split(',')
      .map((method) => method.trim())
      .filter((method) => method !== '');
    throw MethodNotAllowedError(allowed, undefined, [
      `${ctx.method} ${ctx.path}: this resource answers ${allowed.join(', ')}`,
    ]);
  };
}
