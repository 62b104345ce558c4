/**
 * The export profile: how pages are rendered when a static export captures them instead of a reader
 * visiting the live site. Set by the export pipeline (server/export) on its private site server; the
 * live site never has one.
 */

/** What changes in a page rendered for a static export bundle. */
export interface ExportProfile {
  /** Deployment kind of the bundle (`air-gapped`, ...), on `<html data-op-export>` for the client. */
  readonly deployment: string;
  /** Origin of the published site (`https://docs.example.com`), for canonical and og:url links. */
  readonly origin: string;
  /** Offline search: a `<link rel="op-search-index">` the client loads with a plain script tag. */
  readonly search: boolean;
  /**
   * Base URL of the site reader feedback posts to (its `/_offprint/feedback/*` endpoints, FEEDBACK-API.md);
   * null = no feedback widgets at all.
   */
  readonly feedbackCollector: string | null;
  /** Base URL page views are sent to (`BASE/_offprint/analytics/pageview`); null = no analytics. */
  readonly analyticsCollector: string | null;
}

/** The `rel` of the link naming the search index script of an exported page. */
export const SEARCH_INDEX_REL = 'op-search-index';
