/**
 * A render backend over several browsers (`offprint export --browser URL` given more than once, the
 * `renderBrowsers` setting): each target goes to the least-loaded browser that is up. A browser that
 * died or cannot be reached is skipped and reconnected (relaunched) through its own factory with
 * exponential backoff, so the export pipeline sees one backend and keeps its own retry, crash and
 * resume rules; it only needs its concurrency raised to the sum of the browsers' slots.
 */
import type { Logger } from '../logger.js';
import type { CdpTarget, RenderBackend, RenderBackendFactory } from './cdp.js';

/** One browser of a pool. */
export interface PoolMember {
  /** Names it in logs and errors (the URL without its query). */
  readonly label: string;
  readonly factory: RenderBackendFactory;
  /** Pages it renders at once: the pool prefers the member with the lowest share of its slots in use. */
  readonly slots: number;
}

/** Reconnection delays after consecutive failures: `firstMs`, doubling, at most `maxMs`. */
export interface PoolBackoff {
  readonly firstMs: number;
  readonly maxMs: number;
}

/** Default {@link PoolBackoff}. */
export const DEFAULT_POOL_BACKOFF: PoolBackoff = { firstMs: 500, maxMs: 10_000 };

function reasonOf(error: unknown): string {
  return error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error);
}

/** A browser of the pool: connected lazily, marked down on failure, retried after its backoff. */
class Member {
  private backend: Promise<RenderBackend> | null = null;
  private failures = 0;
  private closed = false;
  /** Targets handed out and not yet closed. */
  load = 0;
  /** No connection attempt before this time (ms, `performance.now()`). */
  retryAt = 0;
  lastError: string | null = null;

  constructor(
    readonly spec: PoolMember,
    private readonly backoff: PoolBackoff,
    private readonly logger: Logger,
  ) {}

  /** The connected backend, connecting (again) when there is none or it died. */
  async connected(): Promise<RenderBackend> {
    const held = this.backend;
    if (held !== null) {
      const backend = await held;
      if (backend.isConnected()) return backend;
      if (this.backend === held) {
        this.logger.warn({ browser: this.spec.label }, 'render pool: a browser went away, reconnecting');
        this.backend = null;
        backend.close().catch(() => undefined);
      }
      return this.connected();
    }
    const connecting = this.spec.factory();
    this.backend = connecting;
    try {
      const backend = await connecting;
      // Closed while connecting (the export was cancelled): do not leave the connection open.
      if (this.closed) {
        await backend.close();
        throw new Error('the render pool is closed');
      }
      this.failures = 0;
      this.lastError = null;
      return backend;
    } catch (error) {
      if (this.backend === connecting) this.backend = null;
      throw error;
    }
  }

  /** Records a failure: the member is skipped until its backoff has passed. */
  down(error: unknown): void {
    this.failures += 1;
    this.lastError = reasonOf(error);
    const delay = Math.min(this.backoff.maxMs, this.backoff.firstMs * 2 ** (this.failures - 1));
    this.retryAt = performance.now() + delay;
    this.logger.warn(
      { browser: this.spec.label, error: this.lastError, retryInMs: delay },
      'render pool: browser down',
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    const held = this.backend;
    this.backend = null;
    if (held !== null) await (await held.catch(() => null))?.close();
  }
}

/** A target that gives its slot back once, when closed or gone. */
function slotted(target: CdpTarget, release: () => void): CdpTarget {
  let released = false;
  const once = (): void => {
    if (released) return;
    released = true;
    release();
  };
  target.onClosed(once);
  return {
    send: (method, params) => target.send(method, params),
    on: (event, listener) => target.on(event, listener),
    onClosed: (listener) => target.onClosed(listener),
    close: async () => {
      once();
      await target.close();
    },
    remote: target.remote ?? false,
  };
}

class PoolBackend implements RenderBackend {
  readonly name: string;
  private closed = false;

  constructor(private readonly members: readonly Member[]) {
    this.name = `pool of ${members.length} (${members.map((m) => m.spec.label).join(', ')})`;
  }

  /** Members up for a target, least loaded first (ties: the order given). */
  private ready(now: number): Member[] {
    return this.members
      .filter((member) => member.retryAt <= now)
      .sort((a, b) => a.load / a.spec.slots - b.load / b.spec.slots);
  }

  async newTarget(): Promise<CdpTarget> {
    if (this.closed) throw new Error('the render pool is closed');
    let candidates = this.ready(performance.now());
    if (candidates.length === 0) {
      // Every browser is down: wait for the first one due back rather than fail at once.
      const due = Math.min(...this.members.map((m) => m.retryAt));
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      candidates = this.ready(performance.now());
    }
    for (const member of candidates) {
      member.load += 1;
      try {
        const target = await (await member.connected()).newTarget();
        return slotted(target, () => {
          member.load -= 1;
        });
      } catch (error) {
        member.load -= 1;
        if (this.closed) throw error;
        member.down(error);
      }
    }
    throw new Error(`no browser of the pool is reachable: ${this.describeDown()}`);
  }

  /** `URL (reason); URL (reason)` of the members that failed. */
  describeDown(): string {
    return this.members.map((m) => `${m.spec.label} (${m.lastError ?? 'not tried'})`).join('; ');
  }

  /** The pool reconnects its members itself: it is up until closed. */
  isConnected(): boolean {
    return !this.closed;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.members.map((member) => member.close()));
  }
}

/**
 * A factory of a pool over `members`. Launching connects to every member at once and fails, naming
 * each URL and why, only when none can be reached; the unreachable ones are retried later.
 */
export function poolRenderBackend(
  members: readonly PoolMember[],
  logger: Logger,
  backoff: PoolBackoff = DEFAULT_POOL_BACKOFF,
): RenderBackendFactory {
  if (members.length === 0) throw new Error('a render pool needs at least one browser');
  return async () => {
    const pool = members.map((spec) => new Member(spec, backoff, logger));
    const results = await Promise.allSettled(pool.map((member) => member.connected()));
    results.forEach((result, index) => {
      if (result.status === 'rejected') pool[index]?.down(result.reason);
    });
    const backend = new PoolBackend(pool);
    if (results.every((result) => result.status === 'rejected')) {
      await backend.close();
      throw new Error(`no browser could be reached: ${backend.describeDown()}`);
    }
    return backend;
  };
}

/** Page slots of a pool: what the pipeline's concurrency should be. */
export function poolSlots(members: readonly PoolMember[]): number {
  return members.reduce((sum, member) => sum + member.slots, 0);
}
