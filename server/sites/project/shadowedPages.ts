/**
 * Pages a redirect hides. The site answers a project's redirects before its pages, as Mintlify's
 * redirects do, so a page whose URL a rule matches is never shown (and an export writes a redirect page
 * in its place). Authors often keep an old page by mistake after adding its redirect, or write a pattern
 * wider than they meant (`/api/:slug*` over `/api/overview`); the import report names each such page.
 */
import type { SiteProblem, SiteRedirect } from './model.js';
import { pageUrlOf } from './pages/files.js';
import { compileRedirects, matchRedirect } from './redirects.js';

/** How many hidden pages are listed one by one; one more entry counts the rest. */
const LISTED_SHADOWED_PAGES = 20;

/** The site's pages: files by page path (`guides/intro`), and the endpoint pages the config generated. */
export interface SitePageFiles {
  readonly files: ReadonlyMap<string, string>;
  readonly generated: Iterable<string>;
  /** The config file, which a generated page is reported under. */
  readonly configFile: string;
}

function* pagesOf(site: SitePageFiles): Generator<{ path: string; file: string }> {
  for (const [path, file] of site.files) yield { path, file };
  for (const path of site.generated) yield { path, file: site.configFile };
}

/** One `shadowed-page` problem per page a redirect sends its readers away from (the first 20, then a count). */
export function shadowedPageProblems(redirects: readonly SiteRedirect[], site: SitePageFiles): SiteProblem[] {
  if (redirects.length === 0) return [];
  const rules = compileRedirects(redirects);
  const problems: SiteProblem[] = [];
  let unlisted = 0;
  let firstUnlisted: string | null = null;
  for (const page of pagesOf(site)) {
    const url = pageUrlOf(page.path);
    const target = matchRedirect(rules, url);
    if (target === null) continue;
    if (problems.length >= LISTED_SHADOWED_PAGES) {
      unlisted++;
      firstUnlisted ??= page.file;
      continue;
    }
    const message = `${url} is never shown: a redirect sends its readers to ${target.location}; remove the page or the redirect`;
    problems.push({ code: 'shadowed-page', file: page.file, message });
  }
  if (firstUnlisted !== null) {
    const message = `and ${unlisted.toLocaleString('en-US')} more pages a redirect hides`;
    problems.push({ code: 'shadowed-page', file: firstUnlisted, message, count: unlisted });
  }
  return problems;
}
