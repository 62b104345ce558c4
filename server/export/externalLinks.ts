/**
 * The external links of a bundle, listed in its manifest for review: every URL with a scheme
 * (`https:`, `mailto:`, `cursor:`, ...) or protocol-relative that a page links to, with the pages that
 * link to it. Sorted and deduplicated so the manifest stays deterministic, and bounded so a page full of
 * generated links cannot make the manifest huge (`total` still counts every distinct URL).
 */
import { z } from 'zod';
import { comparePaths } from '../exportSpec/pages.js';
import { detached } from './anchors.js';

/** Most URLs listed. */
export const MAX_EXTERNAL_LINKS = 5000;
/** Most pages listed per URL (`pageCount` counts them all). */
export const MAX_LINK_PAGES = 20;
/** Longest URL listed; a longer one (a data-laden deep link) is only counted. */
export const MAX_LINK_LENGTH = 2048;

/** `externalLinks` in the manifest. */
export const externalLinksSchema = z.object({
  /** Distinct external URLs the bundle's pages link to, listed or not. */
  total: z.number().int().nonnegative(),
  links: z.array(
    z.object({
      url: z.string(),
      /** How many bundle files link to it. */
      pageCount: z.number().int().positive(),
      /** The first of them (bundle files, byte order). */
      pages: z.array(z.string()),
    }),
  ),
});

/** The manifest's summary of external links. */
export type ExternalLinksSummary = z.infer<typeof externalLinksSchema>;

/** What is kept of one URL: how many files link to it and the first {@link MAX_LINK_PAGES} of them. */
interface UrlRecord {
  pageCount: number;
  /** Sorted (bundle files, byte order), at most {@link MAX_LINK_PAGES}. */
  readonly pages: string[];
}

/**
 * Collects external links while the assembly rewrites pages. Memory does not grow with the pages that
 * share a URL: per URL only a count and the first pages are kept. Each bundle file is rewritten once
 * and records each URL once (the assembly resolves each distinct reference of a page once).
 */
export class ExternalLinks {
  private readonly byUrl = new Map<string, UrlRecord>();

  /** Notes that bundle file `page` links to `url`. */
  record(url: string, page: string): void {
    let known = this.byUrl.get(url);
    if (known === undefined) {
      // A copy: the URL was cut from a page's HTML, and would keep all of that page alive.
      known = { pageCount: 0, pages: [] };
      this.byUrl.set(detached(url), known);
    }
    if (known.pages.includes(page)) return;
    known.pageCount += 1;
    const { pages } = known;
    if (pages.length === MAX_LINK_PAGES && comparePaths(page, pages[MAX_LINK_PAGES - 1] ?? '') >= 0) return;
    const at = pages.findIndex((other) => comparePaths(page, other) < 0);
    pages.splice(at < 0 ? pages.length : at, 0, page);
    if (pages.length > MAX_LINK_PAGES) pages.pop();
  }

  /** The sorted, bounded list for the manifest. */
  summary(): ExternalLinksSummary {
    const urls = [...this.byUrl.keys()].filter((url) => url.length <= MAX_LINK_LENGTH).sort(comparePaths);
    const links = urls.slice(0, MAX_EXTERNAL_LINKS).map((url) => {
      const known = this.byUrl.get(url) ?? { pageCount: 0, pages: [] };
      return { url, pageCount: known.pageCount, pages: [...known.pages] };
    });
    return { total: this.byUrl.size, links };
  }
}
