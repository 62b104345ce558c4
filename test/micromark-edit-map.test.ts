/**
 * The install-time fix of micromark-util-edit-map (patches/, applied by patch-package): consuming edits
 * leaves the events before the first edit where they are. Without it every container a page closes (a
 * list, a quote) rewrote all the events of the page so far, and a long page took quadratic time to parse.
 */
import { EditMap } from 'micromark-util-edit-map';
import type { Event } from 'micromark-util-types';
import { describe, expect, it } from 'vitest';

/** `count` stand-in events (the map only moves them). */
function events(count: number, tag: string): Event[] {
  return Array.from({ length: count }, (_, i) => ['enter', { type: `${tag}${i}` }, {}] as unknown as Event);
}

/** `list` behind a proxy that counts the elements written into it. */
function counted(list: Event[]): { list: Event[]; writes: () => number } {
  let writes = 0;
  const proxy = new Proxy(list, {
    set(target, key, value, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) writes += 1;
      return Reflect.set(target, key, value, receiver);
    },
  });
  return { list: proxy, writes: () => writes };
}

describe('micromark-util-edit-map, as patched', () => {
  it('writes only what follows the first edit', () => {
    const { list, writes } = counted(events(100_000, 'e'));
    const map = new EditMap();
    map.add(99_990, 2, events(3, 'added'));
    map.add(99_995, 0, events(1, 'later'));
    map.consume(list);
    // 10 kept after the first edit, minus 2 removed, plus 4 added: 12 written, none of the 99,990 before it.
    expect(writes()).toBe(12);
    expect(list.length).toBe(100_002);
    const types = list.slice(99_988).map((event) => event[1].type);
    expect(types).toEqual([
      'e99988',
      'e99989',
      'added0',
      'added1',
      'added2',
      'e99992',
      'e99993',
      'e99994',
      'later0',
      'e99995',
      'e99996',
      'e99997',
      'e99998',
      'e99999',
    ]);
  });
});
