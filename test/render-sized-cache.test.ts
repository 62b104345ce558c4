/**
 * Issue 13, memory of the render sandboxes: what they cache (compiled MDX, highlighted code) is bounded by
 * its size, not its number of entries, so a sandbox that has rendered a large site holds no more than one
 * that rendered a small one (server/sites/render/sizedCache.ts).
 */
import { describe, expect, it } from 'vitest';
import { SizedCache } from '../server/sites/render/sizedCache.js';

const byLength = (key: string, value: string): number => key.length + value.length;

describe('a cache bounded by size', () => {
  it('evicts the least recently used entries once the sizes pass the budget', () => {
    const cache = new SizedCache<string>(30, byLength);
    cache.set('a', 'x'.repeat(9));
    cache.set('b', 'x'.repeat(9));
    cache.set('c', 'x'.repeat(9));
    expect([cache.size, cache.heldSize]).toEqual([3, 30]);
    // Reading `a` makes `b` the oldest: a fourth entry evicts `b`, not `a`.
    expect(cache.get('a')).toBe('x'.repeat(9));
    cache.set('d', 'x'.repeat(9));
    expect(cache.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((key) => cache.get(key) !== undefined)).toEqual([true, true, true]);
    expect(cache.heldSize).toBe(30);
  });

  it('evicts as many entries as a large one needs', () => {
    const cache = new SizedCache<string>(30, byLength);
    for (const key of ['a', 'b', 'c']) cache.set(key, 'x'.repeat(9));
    cache.set('e', 'x'.repeat(24));
    expect([cache.size, cache.heldSize]).toEqual([1, 25]);
    expect(cache.get('e')).toHaveLength(24);
  });

  it('keeps nothing larger than its whole budget, and counts a replaced entry once', () => {
    const cache = new SizedCache<string>(30, byLength);
    cache.set('a', 'x'.repeat(9));
    cache.set('huge', 'x'.repeat(100));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('a')).toBe('x'.repeat(9));
    cache.set('a', 'y'.repeat(4));
    expect([cache.size, cache.heldSize, cache.get('a')]).toEqual([1, 5, 'yyyy']);
  });
});
