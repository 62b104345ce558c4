/** Builds the search index document served at `/_offprint/search-index.json`. */
import type { SitePage, SiteModel } from '../project/model.js';
import { markdownToText } from '../render/text.js';
import type { RenderedPage } from '../render/types.js';
import { breadcrumbs } from '../theme/navigation.js';
import { pageMethod } from '../theme/sidebar.js';
import type { SearchDoc, SearchIndexData } from '../theme/searchFormat.js';

/** Characters of body text kept per page: enough for every real page's substance, bounded for huge ones. */
export const MAX_TEXT = 8_000;

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
 * The index of the searchable pages among `pages` (others are skipped): titles, breadcrumbs,
 * descriptions, headings, keywords, body text and boosts. JSON-serialisable.
 */
export function buildSearchIndex(site: SiteModel, pages: readonly IndexablePage[]): SearchIndexData {
  const docs: SearchDoc[] = [];
  const seen = new Set<string>();
  for (const { page, rendered } of pages) {
    if (!isSearchable(page) || seen.has(page.path)) continue;
    seen.add(page.path);
    const section = breadcrumbs(site, page.path).join(' › ');
    const headings = rendered.headings
      .filter((h) => h.id !== '' && h.text.trim() !== '')
      .map((h) => [h.id, h.text.trim()] as const);
    // Descriptions are written in Markdown; results show them as text.
    const description = page.description ? markdownToText(page.description).replace(/\s+/g, ' ') : '';
    const method = pageMethod(page);
    const boost = page.boost !== undefined && Number.isFinite(page.boost) && page.boost > 0 ? page.boost : undefined;
    docs.push({
      u: page.url,
      t: page.title,
      ...(section ? { s: section } : {}),
      ...(description ? { d: description } : {}),
      ...(headings.length > 0 ? { h: headings } : {}),
      ...(page.keywords.length > 0 ? { k: [...page.keywords] } : {}),
      ...(boost !== undefined && boost !== 1 ? { b: boost } : {}),
      ...(method ? { m: method } : {}),
      x: compact(rendered.text, MAX_TEXT),
    });
  }
  return { version: 1, docs };
}
