/**
 * The external links of a bundle, listed in its manifest for review: every URL with a scheme
 * (`https:`, `mailto:`, `cursor:`, ...) or protocol-relative that a page links to, with the pages that
 * link to it. Sorted and deduplicated so the manifest stays deterministic, and bounded so a page full of
 * generated links cannot make the manifest huge (`total` still counts every distinct URL).
 */
import { z } from 'zod';
import { comparePaths } from '../exportSpec/pages.js';

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

/** Collects external links while the assembly rewrites pages. */
export class ExternalLinks {
  private readonly pagesByUrl = new Map<string, Set<string>>();

  /** Notes that bundle file `page` links to `url`. */
  record(url: string, page: string): void {
    let pages = this.pagesByUrl.get(url);
    if (pages === undefined) {
      pages = new Set();
      this.pagesByUrl.set(url, pages);
    }
    pages.add(page);
  }

  /** The sorted, bounded list for the manifest. */
  summary(): ExternalLinksSummary {
    const urls = [...this.pagesByUrl.keys()].filter((url) => url.length <= MAX_LINK_LENGTH).sort(comparePaths);
    const links = urls.slice(0, MAX_EXTERNAL_LINKS).map((url) => {
      const pages = [...(this.pagesByUrl.get(url) ?? [])].sort(comparePaths);
      return { url, pageCount: pages.length, pages: pages.slice(0, MAX_LINK_PAGES) };
    });
    return { total: this.pagesByUrl.size, links };
  }
}
