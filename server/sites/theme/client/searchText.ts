/**
 * What both search engines share: the query's words, the result shape, the snippet around the first
 * match with its highlights, and the heading a result should point at.
 */
import { isCjkTerm, type SearchDoc } from '../searchFormat.js';

/** One result as the UI shows it. */
export interface SearchHit {
  readonly url: string;
  readonly title: string;
  readonly section?: string;
  /** The heading the query matched, when one did (the URL then points at it). */
  readonly heading?: string;
  /** Text around the first match; `[start, end)` ranges to highlight. */
  readonly snippet: string;
  readonly marks: readonly (readonly [number, number])[];
  readonly method?: string;
  readonly score: number;
}

/** Lower-cased words of a query. */
export function terms(query: string): string[] {
  return query
    .toLowerCase()
    .split(/[\s\p{P}]+/u)
    .filter((t) => t.length > 0);
}

function wordStarts(text: string, term: string): number {
  const lower = text.toLowerCase();
  let at = lower.indexOf(term);
  // A Chinese or Japanese term is a pair of characters within a run: it has no word start to look for.
  if (isCjkTerm(term)) return at;
  while (at > 0 && /[\p{L}\p{N}]/u.test(lower[at - 1] ?? '')) at = lower.indexOf(term, at + 1);
  return at;
}

/** Text around the first matched term, with highlight ranges. */
export function snippet(
  text: string,
  words: readonly string[],
  width = 160,
): { text: string; marks: [number, number][] } {
  let first = -1;
  for (const w of words) {
    const at = wordStarts(text, w);
    if (at >= 0 && (first < 0 || at < first)) first = at;
  }
  const start = first < 0 ? 0 : Math.max(0, first - Math.floor(width / 3));
  let cut = text.slice(start, start + width);
  // Trim to a word start, unless the run before the first space holds the match: Chinese and Japanese put
  // no spaces between words, and that run can be most of the cut.
  const lead = /^\S*\s/.exec(cut)?.[0].length ?? 0;
  if (start > 0) cut = `…${lead <= first - start ? cut.slice(lead) : cut}`;
  const tail = /\s\S*$/.exec(cut)?.index ?? cut.length;
  if (start + width < text.length) cut = `${tail > first - start + 1 ? cut.slice(0, tail) : cut}…`;
  const marks: [number, number][] = [];
  const lower = cut.toLowerCase();
  for (const w of words) {
    let at = lower.indexOf(w);
    while (at >= 0) {
      if (isCjkTerm(w) || !/[\p{L}\p{N}]/u.test(lower[at - 1] ?? '')) marks.push([at, at + w.length]);
      at = lower.indexOf(w, at + w.length);
    }
  }
  marks.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const m of marks) {
    const last = merged[merged.length - 1];
    if (last && m[0] <= last[1]) last[1] = Math.max(last[1], m[1]);
    else merged.push([m[0], m[1]]);
  }
  return { text: cut, marks: merged };
}

/** How often `word` starts a word of `lower` (lower-cased text), counted up to `cap`. */
function occurrences(lower: string, word: string, cap = 50): number {
  let count = 0;
  for (let at = lower.indexOf(word); at >= 0 && count < cap; at = lower.indexOf(word, at + word.length)) {
    if (isCjkTerm(word) || at === 0 || !/[\p{L}\p{N}]/u.test(lower[at - 1] ?? '')) count++;
  }
  return count;
}

/**
 * The heading a result points at, given the query's words: the one whose words hold most of them, a word
 * counting where a heading word is it (only the last, still being typed, may start one: `num` of
 * `num_ctx` is not in "maximum number"), and a word rare in the page's text more than one on every
 * line of it ("How can I upgrade Ollama?" won `OLLAMA_KEEP_ALIVE` over "How do I keep a model loaded"
 * in the ollama FAQ); the first such heading on a tie, none when no heading holds a word.
 */
export function bestHeading(
  doc: Pick<SearchDoc, 'h' | 'x'>,
  words: readonly string[],
): readonly [string, string] | undefined {
  const text = doc.x.toLowerCase();
  const weights = words.map((w) => 1 / (1 + occurrences(text, w)));
  const last = words.length - 1;
  let best: readonly [string, string] | undefined;
  let bestScore = 0;
  for (const h of doc.h ?? []) {
    const lower = h[1].toLowerCase();
    const headingWords = lower.split(/[\s\p{P}]+/u);
    let score = 0;
    words.forEach((w, i) => {
      const holds = isCjkTerm(w)
        ? lower.includes(w)
        : headingWords.some((hw) => hw === w || (i === last && hw.startsWith(w)));
      if (holds) score += weights[i] ?? 0;
    });
    if (score > bestScore) {
      best = h;
      bestScore = score;
    }
  }
  return best;
}
