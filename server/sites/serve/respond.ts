/**
 * Response helpers of the site server: security headers, and bodies with validators (ETag,
 * Last-Modified) so browsers revalidate instead of downloading again.
 */
import { createHash } from 'node:crypto';
import { createReadStream, type Stats } from 'node:fs';
import type { Context, Middleware } from 'koa';
import { ForbiddenError } from '../../errors.js';
import type { ScriptOrigins } from '../theme/integrations.js';

/**
 * The policy of HTML pages: everything from the site's own origin, nothing from anywhere else. Styles
 * allow inline because rendered pages carry `style` attributes (code colours, column counts) and Mermaid
 * writes `<style>` into its SVGs; scripts never run inline. No workers, as in bundles: a service worker
 * an allowed project script installed would go on answering for the origin after the script is no
 * longer allowed, and for the next project given the site's port.
 */
export const PAGE_CSP = pageCsp();

/**
 * The page policy, widened by the origins of third-party scripts an administrator allowed (setting
 * `allowedScripts`): their script host, and where they send beacons and pixels. Nothing else changes.
 */
export function pageCsp(extra: ScriptOrigins = { script: [], connect: [], img: [] }): string {
  const add = (base: string, origins: readonly string[]): string =>
    origins.length === 0 ? base : `${base} ${[...new Set(origins)].join(' ')}`;
  return [
    "default-src 'self'",
    add("script-src 'self'", extra.script),
    "style-src 'self' 'unsafe-inline'",
    add("img-src 'self' data: blob:", extra.img),
    "font-src 'self' data:",
    add("connect-src 'self'", extra.connect),
    "media-src 'self'",
    "frame-src 'self'",
    "worker-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/**
 * The policy of everything else (images, JSON, Markdown): a project SVG opened on its own must not run
 * scripts on the site's origin.
 */
export const FILE_CSP =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; font-src 'self' data:; sandbox";

/** Headers on every site response. Referrer stays same-origin so that fetch() POSTs carry an Origin. */
export function siteHeaders(): Middleware {
  return async (ctx, next) => {
    ctx.set({
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'SAMEORIGIN',
      'Referrer-Policy': 'same-origin',
      'Cross-Origin-Resource-Policy': 'same-origin',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Content-Security-Policy': FILE_CSP,
      'Cache-Control': 'no-store',
    });
    await next();
  };
}

/**
 * Refuses the fetch of a service worker's script (browsers mark it `Service-Worker: script`): no site
 * registers one, whatever a page's policy says (see {@link PAGE_CSP}).
 */
export function refuseServiceWorkers(): Middleware {
  return async (ctx, next) => {
    if (ctx.get('Service-Worker') !== '') throw ForbiddenError('Docs sites do not install service workers');
    await next();
  };
}

/** A strong ETag of a body. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** Options of {@link sendBody}. */
export interface BodyOptions {
  readonly type: string;
  readonly etag?: string;
  readonly status?: number;
  /** An HTML page (gets the page CSP). */
  readonly html?: boolean;
  /** The page CSP to send instead of {@link PAGE_CSP} (a site with allowed third-party scripts). */
  readonly csp?: string | undefined;
}

/** Answers with an in-memory body; 304 when the client already has it. */
export function sendBody(ctx: Context, body: string | Buffer, options: BodyOptions): void {
  ctx.status = options.status ?? 200;
  ctx.type = options.type;
  ctx.set('Cache-Control', 'no-cache');
  if (options.html === true) ctx.set('Content-Security-Policy', options.csp ?? PAGE_CSP);
  const etag = options.etag ?? etagOf(body);
  ctx.etag = etag;
  if (ctx.status === 200 && ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.body = body;
}

/** Answers with a file from disk (validators from its size and mtime); 304 when unchanged. */
export function sendFile(ctx: Context, file: string, stats: Stats, type: string): void {
  ctx.status = 200;
  ctx.type = type;
  ctx.set('Cache-Control', 'no-cache');
  ctx.etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
  ctx.lastModified = stats.mtime;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.length = stats.size;
  // Koa destroys the stream when the response ends, HEAD requests included.
  ctx.body = createReadStream(file);
}
