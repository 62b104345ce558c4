/**
 * The search index as served at `/_offprint/search-index.json`: one compact record per searchable page.
 * Shared by the builder (server) and the client, which builds its MiniSearch index from it on first use.
 */

/** One page in the index (short keys keep the JSON small). */
export interface SearchDoc {
  /** URL path of the page. */
  readonly u: string;
  /** Title. */
  readonly t: string;
  /** Where the page sits: sections and groups joined with ` › `. */
  readonly s?: string;
  /** Description. */
  readonly d?: string;
  /** Headings as `[id, text]`. */
  readonly h?: readonly (readonly [string, string])[];
  /** Frontmatter keywords. */
  readonly k?: readonly string[];
  /** Search boost (1 when absent). */
  readonly b?: number;
  /** Endpoint pages: the HTTP method (`get`, `post`, ... or `webhook`). */
  readonly m?: string;
  /** Plain text of the page body (whitespace collapsed, capped): what results quote. */
  readonly x: string;
  /** The body's text past `x`, further capped: indexed for its words, never shipped in the index. */
  readonly r?: string;
  /** The page's language as its `<html lang>` says it, on sites with `navigation.languages` only. */
  readonly l?: string;
}

/** The whole index document. */
export interface SearchIndexData {
  readonly version: 1;
  readonly docs: readonly SearchDoc[];
}

/*
 * The sharded index (format 2), what the site serves under `/_offprint/search/` and a bundle carries in
 * `_assets/search-<hash>/`: each file a plain script calling `__offprintSearchShard(name, data)`, so the
 * page loads only the few files a query needs, with script tags, which work from file:// too.
 */

/** Indexed fields, in the order of a posting's field mask bits. */
export const SEARCH_FIELDS = ['t', 'k', 'h', 'd', 'x'] as const;

/** Weight of a match in each field of {@link SEARCH_FIELDS}: title > keywords > headings > description > text. */
export const SEARCH_FIELD_BOOSTS = [6, 4, 2.5, 1.5, 1] as const;

/**
 * Term shards one query word's prefix matches are read from at most: a short prefix of a big site ("co")
 * spans many shards, and past this many its head (`SearchManifest.heads`) stands for them.
 */
export const MAX_PREFIX_SHARDS = 3;

/** The global a shard script calls with its name and data. */
export const SEARCH_SHARD_CALLBACK = '__offprintSearchShard';

/** Name of the manifest file (without `.js`/`.json`). */
export const SEARCH_MANIFEST_NAME = 'manifest';

/**
 * The small file loaded first. Term shard `i` is `t<i>` and holds the terms from `shards[i]` up to the
 * next shard's first term; doc chunk `j` is `d<j>` and holds docs `j*chunk` to `(j+1)*chunk - 1`.
 * Head `k` is `h<k>`: for the prefix `heads[k]`, whose terms span more term shards than a query loads
 * for one word, its most weighty terms with their best pages (a {@link TermShard} too), so a short
 * prefix typed first ("co") finds what the whole span would rank first without loading it.
 */
export interface SearchManifest {
  readonly version: 3;
  /** Number of docs (ids 0 to docs - 1). */
  readonly docs: number;
  /** Docs per doc chunk. */
  readonly chunk: number;
  /** The first term of each term shard, in code-unit order. */
  readonly shards: readonly string[];
  /** Prefixes that have a head file (absent in indexes built before heads existed). */
  readonly heads?: readonly string[];
  /**
   * The docs' languages on a site with several (absent otherwise, and in older indexes): runs of
   * `[first doc id, <html lang>]` in id order, `''` for docs of no language. A search keeps to the
   * reader's language, as Mintlify's does.
   */
  readonly languages?: readonly (readonly [number, string])[];
}

/**
 * Terms in code-unit order, each with its postings flattened: doc id delta, then
 * `round(score * 100) * 32 + fieldMask` (the score is the page's BM25 score for the term over all
 * fields, field and page boosts applied; the mask says which fields matched).
 */
export interface TermShard {
  readonly terms: readonly (readonly [string, readonly number[]])[];
}

/** What a result shows of a page (null: a page left out of this bundle). */
export type ShownDoc = Pick<SearchDoc, 'u' | 't' | 's' | 'd' | 'h' | 'm' | 'x'>;

/** A run of consecutive docs. */
export interface DocChunk {
  readonly docs: readonly (ShownDoc | null)[];
}

/** File names of an index described by `manifest`, manifest last. */
export function searchFileNames(manifest: SearchManifest): string[] {
  const names = manifest.shards.map((_, i) => `t${i}`);
  for (let j = 0; j * manifest.chunk < manifest.docs; j++) names.push(`d${j}`);
  (manifest.heads ?? []).forEach((_, k) => names.push(`h${k}`));
  return [...names, SEARCH_MANIFEST_NAME];
}

/** The script form of one file of the index. */
export function searchScript(name: string, json: string): string {
  return `${SEARCH_SHARD_CALLBACK}(${JSON.stringify(name)},${json});\n`;
}

/** Characters of scripts written without spaces between words: Han, Hiragana and Katakana. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const CJK_START = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const CJK_RUNS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu;

/** Whether a term starts with a CJK character, so it may match inside a run of them (no word starts). */
export function isCjkTerm(term: string): boolean {
  return CJK_START.test(term);
}

/**
 * One space-delimited word as index terms: itself, or, where it holds Chinese or Japanese, its other
 * parts whole and each CJK run as overlapping character pairs (a lone character as itself). Those
 * scripts put no space between words, so a whole clause was one term and a word inside it found nothing;
 * pairs are what search engines' CJK analysers index, and a query's pairs then match wherever they stand.
 */
export function wordTerms(word: string): string[] {
  if (!CJK.test(word)) return [word];
  const out: string[] = [];
  for (const part of word.match(CJK_RUNS) ?? []) {
    // By code point: a rarer Han character (U+20000 on) is two UTF-16 units, never to be split.
    const chars = Array.from(part);
    if (!CJK.test(part) || chars.length < 2) out.push(part);
    else for (let i = 0; i + 1 < chars.length; i++) out.push(`${chars[i]}${chars[i + 1]}`);
  }
  return out;
}

/**
 * Words of a text or query as the index knows them: split at spaces and punctuation, lower-cased (the
 * same rule MiniSearch applies, so ranking carries over), Chinese and Japanese runs as character pairs.
 */
export function searchTokens(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[\n\r\p{Z}\p{P}]+/u)
    .filter((t) => t.length > 0)
    .flatMap(wordTerms);
}
