/** Reading request bodies with a size cap, before anything parses them. */
import type { Context } from 'koa';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../errors.js';

/** Largest JSON body accepted. */
export const JSON_BODY_LIMIT = 1024 * 1024;

/** Reads and parses a JSON body (undefined when there is none). 413 past the limit, 415 for other types. */
export async function readJsonBody(ctx: Context, limit = JSON_BODY_LIMIT): Promise<unknown> {
  const length = ctx.request.length;
  const hasBody = (length !== undefined && length > 0) || ctx.get('Transfer-Encoding') !== '';
  if (!hasBody) return undefined;
  if (!ctx.is('application/json')) throw UnsupportedMediaTypeError(['application/json'], ctx.get('Content-Type'));
  if (length !== undefined && length > limit) throw PayloadTooLargeError(limit);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of ctx.req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    total += buffer.length;
    if (total > limit) throw PayloadTooLargeError(limit);
    chunks.push(buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw ValidationError('Request body is not valid JSON', ['body: not valid JSON']);
  }
}

/** Checks a streamed body's type and declared size before a route starts reading it. */
export function checkStreamedBody(ctx: Context, types: readonly string[], limit: number): void {
  if (ctx.is(...types) === false) throw UnsupportedMediaTypeError(types, ctx.get('Content-Type'));
  const length = ctx.request.length;
  if (length !== undefined && length > limit) throw PayloadTooLargeError(limit);
}
