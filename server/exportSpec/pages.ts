/**
 * Which pages a static export contains and where each one goes in the bundle. Every page of the
 * site's page set is exported, including pages outside the navigation and hidden ones (a link may lead
 * to them); `paths` narrows that set.
 */
import type { SitePage, SiteModel } from '../sites/project/model.js';

/** What {@link listExportPages} found. */
export interface ExportPageList {
  /** Site paths of the pages to export (`/`, `/guides/x`), in site order, without duplicates. */
  readonly pages: string[];
  /** Requested paths that name no page (as given). */
  readonly missing: string[];
}

/** The page at a site path (`/`, `/guides/x`, tolerating a trailing slash), like the site server finds it. */
export function findExportPage(model: SiteModel, path: string): SitePage | undefined {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (!trimmed.startsWith('/')) return undefined;
  const key = trimmed === '/' ? 'index' : trimmed.slice(1);
  return model.pages.get(key) ?? model.pages.get(`${key}/index`);
}

/**
 * The pages of an export: all pages of the site (`paths` null), or those `paths` names. Paths that
 * name no page are returned in `missing` so the caller can refuse the request, listing each one.
 */
export function listExportPages(model: SiteModel, paths: readonly string[] | null): ExportPageList {
  if (paths === null) {
    const urls = new Set<string>();
    for (const page of model.pages.values()) urls.add(page.url);
    return { pages: [...urls].sort(comparePaths), missing: [] };
  }
  const pages = new Set<string>();
  const missing: string[] = [];
  for (const path of paths) {
    const page = findExportPage(model, path);
    if (page === undefined) missing.push(path);
    else pages.add(page.url);
  }
  return { pages: [...pages].sort(comparePaths), missing };
}

/** Byte order of paths: the same order on every machine and locale. */
export function comparePaths(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}
