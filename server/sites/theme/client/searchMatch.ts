/**
 * Matching one query word against the term shards of the sharded index: which shards a word needs, and
 * the pages each matching term scores, weighted the way MiniSearch weighs exact, prefix and fuzzy
 * matches (so ranking carries over from the single index). Pure functions of the data.
 */
import type { SearchManifest, TermShard } from '../searchFormat.js';

/** Weights of MiniSearch's defaults: a prefix match, a fuzzy match. */
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
const MAX_FUZZY = 6;

/**
 * Shards one word's prefix matches may come from. A short prefix of a big site ("co") spans many
 * shards; past this many, only its first ones are searched (the exact word's own shard always is).
 */
export const MAX_PREFIX_SHARDS = 3;

/** A page's score for one query word, and the terms (with their field masks) it matched by. */
export interface WordMatch {
  score: number;
  readonly match: Map<string, number>;
}

/** Index of the shard that holds `term` (the last one starting at or before it); 0 when before all. */
function shardOf(manifest: SearchManifest, term: string): number {
  let [low, high] = [0, manifest.shards.length - 1];
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if ((manifest.shards[mid] ?? '') <= term) low = mid;
    else high = mid - 1;
  }
  return Math.max(0, low);
}

/** Names of the term shards `word` is looked up in: its own, then those its prefix matches run into. */
export function shardsFor(manifest: SearchManifest, word: string): string[] {
  if (manifest.shards.length === 0) return [];
  const first = shardOf(manifest, word);
  const last = word.length > 1 ? shardOf(manifest, `${word}\uffff`) : first;
  const names: string[] = [];
  for (let i = first; i <= Math.min(last, first + MAX_PREFIX_SHARDS - 1); i++) names.push(`t${i}`);
  return names;
}

/** Edit distance of `a` and `b`, or `max + 1` once it is sure to exceed `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    previous = row;
  }
  return previous[b.length] ?? max + 1;
}

/** How much a `term` found in the index counts for query `word` (0: not at all), as in MiniSearch. */
function weightOf(word: string, term: string, fuzzy: number): number {
  if (term === word) return 1;
  if (word.length > 1 && term.startsWith(word)) {
    return (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * (term.length - word.length));
  }
  if (fuzzy === 0) return 0;
  const distance = editDistance(word, term, fuzzy);
  return distance > fuzzy ? 0 : (FUZZY_WEIGHT * term.length) / (term.length + distance);
}

/**
 * The pages matching `word` in `shards` (the word's own shard first: typos are looked for there only),
 * with their weighted scores. Fuzzy matching, as before, for words of 5 letters and more.
 */
export function matchWord(word: string, shards: readonly TermShard[]): Map<number, WordMatch> {
  const fuzzy = word.length > 4 ? Math.min(MAX_FUZZY, Math.round(word.length * 0.2)) : 0;
  const found = new Map<number, WordMatch>();
  shards.forEach((shard, index) => {
    for (const [term, postings] of shard.terms) {
      const weight = weightOf(word, term, index === 0 ? fuzzy : 0);
      if (weight > 0) addPostings(found, term, postings, weight);
    }
  });
  return found;
}

function addPostings(found: Map<number, WordMatch>, term: string, postings: readonly number[], weight: number): void {
  let doc = 0;
  for (let i = 0; i + 1 < postings.length; i += 2) {
    doc += postings[i] ?? 0;
    const packed = postings[i + 1] ?? 0;
    const mask = packed % 32;
    const score = (weight * (packed - mask)) / 3200;
    const known = found.get(doc);
    if (known === undefined) found.set(doc, { score, match: new Map([[term, mask]]) });
    else {
      known.score += score;
      known.match.set(term, (known.match.get(term) ?? 0) | mask);
    }
  }
}
