/** `/v1/keys`: the organization's admin API keys (list, create, revoke). */
import { z } from 'zod';
import { createApiKey, listKeys, revokeKeyInOrg } from '../../domain/apiKeys.js';
import type { Deps } from '../../deps.js';
import { NO_BODY, type RouteDefiner } from '../../http/route.js';
import { AUTH_ERRORS, errorResponse } from '../errors.js';
import { presentApiKey } from './presenter.js';
import { ApiKeyListSchema, ApiKeySchema, CreatedKeySchema, CreateKeyBodySchema, KeyParamsSchema } from './schema.js';

const Empty = z.object({});

/** Adds the key routes. */
export function keyRoutes(route: RouteDefiner, deps: Deps): void {
  route(
    {
      method: 'get',
      path: '/v1/keys',
      summary: 'List API keys',
      tags: ['Admin'],
      params: Empty,
      query: Empty,
      body: NO_BODY,
      responses: { 200: { description: 'The organization’s keys', schema: ApiKeyListSchema }, ...AUTH_ERRORS },
    },
    (ctx, { principal }) => {
      ctx.body = { keys: listKeys(deps, principal.orgId).map(presentApiKey) };
    },
  );
  route(
    {
      method: 'post',
      path: '/v1/keys',
      summary: 'Create an API key',
      tags: ['Admin'],
      params: Empty,
      query: Empty,
      body: CreateKeyBodySchema,
      responses: {
        201: { description: 'The new key, shown once', schema: CreatedKeySchema },
        400: errorResponse('Invalid body'),
        ...AUTH_ERRORS,
      },
    },
    (ctx, { body, principal }) => {
      const created = createApiKey(deps, { orgId: principal.orgId, name: body.name });
      ctx.status = 201;
      ctx.body = { key: created.key, keyId: created.row.id };
    },
  );
  route(
    {
      method: 'delete',
      path: '/v1/keys/:keyId',
      summary: 'Revoke an API key',
      description: 'The key stops working at once.',
      tags: ['Admin'],
      params: KeyParamsSchema,
      query: Empty,
      body: NO_BODY,
      responses: {
        200: { description: 'The revoked key', schema: ApiKeySchema },
        ...AUTH_ERRORS,
        404: errorResponse('No such key in the organization'),
      },
    },
    (ctx, { params, principal }) => {
      ctx.body = presentApiKey(revokeKeyInOrg(deps, principal.orgId, params.keyId));
    },
  );
}
