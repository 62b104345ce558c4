/**
 * The export's bounded loop (assembly, reused captures). A failure or a cancel must end the loop whole:
 * the run closes its site server right after, and a call still running would then fail against it and
 * log retries after the export had already ended (a Ctrl-C printed a warning after its cancel line).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { eachLimited } from '../server/export/pacing.js';

describe('eachLimited', () => {
  it('runs every item, at most `limit` at a time, in order of start', async () => {
    const started: number[] = [];
    let running = 0;
    let most = 0;
    await eachLimited([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      started.push(item);
      most = Math.max(most, ++running);
      await sleep(item % 2 === 0 ? 5 : 1);
      running -= 1;
    });
    expect(started).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it('after a failure starts nothing more and throws it only once the calls in flight have ended', async () => {
    const started: number[] = [];
    const ended: number[] = [];
    const failure = new Error('item 2 failed');
    const loop = eachLimited([1, 2, 3, 4, 5, 6], 3, async (item) => {
      started.push(item);
      if (item === 2) throw failure;
      await sleep(item === 1 ? 40 : 20);
      ended.push(item);
    });
    await expect(loop).rejects.toBe(failure);
    // Items 1 and 3 were running when 2 failed: both ended before the loop did, and none started after.
    expect(ended.sort()).toEqual([1, 3]);
    expect(started).toEqual([1, 2, 3]);
  });

  it('throws the failure that came first when several calls fail', async () => {
    const loop = eachLimited([1, 2, 3], 3, async (item) => {
      await sleep((4 - item) * 10);
      throw new Error(`item ${item}`);
    });
    await expect(loop).rejects.toThrow('item 3');
  });
});
