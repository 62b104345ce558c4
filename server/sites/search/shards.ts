/**
 * Builds the sharded search index (format 2, see theme/searchFormat.ts) from per-page records read one
 * at a time: page records go out in doc chunks as they arrive; only the postings (term, page, field,
 * count) and five field lengths per page are kept until the end, when each term's BM25 score per page
 * is computed once and the terms are cut into shards of about {@link SHARD_BYTES}. Scores follow
 * MiniSearch's BM25+ exactly (the reference engine the tests compare with), so ranking carries over.
 */
import {
  SEARCH_FIELD_BOOSTS,
  SEARCH_FIELDS,
  SEARCH_MANIFEST_NAME,
  type SearchDoc,
  type SearchManifest,
  type ShownDoc,
  wordTerms,
} from '../theme/searchFormat.js';
import { HeadCollector } from './heads.js';
import { PostingStore, ReusedList, termJson } from './postings.js';

/** Docs per doc chunk: a result page of 12 hits loads at most 12 chunks of a few pages' text each. */
export const DOCS_PER_CHUNK = 8;

/** Target size of a term shard: small enough that a query's few shards stay far below 2 MB. */
export const SHARD_BYTES = 40_000;

/** Where the files of an index go: `name` (`manifest`, `t3`, `d12`) and its JSON text. */
export interface ShardSink {
  write(name: string, json: string): void;
}

const SPLIT = /[\n\r\p{Z}\p{P}]+/u;
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const FIELD_COUNT = SEARCH_FIELDS.length;

function fieldText(doc: SearchDoc, field: number): string {
  switch (SEARCH_FIELDS[field]) {
    case 't':
      return doc.t;
    case 'k':
      return (doc.k ?? []).join(' ');
    case 'h':
      return (doc.h ?? []).map(([, text]) => text).join(' \n ');
    case 'd':
      return doc.d ?? '';
    default:
      return doc.r === undefined ? doc.x : `${doc.x} ${doc.r}`;
  }
}

function shown(doc: SearchDoc): ShownDoc {
  const { u, t, s, d, h, m, x } = doc;
  return { u, t, ...(s ? { s } : {}), ...(d ? { d } : {}), ...(h ? { h } : {}), ...(m ? { m } : {}), x };
}

function bm25(tf: number, df: number, docs: number, length: number, average: number): number {
  const idf = Math.log(1 + (docs - df + 0.5) / (df + 0.5));
  return idf * (BM25.d + (tf * (BM25.k + 1)) / (tf + BM25.k * (1 - BM25.b + (BM25.b * length) / average)));
}

/** Postings of every term and the per-page numbers BM25 needs, gathered page by page. */
class Collector {
  /** Per term: flattened `docId * 8 + field, count` pairs, in doc order (spilled to disk past a budget). */
  readonly postings: PostingStore;
  /** Per doc: the unique-word count of each field (MiniSearch's field length). */
  readonly lengths: number[] = [];
  readonly boosts: number[] = [];
  readonly totals: number[] = new Array<number>(FIELD_COUNT).fill(0);
  docs = 0;

  constructor(postingsInMemory?: number) {
    this.postings = new PostingStore(postingsInMemory);
  }

  add(doc: SearchDoc): void {
    const id = this.docs++;
    this.boosts.push(doc.b ?? 1);
    for (let field = 0; field < FIELD_COUNT; field++) {
      const raw = fieldText(doc, field).split(SPLIT).flatMap(wordTerms);
      const length = new Set(raw).size;
      this.lengths.push(length);
      this.totals[field] = (this.totals[field] ?? 0) + length;
      const counts = new Map<string, number>();
      for (const token of raw) {
        const term = token.toLowerCase();
        if (term) counts.set(term, (counts.get(term) ?? 0) + 1);
      }
      for (const [term, count] of counts) this.postings.add(term, id * 8 + field, count);
    }
    this.postings.settle();
  }

  /** The encoded postings of each term in turn, in one reused list (see ReusedList). */
  private readonly encoded = new ReusedList();

  /** A term's encoded postings (see `TermShard`); valid until the next term's. */
  encode(list: ArrayLike<number>): Float64Array {
    const df = new Array<number>(FIELD_COUNT).fill(0);
    for (let i = 0; i < list.length; i += 2) {
      const field = (list[i] ?? 0) % 8;
      df[field] = (df[field] ?? 0) + 1;
    }
    const out = this.encoded;
    out.length = 0;
    let doc = -1;
    let score = 0;
    let mask = 0;
    let last = 0;
    const flush = (): void => {
      if (doc < 0) return;
      const scaled = Math.max(1, Math.round(score * (this.boosts[doc] ?? 1) * 100));
      out.push(doc - last);
      out.push(scaled * 32 + mask);
      last = doc;
    };
    for (let i = 0; i < list.length; i += 2) {
      const key = list[i] ?? 0;
      const field = key % 8;
      const id = (key - field) / 8;
      if (id !== doc) {
        flush();
        [doc, score, mask] = [id, 0, 0];
      }
      const average = (this.totals[field] ?? 1) / this.docs;
      const length = this.lengths[id * FIELD_COUNT + field] ?? 1;
      score += (SEARCH_FIELD_BOOSTS[field] ?? 1) * bm25(list[i + 1] ?? 1, df[field] ?? 1, this.docs, length, average);
      mask |= 1 << field;
    }
    flush();
    return out.view();
  }
}

/**
 * Writes the term shards (terms in code-unit order, cut once a shard reaches {@link SHARD_BYTES}) and
 * the heads of long prefixes; returns the first term of each shard and the prefixes with a head.
 */
function writeTermShards(
  collector: Collector,
  sink: ShardSink,
  shardBytes: number,
): { shards: string[]; heads: string[] } {
  const firsts: string[] = [];
  const heads = new HeadCollector(sink);
  let entries: string[] = [];
  let bytes = 0;
  const close = (): void => {
    sink.write(`t${firsts.length - 1}`, `{"terms":[${entries.join(',')}]}`);
    [entries, bytes] = [[], 0];
  };
  // Terms come in code-unit order, each with its whole list, and are dropped once written.
  for (const [term, list] of collector.postings.sorted()) {
    const postings = collector.encode(list);
    const entry = termJson(term, postings);
    if (entries.length === 0) firsts.push(term);
    heads.add(term, postings, firsts.length - 1);
    entries.push(entry);
    bytes += entry.length + 1;
    if (bytes >= shardBytes) close();
  }
  if (entries.length > 0) close();
  return { shards: firsts, heads: heads.finish() };
}

/** Sizes of an index build (tests use small ones to get many files from few pages). */
export interface ShardOptions {
  readonly docsPerChunk?: number;
  readonly shardBytes?: number;
  /** Postings held in memory before they are spilled to disk (postings.ts). */
  readonly postingsInMemory?: number;
}

/**
 * Reads `records` (one small record per searchable page, in the order the ids should follow) and writes
 * the sharded index to `sink`: doc chunks as the records arrive, then the term shards, then the
 * manifest. The same records always give the same files, byte for byte.
 */
export async function buildSearchShards(
  records: Iterable<SearchDoc> | AsyncIterable<SearchDoc>,
  sink: ShardSink,
  options: ShardOptions = {},
): Promise<SearchManifest> {
  const chunk = options.docsPerChunk ?? DOCS_PER_CHUNK;
  const collector = new Collector(options.postingsInMemory);
  try {
    return await writeShards(records, sink, chunk, collector, options);
  } finally {
    collector.postings.dispose();
  }
}

/** {@link buildSearchShards} once the collector exists (which the caller disposes of). */
async function writeShards(
  records: Iterable<SearchDoc> | AsyncIterable<SearchDoc>,
  sink: ShardSink,
  chunk: number,
  collector: Collector,
  options: ShardOptions,
): Promise<SearchManifest> {
  let pending: ShownDoc[] = [];
  const languages = new LanguageRuns();
  for await (const doc of records) {
    languages.add(collector.docs, doc.l);
    collector.add(doc);
    pending.push(shown(doc));
    if (pending.length === chunk) {
      sink.write(`d${collector.docs / chunk - 1}`, JSON.stringify({ docs: pending }));
      pending = [];
    }
  }
  if (pending.length > 0) sink.write(`d${Math.floor(collector.docs / chunk)}`, JSON.stringify({ docs: pending }));
  const { shards, heads } = writeTermShards(collector, sink, options.shardBytes ?? SHARD_BYTES);
  const manifest: SearchManifest = {
    version: 3,
    docs: collector.docs,
    chunk,
    shards,
    ...(heads.length > 0 ? { heads } : {}),
    ...(languages.any ? { languages: languages.runs } : {}),
  };
  sink.write(SEARCH_MANIFEST_NAME, JSON.stringify(manifest));
  return manifest;
}

/** The docs' languages as runs of `[first doc id, language]`: one per language on a site ordered by them. */
class LanguageRuns {
  readonly runs: [number, string][] = [];
  /** Some doc has a language. */
  any = false;

  add(id: number, language: string | undefined): void {
    const code = language ?? '';
    if (code !== '') this.any = true;
    if (this.runs[this.runs.length - 1]?.[1] !== code) this.runs.push([id, code]);
  }
}

/** A sink keeping the files in memory (tests, and small sites served without a build folder). */
export class MemorySink implements ShardSink {
  readonly files = new Map<string, string>();

  write(name: string, json: string): void {
    this.files.set(name, json);
  }
}
