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
 * Postings held in memory before a spill (two numbers each, ~24 bytes with the arrays' slack): about
 * 12 MB, the postings of some 700 real pages.
 */
export const POSTINGS_IN_MEMORY = 500_000;

const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Reads a run file line by line, a chunk at a time (UTF-8 split across chunks handled). */
class RunReader {
  private readonly fd: number;
  private readonly decoder = new StringDecoder('utf8');
  private readonly chunk = Buffer.alloc(64 * 1024);
  private text = '';
  private ended = false;
  /** The current entry, or null once the run is read. */
  head: [string, number[]] | null = null;

  constructor(file: string) {
    this.fd = openSync(file, 'r');
    this.advance();
  }

  /** Moves {@link head} to the next entry. */
  advance(): void {
    let newline = this.text.indexOf('\n');
    while (newline < 0 && !this.ended) {
      const read = readSync(this.fd, this.chunk, 0, this.chunk.length, null);
      if (read === 0) this.ended = true;
      this.text += read === 0 ? this.decoder.end() : this.decoder.write(this.chunk.subarray(0, read));
      newline = this.text.indexOf('\n');
    }
    if (newline < 0) {
      this.head = null;
      closeSync(this.fd);
      return;
    }
    const line = this.text.slice(0, newline);
    this.text = this.text.slice(newline + 1);
    // Written by spill() below from [string, number[]] pairs only.
    this.head = JSON.parse(line) as [string, number[]];
  }
}

/** Posting lists by term, spilling to disk past {@link POSTINGS_IN_MEMORY}. */
export class PostingStore {
  private memory = new Map<string, number[]>();
  private held = 0;
  private dir: string | null = null;
  private readonly runs: string[] = [];

  constructor(private readonly budget = POSTINGS_IN_MEMORY) {}

  /** Adds one posting of `term` (in doc order). */
  add(term: string, key: number, count: number): void {
    let list = this.memory.get(term);
    if (list === undefined) this.memory.set(term, (list = []));
    list.push(key, count);
    this.held++;
  }

  /** Spills the postings held if they are past the budget; called between docs, so a doc is never split. */
  settle(): void {
    if (this.held >= this.budget) this.spill();
  }

  /** Every term with its whole list, in code-unit order of terms; then the spill files are gone. */
  *sorted(): Generator<[string, number[]]> {
    if (this.runs.length === 0) {
      for (const term of [...this.memory.keys()].sort(byCodeUnit)) {
        const list = this.memory.get(term) ?? [];
        this.memory.delete(term);
        yield [term, list];
      }
      return;
    }
    if (this.held > 0) this.spill();
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

  private *merged(readers: RunReader[]): Generator<[string, number[]]> {
    for (;;) {
      let term: string | null = null;
      for (const reader of readers) {
        const head = reader.head?.[0];
        if (head !== undefined && (term === null || head < term)) term = head;
      }
      if (term === null) return;
      // Runs hold docs in order (run 0 the first docs), so concatenating in run order keeps doc order.
      const list: number[] = [];
      for (const reader of readers) {
        if (reader.head?.[0] !== term) continue;
        for (const n of reader.head[1]) list.push(n);
        reader.advance();
      }
      yield [term, list];
    }
  }

  private spill(): void {
    this.dir ??= mkdtempSync(join(tmpdir(), 'offprint-postings-'));
    const file = join(this.dir, `run-${this.runs.length}.ndjson`);
    const fd = openSync(file, 'w');
    try {
      let batch = '';
      for (const term of [...this.memory.keys()].sort(byCodeUnit)) {
        batch += `${JSON.stringify([term, this.memory.get(term)])}\n`;
        if (batch.length < 64 * 1024) continue;
        writeSync(fd, batch);
        batch = '';
      }
      writeSync(fd, batch);
    } finally {
      closeSync(fd);
    }
    this.runs.push(file);
    this.memory = new Map();
    this.held = 0;
  }
}
