/** Pacing of long loops of the export: a bounded number of items in flight, and room for the server between them. */

/** Runs `fn` over `items`, at most `limit` at a time, in order of start. */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      for (let item = items[next++]; item !== undefined; item = items[next++]) await fn(item);
    }),
  );
}

/** Lets timers and I/O (the API, /health, the job's lease) run between pages. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
