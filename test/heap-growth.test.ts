/**
 * server/heapGrowth.ts: the full collection the import takes between staging and its search-index pass
 * (issue 13) works in a process started without `--expose-gc`, as the CLI and the desktop app are.
 */
import { describe, expect, it } from 'vitest';
import { collectGarbageNow } from '../server/heapGrowth.js';

/** Short-lived allocations enough for several young-generation collections. */
function churn(): number {
  let total = 0;
  for (let i = 0; i < 200_000; i++) total += [i, i + 1, `${i}`].length;
  return total;
}

/**
 * A WeakRef to an object only this function held, once it has moved to the old generation (it outlived
 * young collections while held), where only a full collection frees it, and the job that made it has ended.
 */
async function droppedObject(): Promise<WeakRef<object>> {
  const target = { rows: Array.from({ length: 10_000 }, (_, i) => `row ${i}`) };
  const ref = new WeakRef(target);
  expect(churn()).toBeGreaterThan(0);
  expect(target.rows).toHaveLength(10_000);
  // V8 keeps a WeakRef's target alive until the end of the job that created or read it.
  await new Promise((resolve) => setImmediate(resolve));
  return ref;
}

describe('collectGarbageNow', () => {
  it('frees what nothing reaches, without the process having been started with --expose-gc', async () => {
    expect(process.execArgv).not.toContain('--expose-gc');
    const dropped = await droppedObject();
    const kept = { value: 'still here' };
    const keptRef = new WeakRef(kept);
    await new Promise((resolve) => setImmediate(resolve));

    collectGarbageNow();

    expect(dropped.deref()).toBeUndefined();
    expect(keptRef.deref()).toBe(kept);
  });

  it('can be called again (the collector is taken once)', async () => {
    collectGarbageNow();
    const dropped = await droppedObject();
    collectGarbageNow();
    expect(dropped.deref()).toBeUndefined();
  });
});
