/** Routes about the server itself: its OpenAPI document and a content-free health probe. */
import { z } from 'zod';
import { buildOpenApiDocument } from '../../http/openapi.js';
import { AUTH_ERRORS } from '../errors.js';
import { NO_BODY, type RouteDefiner, type RouteRegistry } from '../../http/route.js';

const Empty = z.object({});

/** Adds `/v1/openapi.json` and `/health`. The document covers every route registered before it is first served. */
export function metaRoutes(route: RouteDefiner, registry: RouteRegistry): void {
  let document: Record<string, unknown> | undefined;
  route(
    {
      method: 'get',
      path: '/v1/openapi.json',
      summary: 'OpenAPI document of this server',
      tags: ['Meta'],
      params: Empty,
      query: Empty,
      body: NO_BODY,
      responses: {
        ...AUTH_ERRORS,
        200: { description: 'OpenAPI 3.1 document', schema: z.record(z.string(), z.unknown()) },
      },
    },
    (ctx) => {
      document ??= buildOpenApiDocument(registry);
      ctx.body = document;
    },
  );
  route(
    {
      method: 'get',
      path: '/health',
      summary: 'Health probe',
      tags: ['Meta'],
      auth: false,
      params: Empty,
      query: Empty,
      body: NO_BODY,
      responses: { 200: { description: 'The server is up', schema: z.object({ ok: z.literal(true) }) } },
    },
    (ctx) => {
      ctx.body = { ok: true };
    },
  );
}
