/**
 * `/downloads/<jobId>.zip?expires=...&signature=...`: presigned bundle downloads. No API key: the URL is
 * the credential, verified on the raw request target before anything else. Streams the archive with
 * Content-Length, a strong ETag (its SHA-256) and single-range resume (Range / If-Range: 206, 416).
 */
import { createReadStream } from 'node:fs';
import type { Middleware } from 'koa';
import { z } from 'zod';
import { authorizeDownload } from '../../domain/exports/bundle.js';
import { MethodNotAllowedError, RangeNotSatisfiableError } from '../../errors.js';
import type { SiteDeps } from '../../deps.js';
import { NO_BODY, type RouteRegistry } from '../../http/route.js';
import { errorResponse } from '../errors.js';
import { ifRangeAllows, planRange } from './range.js';

const PREFIX = '/downloads/';

/** For the OpenAPI document only: requests are handled by {@link downloadRoutes}' middleware. */
const DOCUMENTATION = {
  method: 'get',
  path: '/downloads/:file',
  summary: 'Download a bundle (presigned)',
  description:
    'The `bundleUrl` of `POST /v1/static-export/jobs/{jobId}/bundle`. No API key: the signature is the credential. ' +
    'HEAD works too. Range (one range) and If-Range resume a download; the ETag is the archive’s SHA-256.',
  tags: ['Static export'],
  auth: false,
  params: z.object({
    file: z.string().meta({
      description: '`<jobId>.zip`, or `<jobId>.delta-<fromJobId>.zip` for a delta link (Offprint extension)',
    }),
  }),
  query: z.object({
    expires: z.string().meta({ description: 'Unix time (seconds) the link stops working.' }),
    signature: z.string().meta({ description: 'HMAC-SHA256 of method, path and expiry (hex).' }),
  }),
  body: NO_BODY,
  responses: {
    200: { description: 'The whole archive', contentType: 'application/zip', schema: z.string() },
    206: { description: 'One byte range of the archive', contentType: 'application/zip', schema: z.string() },
    403: errorResponse('The link was altered or was not issued by this Offprint'),
    404: errorResponse('The job no longer has a bundle'),
    405: errorResponse('Only GET and HEAD'),
    410: errorResponse('The link has expired'),
    416: errorResponse('The range starts past the end of the archive'),
  },
} as const;

/** The download middleware (mount after the Host check); also documents the route in `registry`. */
export function downloadRoutes(deps: SiteDeps, registry: RouteRegistry): Middleware {
  registry.push(DOCUMENTATION);
  return async (ctx, next) => {
    if (!ctx.path.startsWith(PREFIX)) {
      await next();
      return;
    }
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw MethodNotAllowedError(['GET', 'HEAD']);
    const bundle = authorizeDownload(deps, { method: ctx.method, target: ctx.url });
    const etag = `"${bundle.sha256}"`;
    ctx.set({
      ETag: etag,
      'Accept-Ranges': 'bytes',
      'Content-Disposition': `attachment; filename="${bundle.downloadName}"`,
    });
    if (
      ctx
        .get('If-None-Match')
        .split(/\s*,\s*/)
        .includes(etag)
    ) {
      ctx.status = 304;
      return;
    }
    // Range handling is defined for GET only (RFC 9110 §14.2): HEAD describes the whole file.
    const ranged = ctx.method === 'GET' && ifRangeAllows(ctx.get('If-Range'), etag);
    const plan = ranged ? planRange(ctx.get('Range'), bundle.sizeBytes) : { kind: 'full' as const };
    if (plan.kind === 'unsatisfiable') throw RangeNotSatisfiableError(bundle.sizeBytes);
    const start = plan.kind === 'partial' ? plan.start : 0;
    const end = plan.kind === 'partial' ? plan.end : bundle.sizeBytes - 1;
    ctx.status = plan.kind === 'partial' ? 206 : 200;
    if (plan.kind === 'partial') ctx.set('Content-Range', `bytes ${start}-${end}/${bundle.sizeBytes}`);
    // Koa destroys the stream if the client goes away; HEAD gets the headers and no file handle at all.
    if (ctx.method === 'GET' && bundle.sizeBytes > 0) ctx.body = createReadStream(bundle.file, { start, end });
    ctx.type = 'application/zip';
    ctx.length = end - start + 1;
  };
}
