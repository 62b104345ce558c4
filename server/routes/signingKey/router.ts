/**
 * `/v1/signing-key` (Offprint extension): the organization's bundle signing key, for the dashboard and
 * scripts: its fingerprint and public key file, and rotation. The private key never leaves the data dir.
 */
import { z } from 'zod';
import type { SiteDeps } from '../../deps.js';
import { organizationSigningKeys, rotateOrganizationKey } from '../../domain/signingKeys.js';
import { NO_BODY, type RouteDefiner } from '../../http/route.js';
import { AUTH_ERRORS } from '../errors.js';
import { presentSigningKey } from './presenter.js';
import { RotatedKeySchema, SigningKeysSchema } from './schema.js';

const Empty = z.object({});
const TAGS = ['Static export'];

/** Adds the signing key routes. */
export function signingKeyRoutes(route: RouteDefiner, deps: SiteDeps): void {
  route(
    {
      method: 'get',
      path: '/v1/signing-key',
      summary: 'Get the bundle signing key',
      description:
        'The Ed25519 key every bundle of the organization is signed with (made on first use), and the keys it ' +
        'replaced: bundles they signed still verify with their public key files.',
      tags: TAGS,
      extension: true,
      params: Empty,
      query: Empty,
      body: NO_BODY,
      responses: { 200: { description: 'The keys', schema: SigningKeysSchema }, ...AUTH_ERRORS },
    },
    (ctx, { principal }) => {
      const keys = organizationSigningKeys(deps, principal.orgId).map((key) => presentSigningKey(deps, key));
      const current = keys.find((key) => key.current) ?? keys[0];
      if (current === undefined) throw new Error('the organization has no signing key');
      ctx.body = { orgId: principal.orgId, current, keys };
    },
  );
  route(
    {
      method: 'post',
      path: '/v1/signing-key/rotate',
      summary: 'Rotate the bundle signing key',
      description:
        'Makes a new key for the bundles exported from now on. The old key can no longer sign; its public key ' +
        'stays listed so the bundles it signed still verify.',
      tags: TAGS,
      extension: true,
      params: Empty,
      query: Empty,
      body: NO_BODY,
      responses: { 200: { description: 'The old and the new key', schema: RotatedKeySchema }, ...AUTH_ERRORS },
    },
    (ctx, { principal }) => {
      const { previous, current } = rotateOrganizationKey(deps, principal.orgId);
      ctx.body = { previous: presentSigningKey(deps, previous), current: presentSigningKey(deps, current) };
    },
  );
}
