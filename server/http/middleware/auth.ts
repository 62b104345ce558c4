/** Bearer authentication: admin API keys, and the desktop app's in-memory session token. */
import type { Context } from 'koa';
import { authenticate, type Principal } from '../../domain/apiKeys.js';
import type { Deps } from '../../domain/deps.js';
import { AuthenticationError } from '../../domain/errors.js';

const BEARER = /^Bearer +([^\s]+) *$/i;

/** Session tokens start with this (admin keys with `offp_`). */
export const SESSION_TOKEN_PREFIX = 'offs_';

/**
 * Tokens the desktop app hands its dashboard over IPC. They exist only in the running process, so they
 * die with it and are never stored.
 */
export type SessionTokens = ReadonlyMap<string, Principal>;

/**
 * Resolves the request's `Authorization: Bearer <key>` to a principal, or throws a 401 (with
 * `WWW-Authenticate: Bearer`) for a missing, malformed, unknown or revoked key.
 */
export function requireApiKey(deps: Deps, ctx: Context, sessions?: SessionTokens): Principal {
  const header = ctx.get('Authorization');
  if (header === '') {
    throw AuthenticationError('Missing Authorization header: send "Authorization: Bearer <admin API key>"');
  }
  const match = BEARER.exec(header);
  if (match?.[1] === undefined) throw AuthenticationError('The Authorization header must be "Bearer <admin API key>"');
  const token = match[1];
  if (token.startsWith(SESSION_TOKEN_PREFIX)) {
    const principal = sessions?.get(token);
    if (principal === undefined) throw AuthenticationError('The session token is not valid');
    return principal;
  }
  return authenticate(deps, token);
}
