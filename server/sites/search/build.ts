/** The search record of each page: what the sharded index (shards.ts) is built from. */
import type { SitePage, SiteModel } from '../project/model.js';
import { markdownToText } from '../render/text.js';
import type { RenderedPage } from '../render/types.js';
import { documentLanguage } from '../theme/equivalent.js';
import { breadcrumbs } from '../theme/navigation.js';
import { pageMethod } from '../theme/sidebar.js';
import type { SearchDoc, SearchIndexData } from '../theme/searchFormat.js';

/** Characters of body text kept per page for excerpts: enough for every real page's substance, bounded for huge ones. */
export const MAX_TEXT = 8_000;

/**
 * Characters of body text whose words are indexed per page: a word far down a long page finds it (the
 * ollama FAQ's `keep_alive` first comes 9,400 characters in, and only its headings were found), while
 * the index ships {@link MAX_TEXT} of it, so a result's doc chunk stays small.
 */
export const MAX_INDEXED_TEXT = 64_000;

/** A page and its rendered body, as given to {@link buildSearchIndex}. */
export interface IndexablePage {
  readonly page: SitePage;
  readonly rendered: Pick<RenderedPage, 'headings' | 'text'>;
}

/**
 * True when a page belongs in the in-site search: navigable and searchable per the model (hidden
 * sections marked `searchable: true` included), not `noindex`, and not an external-URL nav entry.
 */
export function isSearchable(page: SitePage): boolean {
  return page.searchable && !page.noindex && page.externalUrl === undefined;
}

function compact(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? flat.slice(0, max).replace(/\s\S*$/, '') : flat;
}

/**
 * The search record of one page (null when the page is not searchable): title, breadcrumbs,
 * description, headings, keywords, body text (capped) and boost. A small per-page record, so an index
 * build can stream pages through {@link buildSearchShards} one at a time.
 */
export function searchRecord(site: SiteModel, { page, rendered }: IndexablePage): SearchDoc | null {
  if (!isSearchable(page)) return null;
  const section = breadcrumbs(site, page.path).join(' › ');
  const headings = rendered.headings
    .filter((h) => h.id !== '' && h.text.trim() !== '')
    .map((h) => [h.id, h.text.trim()] as const);
  // Descriptions are written in Markdown; results show them as text.
  const description = page.description ? markdownToText(page.description).replace(/\s+/g, ' ') : '';
  const method = pageMethod(page);
  const boost = page.boost !== undefined && Number.isFinite(page.boost) && page.boost > 0 ? page.boost : undefined;
  const language = documentLanguage(site, page);
  const body = compact(rendered.text, MAX_INDEXED_TEXT);
  const shown = compact(body, MAX_TEXT);
  const rest = body.slice(shown.length).trim();
  return {
    u: page.url,
    t: page.title,
    ...(section ? { s: section } : {}),
    ...(description ? { d: description } : {}),
    ...(headings.length > 0 ? { h: headings } : {}),
    ...(page.keywords.length > 0 ? { k: [...page.keywords] } : {}),
    ...(boost !== undefined && boost !== 1 ? { b: boost } : {}),
    ...(method ? { m: method } : {}),
    x: shown,
    ...(rest !== '' ? { r: rest } : {}),
    ...(language !== undefined ? { l: language } : {}),
  };
}

/**
 * The records of the searchable pages among `pages` (others and repeats skipped), in order, one at a
 * time: what {@link buildSearchShards} reads.
 */
export function* searchRecords(site: SiteModel, pages: Iterable<IndexablePage>): Generator<SearchDoc> {
  const seen = new Set<string>();
  for (const entry of pages) {
    if (seen.has(entry.page.path)) continue;
    const record = searchRecord(site, entry);
    if (record === null) continue;
    seen.add(entry.page.path);
    yield record;
  }
}

/** All records of a (small) site at once: for tests and the reference engine. */
export function buildSearchIndex(site: SiteModel, pages: readonly IndexablePage[]): SearchIndexData {
  return { version: 1, docs: [...searchRecords(site, pages)] };
}
