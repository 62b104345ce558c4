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
  /** Plain text of the page body (whitespace collapsed, capped). */
  readonly x: string;
}

/** The whole index document. */
export interface SearchIndexData {
  readonly version: 1;
  readonly docs: readonly SearchDoc[];
}
