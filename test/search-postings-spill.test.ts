/**
 * Issue 13, flat memory of the search-index build: past a budget of postings, the shard builder spills
 * sorted runs to disk and merges them at the end (server/sites/search/postings.ts). The index it writes
 * must be the same, byte for byte, as the one built all in memory, and no spill file may outlive it.
 */
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { PostingStore } from '../server/sites/search/postings.js';
import { buildSearchShards, MemorySink } from '../server/sites/search/shards.js';
import type { SearchDoc } from '../server/sites/theme/searchFormat.js';

/** 300 pages sharing a vocabulary (with non-ASCII terms), as the shard builder receives them. */
function records(): SearchDoc[] {
  const words = Array.from({ length: 400 }, (_, i) => (i % 7 === 0 ? `réseau${i}` : `word${(i * 37) % 401}`));
  return Array.from({ length: 300 }, (_, i) => ({
    u: `/section/page-${i}`,
    t: `Page ${i} ${words[i % words.length]}`,
    h: [[`part-${i}`, `Part ${words[(i * 3) % words.length]}`]],
    ...(i % 5 === 0 ? { k: ['keyword', `k${i}`], b: 2 } : {}),
    x: Array.from({ length: 120 }, (_, w) => words[(i * 11 + w * 13) % words.length]).join(' '),
  }));
}

const spillDirs = (): string[] => readdirSync(tmpdir()).filter((name) => name.startsWith('offprint-postings-'));

describe('search index postings spilled to disk', () => {
  it('writes the same files as an all-in-memory build', async () => {
    const before = spillDirs();
    const inMemory = new MemorySink();
    const spilled = new MemorySink();
    const options = { docsPerChunk: 8, shardBytes: 4_000 };
    await buildSearchShards(records(), inMemory, { ...options, postingsInMemory: 1e9 });
    // ~3,000 postings per run: the 300 pages' postings go through more than ten run files.
    await buildSearchShards(records(), spilled, { ...options, postingsInMemory: 3_000 });
    expect(inMemory.files.size).toBeGreaterThan(40);
    expect([...spilled.files.keys()]).toEqual([...inMemory.files.keys()]);
    for (const [name, json] of inMemory.files) expect(spilled.files.get(name), name).toBe(json);
    expect(spillDirs()).toEqual(before);
  });

  it('merges one term spread over several runs into one list in doc order', () => {
    const store = new PostingStore(2);
    store.add('b', 8, 1);
    store.add('a', 9, 2);
    store.settle();
    store.add('b', 16, 3);
    store.add('c', 17, 1);
    store.settle();
    store.add('b', 24, 1);
    // A merged list is reused for the next term: each is copied as it comes.
    expect(Array.from(store.sorted(), ([term, list]) => [term, Array.from(list)])).toEqual([
      ['a', [9, 2]],
      ['b', [8, 1, 16, 3, 24, 1]],
      ['c', [17, 1]],
    ]);
  });
});
