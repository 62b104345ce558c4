/**
 * A fixed-window request limiter per client key (the remote address for public site endpoints). Memory
 * is bounded: windows are dropped once they are over, and the table never holds more than `maxClients`.
 */
import { AppError } from '../domain/errors.js';

/** Limits of one {@link RateLimiter}. */
export interface RateLimitOptions {
  /** Requests allowed per client per window. */
  readonly limit: number;
  readonly windowMs: number;
  /** Clients tracked at most; the oldest windows are dropped beyond it. */
  readonly maxClients?: number;
  readonly now?: () => number;
}

/** Counts requests per client and refuses the ones over the limit with a 429. */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly options: RateLimitOptions) {}

  /** Records a request from `client`; throws a 429 (with `Retry-After`) past the limit. */
  hit(client: string): void {
    const now = (this.options.now ?? Date.now)();
    const current = this.windows.get(client);
    if (current === undefined || now - current.start >= this.options.windowMs) {
      this.windows.delete(client);
      this.windows.set(client, { start: now, count: 1 });
      this.prune(now);
      return;
    }
    current.count++;
    if (current.count > this.options.limit) {
      const retryAfter = Math.max(1, Math.ceil((current.start + this.options.windowMs - now) / 1000));
      throw new AppError(429, 'Too many requests: try again later', [], { 'Retry-After': String(retryAfter) });
    }
  }

  private prune(now: number): void {
    const max = this.options.maxClients ?? 10_000;
    for (const [client, window] of this.windows) {
      if (this.windows.size <= max && now - window.start < this.options.windowMs) break;
      this.windows.delete(client);
    }
  }
}
