/**
 * Search over the sharded index (theme/searchFormat.ts): the manifest first, then only the term shards
 * the query's words need and the doc chunks of the results shown, each file loaded once. Words are
 * combined with AND, or OR when no page has them all; scores and weights follow the single-index
 * MiniSearch engine (test/helpers/referenceSearch.ts), so the same pages come first. Independent of how files are
 * loaded (script tags in the page, files in Node tests).
 */
import {
  SEARCH_FIELDS,
  SEARCH_MANIFEST_NAME,
  searchTokens,
  type DocChunk,
  type SearchManifest,
  type ShownDoc,
  type TermShard,
} from '../searchFormat.js';
import { filesFor, matchWord, type WordMatch } from './searchMatch.js';
import { bestHeading, snippet, type SearchHit } from './searchText.js';

/** Loads one file of the index by name (`manifest`, `t3`, `d12`): its data. */
export type ShardLoader = (name: string) => Promise<unknown>;

/** A search over a sharded index. */
export interface ShardedSearch {
  /**
   * The best `limit` pages for `query`; with `language` (the reader's `<html lang>`), on a site with
   * several languages, only that language's pages and the pages of none, as Mintlify's search keeps to
   * the reader's language.
   */
  search(query: string, limit?: number, language?: string): Promise<SearchHit[]>;
  /** Loads the manifest ahead of the first query. */
  warm(): Promise<void>;
}

interface Candidate {
  readonly doc: number;
  score: number;
  readonly match: Map<string, number>;
  readonly words: Set<string>;
}

const TITLE_BIT = 1 << SEARCH_FIELDS.indexOf('t');
const HEADINGS_BIT = 1 << SEARCH_FIELDS.indexOf('h');

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isManifest(value: unknown): value is SearchManifest {
  return isObject(value) && value['version'] === 3 && Array.isArray(value['shards']);
}

function isTermShard(value: unknown): value is TermShard {
  return isObject(value) && Array.isArray(value['terms']);
}

function isDocChunk(value: unknown): value is DocChunk {
  return isObject(value) && Array.isArray(value['docs']);
}

function merge(into: Candidate, word: string, found: WordMatch): void {
  into.score += found.score;
  into.words.add(word);
  for (const [term, mask] of found.match) into.match.set(term, (into.match.get(term) ?? 0) | mask);
}

/** Pages with every word (AND), or, when there is none, with any (OR); best first. */
export function combine(words: readonly string[], perWord: readonly Map<number, WordMatch>[]): Candidate[] {
  const union = new Map<number, Candidate>();
  perWord.forEach((found, i) => {
    const word = words[i] ?? '';
    for (const [doc, match] of found) {
      let candidate = union.get(doc);
      if (candidate === undefined) {
        candidate = { doc, score: 0, match: new Map(), words: new Set() };
        union.set(doc, candidate);
      }
      merge(candidate, word, match);
    }
  });
  const distinct = new Set(words).size;
  const all = [...union.values()];
  const every = all.filter((c) => c.words.size === distinct);
  const chosen = every.length > 0 ? every : all;
  // As MiniSearch does: a page matching more of the words ranks higher.
  for (const c of chosen) c.score *= c.words.size;
  return chosen.sort((a, b) => b.score - a.score || a.doc - b.doc);
}

/**
 * Whether a doc id is a page `language` readers see: of that language or of none (`manifest.languages`
 * runs, searched by halves); null (every page) when the index names no languages or none is asked for.
 */
export function languageFilter(
  manifest: SearchManifest,
  language: string | undefined,
): ((doc: number) => boolean) | null {
  const runs = manifest.languages;
  if (runs === undefined || runs.length === 0 || language === undefined) return null;
  const wanted = language.toLowerCase();
  return (doc) => {
    let low = 0;
    let high = runs.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if ((runs[middle]?.[0] ?? 0) <= doc) low = middle;
      else high = middle - 1;
    }
    const code = (runs[low]?.[1] ?? '').toLowerCase();
    return code === '' || code === wanted;
  };
}

/** `found` without the docs `keep` refuses (all of them when there is no filter). */
function kept(found: Map<number, WordMatch>, keep: ((doc: number) => boolean) | null): Map<number, WordMatch> {
  return keep === null ? found : new Map([...found].filter(([doc]) => keep(doc)));
}

function hitOf(candidate: Candidate, doc: ShownDoc, url: string, words: readonly string[]): SearchHit {
  const matched = [...candidate.match.keys()];
  const masks = [...candidate.match.values()].reduce((a, b) => a | b, 0);
  // Point at a heading only when the words are in one and not already in the title.
  const heading = masks & HEADINGS_BIT && !(masks & TITLE_BIT) ? bestHeading(doc, words) : undefined;
  const snip = snippet(doc.x || doc.d || '', matched.length > 0 ? matched : words);
  return {
    url: heading ? `${url}#${encodeURIComponent(heading[0])}` : url,
    title: doc.t,
    ...(doc.s ? { section: doc.s } : {}),
    ...(heading ? { heading: heading[1] } : {}),
    snippet: snip.text,
    marks: snip.marks,
    ...(doc.m ? { method: doc.m } : {}),
    score: candidate.score,
  };
}

/**
 * A search over the index `load` reads. `resolveUrl` turns a page's stored URL into a link, given the
 * doc chunk it came from (a bundle's URLs are relative to that file); by default it is kept as is.
 */
export function createShardedSearch(
  load: ShardLoader,
  resolveUrl: (url: string, chunk: string) => string = (url) => url,
): ShardedSearch {
  const files = new Map<string, Promise<unknown>>();
  const file = (name: string): Promise<unknown> => {
    let known = files.get(name);
    if (known === undefined) {
      // A failed load is forgotten, so the next search tries again.
      known = load(name).catch((error: unknown) => {
        files.delete(name);
        throw error;
      });
      files.set(name, known);
    }
    return known;
  };
  const manifest = async (): Promise<SearchManifest> => {
    const data = await file(SEARCH_MANIFEST_NAME);
    if (!isManifest(data)) throw new Error('search: the manifest is not an index of format 3');
    return data;
  };
  const shard = async (name: string): Promise<TermShard> => {
    const data = await file(name);
    if (!isTermShard(data)) throw new Error(`search: ${name} is not a term shard or head`);
    return data;
  };
  const doc = async (index: SearchManifest, id: number): Promise<[ShownDoc | null, string]> => {
    const name = `d${Math.floor(id / index.chunk)}`;
    const data = await file(name);
    if (!isDocChunk(data)) throw new Error(`search: ${name} is not a doc chunk`);
    return [data.docs[id % index.chunk] ?? null, name];
  };

  const hits = async (
    index: SearchManifest,
    ranked: Candidate[],
    words: string[],
    limit: number,
  ): Promise<SearchHit[]> => {
    const out: SearchHit[] = [];
    // Pages left out of a bundle are null: take the next ones until the list is full.
    for (let at = 0; at < ranked.length && out.length < limit;) {
      const batch = ranked.slice(at, at + limit - out.length);
      at += batch.length;
      const docs = await Promise.all(batch.map((c) => doc(index, c.doc)));
      batch.forEach((candidate, i) => {
        const [shown, chunk] = docs[i] ?? [null, ''];
        if (shown !== null) out.push(hitOf(candidate, shown, resolveUrl(shown.u, chunk), words));
      });
    }
    return out;
  };

  return {
    async warm(): Promise<void> {
      await manifest();
    },
    async search(query: string, limit = 12, language?: string): Promise<SearchHit[]> {
      const words = searchTokens(query);
      if (words.length === 0) return [];
      const index = await manifest();
      const keep = languageFilter(index, language);
      // Kept before the words are combined: a page of the reader's language with every word comes first
      // even when other languages' pages had them too.
      const perWord = await Promise.all(
        words.map(async (word) => {
          const files = filesFor(index, word);
          return kept(matchWord(word, files, await Promise.all(files.map((f) => shard(f.name)))), keep);
        }),
      );
      return hits(index, combine(words, perWord), words, limit);
    },
  };
}
