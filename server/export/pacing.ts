/** Pacing of long loops of the export: a bounded number of items in flight, and room for the server between them. */

/**
 * Runs `fn` over `items`, at most `limit` at a time, in order of start. When one call fails, no further
 * item starts, and the failure is thrown only once the calls already running have ended: a caller that
 * then closes what they use (the run's site server) cannot pull it from under them, and nothing of the
 * loop goes on (retrying, logging) after the export has ended.
 */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  // One iterator shared by the lanes: each takes the next item when it is free.
  const queue = items.values();
  // Set by the first call that fails (a holder: TypeScript does not see the lanes assign it).
  const state: { failure: { error: unknown } | null } = { failure: null };
  const lane = async (): Promise<void> => {
    for (const item of queue) {
      if (state.failure !== null) return;
      try {
        await fn(item);
      } catch (error) {
        state.failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (state.failure !== null) throw state.failure.error;
}

/** Lets timers and I/O (the API, /health, the job's lease) run between pages. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
