/**
 * Matching one query word against the term shards of the sharded index: which shards a word needs, and
 * the pages each matching term scores, weighted the way MiniSearch weighs exact, prefix and fuzzy
 * matches (so ranking carries over from the single index). Pure functions of the data.
 */
import { MAX_PREFIX_SHARDS, type SearchManifest, type TermShard } from '../searchFormat.js';

/** Weights of MiniSearch's defaults: a prefix match, a fuzzy match. */
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
const MAX_FUZZY = 6;

/** Files one query word may load at most: its own shard and the shards or head of its prefix, a neighbour. */
export const MAX_FILES_PER_WORD = MAX_PREFIX_SHARDS + 1;

/** One file a word is looked up in, and whether typos of the word are looked for there. */
export interface WordFile {
  readonly name: string;
  readonly fuzzy: boolean;
}

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

/** Largest edit distance a typo of `word` may have (0: words of up to 4 letters are taken as typed). */
function fuzzinessOf(word: string): number {
  return word.length > 4 ? Math.min(MAX_FUZZY, Math.round(word.length * 0.2)) : 0;
}

/**
 * The files `word` is looked up in, its own term shard first: the shards its prefix matches run into,
 * or, when they are more than {@link MAX_PREFIX_SHARDS} and the index has one, the prefix's head; and
 * for typos, the shards on either side of its own (a near term may sort just across a shard boundary).
 */
export function filesFor(manifest: SearchManifest, word: string): WordFile[] {
  if (manifest.shards.length === 0) return [];
  const fuzzy = fuzzinessOf(word) > 0;
  const own = shardOf(manifest, word);
  const last = word.length > 1 ? shardOf(manifest, `${word}\uffff`) : own;
  const files = new Map<string, boolean>([[`t${own}`, fuzzy]]);
  const head = manifest.heads?.indexOf(word) ?? -1;
  const useHead = last - own + 1 > MAX_PREFIX_SHARDS && head >= 0;
  if (!useHead) for (let i = own + 1; i <= Math.min(last, own + MAX_PREFIX_SHARDS - 1); i++) files.set(`t${i}`, false);
  if (fuzzy) {
    for (const near of [own - 1, own + 1]) {
      if (near >= 0 && near < manifest.shards.length) files.set(`t${near}`, true);
    }
  }
  // Last: the head's cut postings count only for terms no full shard here holds.
  if (useHead) files.set(`h${head}`, false);
  return [...files].map(([name, typos]) => ({ name, fuzzy: typos }));
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
 * The pages matching `word` in the files of {@link filesFor} (`shards[i]` is the data of `files[i]`),
 * with their weighted scores; typos only where the file says, for words of 5 letters and more. A term
 * is counted once: a head repeats terms of the word's own shard, whose full postings come first.
 */
export function matchWord(
  word: string,
  files: readonly WordFile[],
  shards: readonly TermShard[],
): Map<number, WordMatch> {
  const fuzziness = fuzzinessOf(word);
  const found = new Map<number, WordMatch>();
  const counted = new Set<string>();
  shards.forEach((shard, index) => {
    const fuzzy = files[index]?.fuzzy === true ? fuzziness : 0;
    for (const [term, postings] of shard.terms) {
      if (counted.has(term)) continue;
      const weight = weightOf(word, term, fuzzy);
      if (weight <= 0) continue;
      counted.add(term);
      addPostings(found, term, postings, weight);
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
