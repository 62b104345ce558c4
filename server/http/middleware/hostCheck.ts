/**
 * DNS-rebinding defence: a page on an attacker's domain that re-resolves to 127.0.0.1 still sends its own
 * name in `Host`. Only loopback names (and names the operator configured) with our port get through.
 */
import type { Middleware } from 'koa';
import { ForbiddenError } from '../../errors.js';

/** Which Host headers the server answers. */
export interface HostPolicy {
  /** Extra host names (no port) to accept, lowercase. */
  readonly extraHosts: readonly string[];
  /** The port the server listens on; set once listening (0 until then). */
  port: number;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Splits a Host header into name and port; null when it is not a plain `name[:port]`. */
export function parseHostHeader(host: string): { name: string; port: number | null } | null {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::([0-9]{1,5}))?$/i.exec(host);
  if (match?.[1] === undefined) return null;
  return { name: match[1].toLowerCase(), port: match[2] === undefined ? null : Number(match[2]) };
}

/** True when `host` names this server. */
export function isAllowedHost(policy: HostPolicy, host: string): boolean {
  const parsed = parseHostHeader(host);
  if (parsed === null) return false;
  const nameAllowed =
    LOOPBACK_NAMES.has(parsed.name) || parsed.name.endsWith('.localhost') || policy.extraHosts.includes(parsed.name);
  const portAllowed = parsed.port === null ? policy.port === 80 : parsed.port === policy.port;
  return nameAllowed && portAllowed;
}

/** Refuses requests whose Host header does not name this server. */
export function hostCheck(policy: HostPolicy): Middleware {
  return async (ctx, next) => {
    const hosts = ctx.req.headersDistinct['host'] ?? [];
    if (hosts.length !== 1 || !isAllowedHost(policy, hosts[0] ?? '')) {
      throw ForbiddenError('Host not allowed: this server only answers requests addressed to its loopback name', [
        'Set OFFPRINT_ALLOWED_HOSTS to accept another name',
      ]);
    }
    await next();
  };
}
