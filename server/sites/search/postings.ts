/**
 * The postings of an index build (per term: `docId * 8 + field, count` pairs, in doc order), kept in
 * memory up to a budget and spilled to sorted run files past it, so building the index of a 10,000-page
 * site holds no more postings at once than a few hundred pages have. At the end the runs are merged
 * term by term (a k-way merge of sorted files, read a chunk at a time): every term comes out once, in
 * code-unit order, with its whole list, and nothing but the term being written is in memory.
 */
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';

/**
 * Postings held in memory before a spill (three 32-bit numbers each, in one array grown by doubling):
 * 3 MB, and the terms they name; the postings of some 300 real pages. At 500,000 the first spill of a
 * 10,000-page import (the array, its doubling and the sort's order) was the import's peak.
 */
export const POSTINGS_IN_MEMORY = 200_000;

const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * `JSON.stringify([term, list])` for a list of integers in a typed array (which JSON would write as an
 * object): how a term and its numbers go into run files and term shards.
 */
export function termJson(term: string, list: ArrayLike<number>): string {
  return `[${JSON.stringify(term)},[${Array.prototype.join.call(list, ',')}]]`;
}

/**
 * Reads a run file line by line, a chunk at a time (UTF-8 split across chunks handled). Chunks are
 * small and lines are cut out of each as it arrives, so the strings made stay in V8's young generation:
 * with 64 kB chunks, text with any non-ASCII character decoded to 128 kB two-byte strings, which V8
 * puts in its large-object space, freed only by a full collection; the merge of a 10,000-page site's
 * index left ~25 MB of them behind.
 */
class RunReader {
  private readonly fd: number;
  private readonly decoder = new StringDecoder('utf8');
  private readonly chunk = Buffer.alloc(16 * 1024);
  private lines: string[] = [];
  private next = 0;
  private partial = '';
  private ended = false;
  /** The current entry, or null once the run is read. */
  head: [string, number[]] | null = null;

  constructor(file: string) {
    this.fd = openSync(file, 'r');
    this.advance();
  }

  /** Moves {@link head} to the next entry. */
  advance(): void {
    while (this.next >= this.lines.length && !this.ended) this.refill();
    const line = this.lines[this.next++];
    if (line === undefined) {
      this.head = null;
      this.lines = [];
      return;
    }
    // Written by spill() below from [string, number[]] pairs only.
    this.head = JSON.parse(line) as [string, number[]];
  }

  private refill(): void {
    const read = readSync(this.fd, this.chunk, 0, this.chunk.length, null);
    if (read === 0) {
      this.ended = true;
      closeSync(this.fd);
    }
    const lines = (
      this.partial + (read === 0 ? this.decoder.end() : this.decoder.write(this.chunk.subarray(0, read)))
    ).split('\n');
    // Every line ends with a newline, so what follows the last one is a partial line (empty at the end).
    this.partial = lines.pop() ?? '';
    [this.lines, this.next] = [lines, 0];
  }
}

/**
 * A growable list of numbers reused from term to term: the merged lists of a 10,000-page site's common
 * words run to hundreds of kilobytes, and a fresh array for each would be garbage in the large-object
 * space (freed only by a full collection) within the second the merge takes.
 */
export class ReusedList {
  private buffer = new Float64Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.buffer.length) {
      const grown = new Float64Array(this.buffer.length * 2);
      grown.set(this.buffer);
      this.buffer = grown;
    }
    this.buffer[this.length++] = value;
  }

  /** The numbers pushed since {@link length} was last set to 0; valid until the next push. */
  view(): Float64Array {
    return this.buffer.subarray(0, this.length);
  }
}

/**
 * The postings held between spills, in one typed array of (term id, key, count) triples kept from spill
 * to spill: a JS array per term, grown as its postings came, left its outgrown copies as garbage in the
 * old generation (the lists live until the spill), ~20 MB between full collections on a 10,000-page
 * import.
 */
class HeldPostings {
  private termIds = new Map<string, number>();
  private terms: string[] = [];
  private triples = new Int32Array(3 * 4096);
  /** Postings held. */
  count = 0;

  add(term: string, key: number, count: number): void {
    let id = this.termIds.get(term);
    if (id === undefined) {
      id = this.terms.push(term) - 1;
      this.termIds.set(term, id);
    }
    if (3 * (this.count + 1) > this.triples.length) {
      const grown = new Int32Array(this.triples.length * 2);
      grown.set(this.triples);
      this.triples = grown;
    }
    const at = 3 * this.count++;
    this.triples[at] = id;
    this.triples[at + 1] = key;
    this.triples[at + 2] = count;
  }

  /**
   * Each term held, in code-unit order, with its postings in the order they were added (a counting sort
   * by term); the list is `list`, reused from term to term.
   */
  *grouped(list: ReusedList): Generator<[string, Float64Array]> {
    const { triples, terms, count } = this;
    const starts = new Int32Array(terms.length + 1);
    for (let i = 0; i < count; i++) {
      const at = (triples[3 * i] ?? 0) + 1;
      starts[at] = (starts[at] ?? 0) + 1;
    }
    for (let id = 0; id < terms.length; id++) starts[id + 1] = (starts[id + 1] ?? 0) + (starts[id] ?? 0);
    const next = starts.slice(0, terms.length);
    const order = new Int32Array(count);
    for (let i = 0; i < count; i++) {
      const id = triples[3 * i] ?? 0;
      const at = next[id] ?? 0;
      order[at] = i;
      next[id] = at + 1;
    }
    const ids = terms.map((_, id) => id).sort((a, b) => byCodeUnit(terms[a] ?? '', terms[b] ?? ''));
    for (const id of ids) {
      list.length = 0;
      for (let j = starts[id] ?? 0; j < (starts[id + 1] ?? 0); j++) {
        const at = 3 * (order[j] ?? 0);
        list.push(triples[at + 1] ?? 0);
        list.push(triples[at + 2] ?? 0);
      }
      yield [terms[id] ?? '', list.view()];
    }
  }

  /** Forgets the postings held (the array is kept for the next ones). */
  clear(): void {
    this.termIds = new Map<string, number>();
    this.terms = [];
    this.count = 0;
  }
}

/** Posting lists by term, spilling to disk past {@link POSTINGS_IN_MEMORY}. */
export class PostingStore {
  private readonly held = new HeldPostings();
  /** The list each term comes out in, when spilled and when read back: grown once, reused throughout. */
  private readonly list = new ReusedList();
  private dir: string | null = null;
  private readonly runs: string[] = [];

  constructor(private readonly budget = POSTINGS_IN_MEMORY) {}

  /** Adds one posting of `term` (in doc order). */
  add(term: string, key: number, count: number): void {
    this.held.add(term, key, count);
  }

  /** Spills the postings held if they are past the budget; called between docs, so a doc is never split. */
  settle(): void {
    if (this.held.count >= this.budget) this.spill();
  }

  /**
   * Every term with its whole list, in code-unit order of terms; then the spill files are gone. A list
   * is reused for the next term: read it before asking for the next.
   */
  *sorted(): Generator<[string, ArrayLike<number>]> {
    if (this.runs.length === 0) {
      yield* this.held.grouped(this.list);
      this.held.clear();
      return;
    }
    if (this.held.count > 0) this.spill();
    try {
      yield* this.merged(this.runs.map((file) => new RunReader(file)));
    } finally {
      this.dispose();
    }
  }

  /** Removes the spill files (also when a build stops early). */
  dispose(): void {
    if (this.dir !== null) rmSync(this.dir, { recursive: true, force: true });
    this.dir = null;
  }

  private *merged(readers: RunReader[]): Generator<[string, ArrayLike<number>]> {
    const { list } = this;
    for (;;) {
      let term: string | null = null;
      for (const reader of readers) {
        const head = reader.head?.[0];
        if (head !== undefined && (term === null || head < term)) term = head;
      }
      if (term === null) return;
      // Runs hold docs in order (run 0 the first docs), so concatenating in run order keeps doc order.
      list.length = 0;
      for (const reader of readers) {
        if (reader.head?.[0] !== term) continue;
        for (const n of reader.head[1]) list.push(n);
        reader.advance();
      }
      yield [term, list.view()];
    }
  }

  private spill(): void {
    this.dir ??= mkdtempSync(join(tmpdir(), 'offprint-postings-'));
    const file = join(this.dir, `run-${this.runs.length}.ndjson`);
    const fd = openSync(file, 'w');
    try {
      let batch = '';
      for (const [term, list] of this.held.grouped(this.list)) {
        batch += `${termJson(term, list)}\n`;
        if (batch.length < 64 * 1024) continue;
        writeSync(fd, batch);
        batch = '';
      }
      writeSync(fd, batch);
    } finally {
      closeSync(fd);
    }
    this.runs.push(file);
    this.held.clear();
  }
}
