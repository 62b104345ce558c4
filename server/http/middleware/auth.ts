/** Bearer authentication with admin API keys. */
import type { Context } from 'koa';
import { authenticate, type Principal } from '../../domain/apiKeys.js';
import type { Deps } from '../../domain/deps.js';
import { AuthenticationError } from '../../domain/errors.js';

const BEARER = /^Bearer +([^\s]+) *$/i;

/**
 * Resolves the request's `Authorization: Bearer <key>` to a principal, or throws a 401 (with
 * `WWW-Authenticate: Bearer`) for a missing, malformed, unknown or revoked key.
 */
export function requireApiKey(deps: Deps, ctx: Context): Principal {
  const header = ctx.get('Authorization');
  if (header === '')
    throw AuthenticationError('Missing Authorization header: send "Authorization: Bearer <admin API key>"');
  const match = BEARER.exec(header);
  if (match?.[1] === undefined) throw AuthenticationError('The Authorization header must be "Bearer <admin API key>"');
  return authenticate(deps, match[1]);
}
