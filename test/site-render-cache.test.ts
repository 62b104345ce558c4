/** The sites' render cache: bounded by size, dropped per build, and what it does with incomplete bodies. */
import { describe, expect, it } from 'vitest';
import { RenderCache, type CachedBody } from '../server/sites/serve/renderCache.js';

/** A maker that counts its calls and answers `body` (incomplete when `incomplete` is given). */
function maker(body: string, incomplete?: string): { make: () => Promise<CachedBody>; calls: () => number } {
  let calls = 0;
  return {
    make: () => {
      calls++;
      return Promise.resolve({ body, etag: `"${body}"`, ...(incomplete === undefined ? {} : { incomplete }) });
    },
    calls: () => calls,
  };
}

describe('RenderCache', () => {
  it('keeps a body, shares it, and evicts the least recently used past its size', async () => {
    const cache = new RenderCache(40); // room for two 10-character bodies (UTF-16 estimate: 20 bytes each)
    const a = maker('aaaaaaaaaa');
    const b = maker('bbbbbbbbbb');
    const c = maker('cccccccccc');
    await cache.get('p/a', a.make);
    await cache.get('p/b', b.make);
    await cache.get('p/a', a.make); // a is now the most recently used
    await cache.get('p/c', c.make);
    expect(cache.size).toBe(2);
    await cache.get('p/a', a.make);
    await cache.get('p/b', b.make);
    expect([a.calls(), b.calls(), c.calls()]).toEqual([1, 2, 1]);
  });

  it('drops every key of a replaced build', async () => {
    const cache = new RenderCache();
    const old = maker('old');
    await cache.get('prj/b1/page/x', old.make);
    await cache.get('prj/b2/page/x', maker('new').make);
    cache.dropPrefix('prj/b1/');
    expect(cache.size).toBe(1);
    await cache.get('prj/b1/page/x', old.make);
    expect(old.calls()).toBe(2);
  });

  it('forgets every body when cleared, and fills its whole size again after', async () => {
    const cache = new RenderCache(40);
    const a = maker('aaaaaaaaaa');
    await cache.get('p/a', a.make);
    await cache.get('p/b', maker('bbbbbbbbbb').make);
    cache.clear();
    expect(cache.size).toBe(0);
    const c = maker('cccccccccc');
    const d = maker('dddddddddd');
    await cache.get('p/c', c.make);
    await cache.get('p/d', d.make);
    await cache.get('p/c', c.make);
    await cache.get('p/d', d.make);
    await cache.get('p/a', a.make);
    expect([a.calls(), c.calls(), d.calls()]).toEqual([2, 1, 1]);
  });

  it('hands an incomplete body to its waiters and makes it again on the next request, or after the window', async () => {
    const now = new RenderCache();
    const slow = maker('box', 'time ran out');
    const [first, second] = await Promise.all([now.get('k', slow.make), now.get('k', slow.make)]);
    expect(first).toBe(second);
    expect(slow.calls()).toBe(1);
    await now.get('k', slow.make);
    expect(slow.calls()).toBe(2);

    const windowed = new RenderCache(undefined, 50);
    const again = maker('box', 'time ran out');
    await windowed.get('k', again.make);
    await windowed.get('k', again.make);
    expect(again.calls()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await windowed.get('k', again.make);
    expect(again.calls()).toBe(2);
  });
});
