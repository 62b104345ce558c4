/**
 * Client-side search over the index from `buildSearchIndex`: MiniSearch with field boosts (title >
 * keywords > headings > description > text), per-page `boost`, prefix and light fuzzy matching, and
 * result snippets. Pure functions of the data, so they run in Node tests too.
 */
import MiniSearch from 'minisearch';
import type { SearchDoc, SearchIndexData } from '../searchFormat.js';

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

interface Indexed {
  readonly id: number;
  readonly doc: SearchDoc;
}

/** A loaded search engine. */
export interface SearchEngine {
  search(query: string, limit?: number): SearchHit[];
}

const FIELDS = ['t', 'k', 'h', 'd', 'x'] as const;

function field(item: Indexed, name: string): string {
  const d = item.doc;
  switch (name) {
    case 't':
      return d.t;
    case 'k':
      return (d.k ?? []).join(' ');
    case 'h':
      return (d.h ?? []).map(([, text]) => text).join(' \n ');
    case 'd':
      return d.d ?? '';
    default:
      return d.x;
  }
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
  if (start > 0) cut = `…${cut.replace(/^\S*\s/, '')}`;
  if (start + width < text.length) cut = `${cut.replace(/\s\S*$/, '')}…`;
  const marks: [number, number][] = [];
  const lower = cut.toLowerCase();
  for (const w of words) {
    let at = lower.indexOf(w);
    while (at >= 0) {
      if (!/[\p{L}\p{N}]/u.test(lower[at - 1] ?? '')) marks.push([at, at + w.length]);
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

function bestHeading(doc: SearchDoc, words: readonly string[]): readonly [string, string] | undefined {
  let best: readonly [string, string] | undefined;
  let bestCount = 0;
  for (const h of doc.h ?? []) {
    const lower = h[1].toLowerCase();
    const count = words.filter((w) => lower.includes(w)).length;
    if (count > bestCount) {
      best = h;
      bestCount = count;
    }
  }
  return best;
}

/** Builds the engine from the served index data. */
export function createSearchEngine(data: SearchIndexData): SearchEngine {
  const items: Indexed[] = data.docs.map((doc, id) => ({ id, doc }));
  const mini = new MiniSearch<Indexed>({
    fields: [...FIELDS],
    idField: 'id',
    extractField: (item, name) => (name === 'id' ? String(item.id) : field(item, name)),
    searchOptions: {
      boost: { t: 6, k: 4, h: 2.5, d: 1.5, x: 1 },
      prefix: (term) => term.length > 1,
      fuzzy: (term) => (term.length > 4 ? 0.2 : false),
      boostDocument: (id) => items[Number(id)]?.doc.b ?? 1,
    },
  });
  mini.addAll(items);
  return {
    search(query: string, limit = 12): SearchHit[] {
      const words = terms(query);
      if (words.length === 0) return [];
      let results = mini.search(query, { combineWith: 'AND' });
      if (results.length === 0) results = mini.search(query, { combineWith: 'OR' });
      return results.slice(0, limit).flatMap((result) => {
        const doc = items[Number(result.id)]?.doc;
        if (!doc) return [];
        const matched = Object.keys(result.match);
        const hitFields = new Set(Object.values(result.match).flat());
        // Point at a heading only when the words are in one and not already in the title.
        const heading = hitFields.has('h') && !hitFields.has('t') ? bestHeading(doc, matched) : undefined;
        const source = doc.x || doc.d || '';
        const snip = snippet(source, matched.length > 0 ? matched : words);
        return [
          {
            url: heading ? `${doc.u}#${encodeURIComponent(heading[0])}` : doc.u,
            title: doc.t,
            ...(doc.s ? { section: doc.s } : {}),
            ...(heading ? { heading: heading[1] } : {}),
            snippet: snip.text,
            marks: snip.marks,
            ...(doc.m ? { method: doc.m } : {}),
            score: result.score,
          },
        ];
      });
    },
  };
}
