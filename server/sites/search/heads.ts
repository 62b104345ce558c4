/**
 * Heads of long prefixes (`SearchManifest.heads`, theme/searchFormat.ts). A short prefix typed first
 * ("co") matches terms spread over dozens of term shards on a big site, more than a query loads for one
 * word; its head is one small file with the prefix's weightiest terms, each with its best pages, so the
 * first keystrokes already rank what the whole span would put first. Terms reach the builder in
 * code-unit order, so the terms of a prefix arrive together: one open group per prefix length keeps a
 * bounded top list and becomes a head file when its prefix ends, if its terms spanned enough shards.
 */
import { MAX_PREFIX_SHARDS } from '../theme/searchFormat.js';
import type { ShardSink } from './shards.js';

/** Prefix lengths that get heads: single letters match no prefixes, longer words span few shards. */
const MIN_HEAD_PREFIX = 2;
const MAX_HEAD_PREFIX = 8;
/**
 * Terms a head keeps, and pages per term: many terms with few pages each come closest to the ranking of
 * the whole span (measured on 10,000 pages of real text: the pages of the reference engine's top ten
 * found 0.91 of the time, against 0.82 reading only the span's first shards); a head stays under ~80 kB.
 */
const HEAD_TERMS = 256;
const HEAD_PAGES = 30;

interface HeadTerm {
  readonly term: string;
  readonly mass: number;
  readonly postings: readonly number[];
}

interface Group {
  readonly prefix: string;
  readonly first: number;
  last: number;
  readonly top: HeadTerm[];
  /** Index in `top` of its lightest term once `top` is full (most terms are lighter: one comparison). */
  lightest: number;
}

/** Sum of a term's page scores (its weight among the prefix's terms). */
function massOf(postings: ArrayLike<number>): number {
  let mass = 0;
  for (let i = 1; i < postings.length; i += 2) mass += Math.floor((postings[i] ?? 0) / 32);
  return mass;
}

/** A term's postings cut to its `pages` best-scoring pages, re-encoded in page order. */
function bestPages(postings: ArrayLike<number>, pages: number): number[] {
  if (postings.length <= pages * 2) return Array.from(postings);
  const decoded: [number, number][] = [];
  let doc = 0;
  for (let i = 0; i + 1 < postings.length; i += 2) {
    doc += postings[i] ?? 0;
    decoded.push([doc, postings[i + 1] ?? 0]);
  }
  const kept = decoded.sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, pages);
  kept.sort((a, b) => a[0] - b[0]);
  const out: number[] = [];
  let last = 0;
  for (const [id, packed] of kept) {
    out.push(id - last, packed);
    last = id;
  }
  return out;
}

/** Collects the heads while term shards are written; {@link finish} returns the manifest's `heads`. */
export class HeadCollector {
  /** The open group of each prefix length (index: the length). */
  private readonly open: (Group | undefined)[] = [];
  private readonly prefixes: string[] = [];

  constructor(private readonly sink: ShardSink) {}

  /**
   * `term` (with its encoded postings, read here and not kept) went into term shard `shard`; terms come
   * in code-unit order.
   */
  add(term: string, postings: ArrayLike<number>, shard: number): void {
    for (let length = MAX_HEAD_PREFIX; length >= MIN_HEAD_PREFIX; length--) {
      const group = this.open[length];
      if (group !== undefined && !term.startsWith(group.prefix)) {
        this.close(group);
        this.open[length] = undefined;
      }
    }
    const mass = massOf(postings);
    for (let length = MIN_HEAD_PREFIX; length <= Math.min(MAX_HEAD_PREFIX, term.length); length++) {
      let group = this.open[length];
      if (group === undefined) {
        group = { prefix: term.slice(0, length), first: shard, last: shard, top: [], lightest: -1 };
        this.open[length] = group;
      }
      group.last = shard;
      offer(group, term, mass, postings);
    }
  }

  /** Closes the groups still open; the prefixes with a head file, `h<k>` for `heads[k]`. */
  finish(): string[] {
    for (let length = MAX_HEAD_PREFIX; length >= MIN_HEAD_PREFIX; length--) {
      const group = this.open[length];
      if (group !== undefined) this.close(group);
      this.open[length] = undefined;
    }
    return this.prefixes;
  }

  private close(group: Group): void {
    // A reader's span of a prefix may start one shard earlier (the shard before its first term).
    if (group.last - group.first + 1 < MAX_PREFIX_SHARDS) return;
    const terms = [...group.top].sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
    this.sink.write(`h${this.prefixes.length}`, JSON.stringify({ terms: terms.map((t) => [t.term, t.postings]) }));
    this.prefixes.push(group.prefix);
  }
}

/** Keeps `term` in the group's top list if it is among the {@link HEAD_TERMS} weightiest (earlier terms win ties). */
function offer(group: Group, term: string, mass: number, postings: ArrayLike<number>): void {
  const { top } = group;
  if (top.length < HEAD_TERMS) {
    top.push({ term, mass, postings: bestPages(postings, HEAD_PAGES) });
    if (top.length === HEAD_TERMS) group.lightest = lightestOf(top);
    return;
  }
  if (mass <= (top[group.lightest]?.mass ?? 0)) return;
  top[group.lightest] = { term, mass, postings: bestPages(postings, HEAD_PAGES) };
  group.lightest = lightestOf(top);
}

function lightestOf(top: readonly HeadTerm[]): number {
  let lightest = 0;
  for (let i = 1; i < top.length; i++) if ((top[i]?.mass ?? 0) < (top[lightest]?.mass ?? 0)) lightest = i;
  return lightest;
}
