/**
 * The reference engine: MiniSearch over every page at once (field boosts title > keywords > headings >
 * description > text, per-page `boost`, prefix and light fuzzy matching), as pages searched before the
 * index was sharded. The theme now searches the sharded index (server/sites/theme/client/searchShards.ts),
 * whose scores follow this one's; tests and `bench/search` compare the two. Not shipped: MiniSearch is a
 * dev dependency.
 */
import MiniSearch from 'minisearch';
import type { SearchDoc, SearchIndexData } from '../../server/sites/theme/searchFormat.js';
import { bestHeading, snippet, terms, type SearchHit } from '../../server/sites/theme/client/searchText.js';

export type { SearchHit } from '../../server/sites/theme/client/searchText.js';

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
      return d.r === undefined ? d.x : `${d.x} ${d.r}`;
  }
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
        const heading = hitFields.has('h') && !hitFields.has('t') ? bestHeading(doc, words) : undefined;
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
