/**
 * Bearer authentication: admin API keys, and the desktop app's in-memory session token. Failed attempts
 * are throttled (reliability plan K3): past {@link AUTH_FAILURE_LIMIT} failures a minute from one client
 * address or on one key prefix, failures are answered 429 with `Retry-After` instead of 401.
 */
import type { Context } from 'koa';
import { authenticate, type Principal } from '../../domain/apiKeys.js';
import type { Deps } from '../../deps.js';
import { AppError, AuthenticationError } from '../../errors.js';
import { RateLimiter, tooManyRequests } from '../rateLimit.js';

const BEARER = /^Bearer +([^\s]+) *$/i;

/** Session tokens start with this (admin keys with `offp_`). */
export const SESSION_TOKEN_PREFIX = 'offs_';

/** Failed authentications allowed per client address, and per key prefix, in one window. */
export const AUTH_FAILURE_LIMIT = 20;
/** The throttling window. */
export const AUTH_FAILURE_WINDOW_MS = 60_000;
/** Characters of a presented credential that identify its prefix: `offp_` and 4 more, as key listings show. */
const PREFIX_LENGTH = 9;

/**
 * Tokens the desktop app hands its dashboard over IPC. They exist only in the running process, so they
 * die with it and are never stored.
 */
export type SessionTokens = ReadonlyMap<string, Principal>;

/**
 * Counts failed authentications per client address and per key prefix. Only failures are counted and
 * only failures are refused: a request with a valid key is answered normally however many failures
 * surround it, so an attacker can never lock out a legitimate client (on loopback every client has the
 * same address). That a valid key still works while its address is throttled tells a guesser nothing
 * useful: keys carry about 190 random bits, so the throttle's job is to cap the cost and noise of
 * guessing, and to tell a misconfigured script clearly to stop, as NIST SP 800-63B 5.2.2 asks.
 */
export class AuthFailureThrottle {
  private readonly byAddress: RateLimiter;
  private readonly byPrefix: RateLimiter;
  private readonly limit: number;

  constructor(options: { readonly now: () => number; readonly limit?: number; readonly windowMs?: number }) {
    this.limit = options.limit ?? AUTH_FAILURE_LIMIT;
    const limits = { limit: this.limit, windowMs: options.windowMs ?? AUTH_FAILURE_WINDOW_MS, now: options.now };
    this.byAddress = new RateLimiter(limits);
    this.byPrefix = new RateLimiter(limits);
  }

  /**
   * Records one failed attempt from `address` with `credential` (undefined when the header held none).
   * Once either count is over the limit, returns the 429 to answer instead of the 401, and whether this
   * is the first failure over it in its window (worth one log line; the rest would only flood the log).
   */
  recordFailure(address: string, credential: string | undefined): { refusal: AppError; first: boolean } | undefined {
    const counts = [this.byAddress.record(address)];
    if (credential !== undefined) counts.push(this.byPrefix.record(credential.slice(0, PREFIX_LENGTH)));
    const over = counts.filter((c) => c.retryAfterSeconds !== undefined);
    if (over.length === 0) return undefined;
    const retryAfter = Math.max(...over.map((c) => c.retryAfterSeconds ?? 1));
    return {
      refusal: tooManyRequests(retryAfter, 'Too many failed authentication attempts: try again later'),
      first: over.some((c) => c.count === this.limit + 1),
    };
  }
}

// One throttle per set of dependencies, that is per app: the route definer hands the same Deps object
// to every request, and a second app (tests, the desktop app's restarts) starts with clean counts.
const throttles = new WeakMap<Deps, AuthFailureThrottle>();

function throttleFor(deps: Deps): AuthFailureThrottle {
  let throttle = throttles.get(deps);
  if (throttle === undefined) {
    throttle = new AuthFailureThrottle({ now: deps.now });
    throttles.set(deps, throttle);
  }
  return throttle;
}

function resolvePrincipal(deps: Deps, header: string, sessions: SessionTokens | undefined): Principal {
  const match = BEARER.exec(header);
  if (match?.[1] === undefined) {
    throw AuthenticationError(
      'The Authorization header must be "Bearer <admin API key>"',
      'send one admin API key (offp_...) after the word Bearer; no other scheme is accepted',
    );
  }
  const token = match[1];
  if (token.startsWith(SESSION_TOKEN_PREFIX)) {
    const principal = sessions?.get(token);
    if (principal === undefined) {
      throw AuthenticationError(
        'The session token is not valid',
        'session tokens end when the server stops: reload the dashboard for a new one',
      );
    }
    return principal;
  }
  return authenticate(deps, token);
}

/**
 * Resolves the request's `Authorization: Bearer <key>` to a principal, or throws a 401 (with
 * `WWW-Authenticate: Bearer`) for a missing, malformed, unknown or revoked key; past the failure limit
 * (see {@link AuthFailureThrottle}) a presented but failing credential gets a 429 with `Retry-After`.
 * A request without the header is not counted: it guesses nothing.
 */
export function requireApiKey(deps: Deps, ctx: Context, sessions?: SessionTokens): Principal {
  const header = ctx.get('Authorization');
  if (header === '') {
    throw AuthenticationError(
      'Missing Authorization header: send "Authorization: Bearer <admin API key>"',
      'this endpoint needs an admin API key: `offprint keys create` makes one',
    );
  }
  try {
    return resolvePrincipal(deps, header, sessions);
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 401) throw error;
    const credential = BEARER.exec(header)?.[1];
    const throttled = throttleFor(deps).recordFailure(ctx.ip, credential);
    if (throttled === undefined) throw error;
    if (throttled.first) {
      // The prefix only: a full key, even a wrong one, never goes to a log.
      deps.logger.warn(
        { address: ctx.ip, keyPrefix: credential?.slice(0, PREFIX_LENGTH) },
        'authentication failures over the limit: answering 429 until the window ends',
      );
    }
    throw throttled.refusal;
  }
}
