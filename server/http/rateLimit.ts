/**
 * A fixed-window request limiter per client key (the remote address for public site endpoints; the
 * address and the key prefix for failed authentications). Memory is bounded: windows are dropped once
 * they are over, and the table never holds more than `maxClients`.
 */
import { TooManyRequestsError, type AppError } from '../errors.js';

/** Limits of one {@link RateLimiter}. */
export interface RateLimitOptions {
  /** Requests allowed per client per window. */
  readonly limit: number;
  readonly windowMs: number;
  /** Clients tracked at most; the oldest windows are dropped beyond it. */
  readonly maxClients?: number;
  readonly now?: () => number;
}

/** Where a client stands after one more request. */
export interface RateLimitCount {
  /** Requests of the client in the current window, this one included. */
  readonly count: number;
  /** Seconds until the window ends (at least 1) when `count` is over the limit; undefined while within it. */
  readonly retryAfterSeconds: number | undefined;
}

/** The 429 a limited client gets, with `Retry-After` in whole seconds. */
export function tooManyRequests(retryAfterSeconds: number, message = 'Too many requests: try again later'): AppError {
  return TooManyRequestsError(retryAfterSeconds, message);
}

/** Counts requests per client and refuses the ones over the limit with a 429. */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly options: RateLimitOptions) {}

  /** Records a request from `client`; throws a 429 (with `Retry-After`) past the limit. */
  hit(client: string): void {
    const { retryAfterSeconds } = this.record(client);
    if (retryAfterSeconds !== undefined) throw tooManyRequests(retryAfterSeconds);
  }

  /**
   * Records a request from `client` and says where it stands, without throwing: for callers that answer
   * with their own message, or count only some requests (failed authentications).
   */
  record(client: string): RateLimitCount {
    const now = (this.options.now ?? Date.now)();
    const current = this.windows.get(client);
    if (current === undefined || now - current.start >= this.options.windowMs) {
      this.windows.delete(client);
      this.windows.set(client, { start: now, count: 1 });
      this.prune(now);
      return { count: 1, retryAfterSeconds: undefined };
    }
    current.count++;
    const over = current.count > this.options.limit;
    return { count: current.count, retryAfterSeconds: over ? this.retryAfter(current.start, now) : undefined };
  }

  private retryAfter(start: number, now: number): number {
    return Math.max(1, Math.ceil((start + this.options.windowMs - now) / 1000));
  }

  private prune(now: number): void {
    const max = this.options.maxClients ?? 10_000;
    for (const [client, window] of this.windows) {
      if (this.windows.size <= max && now - window.start < this.options.windowMs) break;
      this.windows.delete(client);
    }
  }
}

function expandIpv6(address: string): string[] | null {
  const [head = '', tail, ...more] = address.split('::');
  if (more.length > 0) return null;
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  return [...left, ...Array<string>(missing).fill('0'), ...right];
}

/**
 * The key a remote address is counted under. Addresses one client can rotate through for free count
 * as one: the whole loopback range (127.0.0.0/8 and ::1: on Linux every 127.x address reaches a server
 * bound to 127.0.0.1), and an IPv6 address by its /64 (the block one host is usually given).
 */
export function clientKey(address: string | undefined): string {
  if (address === undefined || address === '') return 'unknown';
  const v4 = address.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  if (/^\d+\.\d+\.\d+\.\d+$/.test(v4)) return v4.startsWith('127.') ? 'loopback' : v4;
  const groups = expandIpv6(v4.replace(/%.*$/, ''));
  if (groups === null) return v4;
  if (groups.every((g, i) => Number.parseInt(g, 16) === (i === 7 ? 1 : 0))) return 'loopback';
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
