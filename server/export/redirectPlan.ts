/**
 * Which of a site's redirects become static redirect pages of a bundle. A rule with a plain source is one
 * page. A rule with parameters or wildcards (`/old-api/:slug*` -> `/api-reference/:slug*`) cannot be a
 * file as such, but each exported page it leads to can still be reached from its old path: the rule read
 * backwards gives that path, which becomes a redirect page when the live site sends it to that page (the
 * first matching rule wins there too). A rule that leads to no exported page that way is left out, and
 * named, so the export can say so. A page whose own path a rule matches is shadowed by it, as on the live
 * site (redirects are answered before pages): it is not exported, and its file is that rule's redirect page.
 */
import type { SiteBuild } from '../sites/serve/build.js';
import { locationPath, matchRedirect, redirectSourceFor } from '../sites/project/redirects.js';
import { findExportPage } from '../exportSpec/pages.js';
import { languageHome } from '../sites/theme/equivalent.js';
import { isPortableFile, pageFile } from './bundleFiles.js';
import { exportedLanguageFolders } from './languageFolders.js';
import { staticRedirectSource } from './staticPages.js';

/** A static redirect page of the bundle. */
export interface RedirectPage {
  readonly source: string;
  readonly file: string;
  readonly destination: string;
}

/** The redirect pages of a bundle, and the sources of the rules none came of. */
export interface RedirectPlan {
  readonly pages: RedirectPage[];
  readonly leftOut: string[];
}

/**
 * Plans the redirect pages of `build` for a bundle of the site paths in `exported` (files in `taken`,
 * which the plan's files join). Plain sources first, in rule order, then the paths patterns lead from.
 */
export function planRedirectPages(build: SiteBuild, exported: readonly string[], taken: Set<string>): RedirectPlan {
  const pages: RedirectPage[] = [];
  const isExported = new Set(exported);
  const claim = (source: string, destination: string): boolean => {
    const file = pageFile(source);
    // A colon is also refused by the zip writer (`C:/old.html` reads as a drive), failing the whole export.
    const page = findExportPage(build.model, source);
    if (!isPortableFile(file) || taken.has(file) || (page !== undefined && isExported.has(page.url))) return false;
    taken.add(file);
    pages.push({ source, file, destination });
    return true;
  };
  for (const rule of build.model.redirects) {
    const source = staticRedirectSource(rule.source);
    if (source !== null) claim(source, rule.destination);
  }
  // Pages a pattern shadows (`/changelog/:path*` matches `/changelog`) lead where the live site sends them.
  const shadowed: string[] = [];
  for (const page of build.model.pages.values()) {
    const sent = isExported.has(page.url) ? null : matchRedirect(build.redirects, page.url);
    if (sent !== null && claim(page.url, sent.location)) shadowed.push(page.url);
  }
  const leftOut: string[] = [];
  for (const compiled of build.redirects) {
    if (staticRedirectSource(compiled.rule.source) !== null) continue;
    // `/` is the bundle's entry (assemble.ts), and a rule that shadows a page became that page's file.
    let reached = compiled.rule.source === '/' || shadowed.some((path) => compiled.pattern.test(path));
    for (const target of exported) {
      const source = redirectSourceFor(compiled, target);
      if (source === null || source === '/' || !source.startsWith('/')) continue;
      const sent = matchRedirect(build.redirects, source);
      if (sent === null || locationPath(sent.location) !== target) continue;
      reached = claim(source, sent.location) || reached || taken.has(pageFile(source));
    }
    if (!reached) leftOut.push(compiled.rule.source);
  }
  pages.push(...languageRootPages(build, isExported, taken));
  return { pages, leftOut };
}

/**
 * A language's root (`/ja`: the folder its pages share, no page or rule of its own) leads to that
 * language's first page, as on the live site (serve/app.ts): `ja/index.html`, which a static host serves
 * for `/ja/` and `/ja` alike, and which links to `/ja` lead to.
 */
function languageRootPages(build: SiteBuild, isExported: ReadonlySet<string>, taken: Set<string>): RedirectPage[] {
  const out: RedirectPage[] = [];
  for (const folder of exportedLanguageFolders(build.model, [...isExported])) {
    const source = `/${folder.replace(/\/+$/, '')}`;
    const destination = languageHome(build.model, source);
    const file = `${folder}index.html`;
    if (destination === undefined || !isExported.has(destination) || taken.has(file) || !isPortableFile(file)) continue;
    if (findExportPage(build.model, source) !== undefined || matchRedirect(build.redirects, source) !== null) continue;
    taken.add(file);
    out.push({ source, file, destination });
  }
  return out;
}
