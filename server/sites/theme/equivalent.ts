/**
 * The page of another language or version that is "the same page" as the one being read, for the
 * language and version switchers. Mintlify pairs a page with its translation by path: the same path
 * under the other language's prefix (`guide/install` <-> `fr/guide/install`), and leads to the other
 * language's first page only when it has no such page. Versions are paired the same way (`v1/intro` <->
 * `v2/intro`).
 */
import type { NavItem, NavSection, SitePage, SiteModel } from '../project/model.js';
import { htmlLang } from './i18n/index.js';
import { locatePage, pageLanguage, sectionFirstPage, sectionHref, type NavLocation } from './navigation.js';

/** A section's pages: every page its sidebar lists (group roots included), its child sections' too. */
function pagesOf(section: NavSection): string[] {
  const out: string[] = [];
  const walk = (items: readonly NavItem[]): void => {
    for (const item of items) {
      if (item.kind === 'page') out.push(item.page);
      else if (item.kind === 'group') {
        if (item.root !== undefined) out.push(item.root);
        walk(item.items);
      }
    }
  };
  const visit = (s: NavSection): void => {
    walk(s.items);
    s.sections.forEach(visit);
  };
  visit(section);
  return out;
}

/**
 * The folder prefixes a section's pages may sit under, most telling first: its label (`fr/`, `v2/`),
 * none (the default language's pages often carry no prefix), and the first folder all its pages share
 * (a `zh-Hans` language kept under `zh-CN/`, a `2.x` version under `v2/`). That folder comes last: it
 * may be an ordinary one (`guides/`) that pairs `guides/a` with another section's `a`, not `guides/a`.
 */
function prefixesOf(section: NavSection, pages: readonly string[]): string[] {
  const out = [`${section.label.toLowerCase()}/`, ''];
  const first = pages[0]?.split('/')[0];
  if (first !== undefined && pages.every((p) => p.includes('/') && p.split('/')[0] === first)) {
    out.push(`${first.toLowerCase()}/`);
  }
  return out;
}

/** `path` without `prefix` (compared case-blind), or undefined when it does not start with it. */
function rest(path: string, prefix: string): string | undefined {
  return path.toLowerCase().startsWith(prefix) ? path.slice(prefix.length) : undefined;
}

/** What one section's pages are once a prefix is taken off each: rest -> page, the best prefix first. */
interface Pairing {
  readonly prefixes: readonly string[];
  readonly byRest: ReadonlyMap<string, string>;
}

const pairings = new WeakMap<NavSection, Pairing>();

function pairingOf(site: SiteModel, section: NavSection): Pairing {
  const known = pairings.get(section);
  if (known) return known;
  const pages = pagesOf(section).filter((p) => site.pages.get(p)?.externalUrl === undefined);
  const prefixes = prefixesOf(section, pages);
  const byRest = new Map<string, string>();
  for (const prefix of prefixes) {
    for (const page of pages) {
      const r = rest(page, prefix);
      if (r !== undefined && r !== '' && !byRest.has(r)) byRest.set(r, page);
    }
  }
  const pairing = { prefixes, byRest };
  pairings.set(section, pairing);
  return pairing;
}

/**
 * The page of `target` paired with `page` of `current` (sibling sections: two languages, two versions),
 * or undefined when `target` has none, in which case the switcher leads to `target`'s first page.
 */
export function equivalentPage(
  site: SiteModel,
  page: string,
  current: NavSection,
  target: NavSection,
): string | undefined {
  const from = pairingOf(site, current);
  const to = pairingOf(site, target);
  for (const prefix of from.prefixes) {
    const r = rest(page, prefix);
    if (r === undefined || r === '') continue;
    const found = to.byRest.get(r);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The folder prefixes (`fr/`, lower case) a URL path may start with to be under a root language, as
 * {@link languageOfPath} matches them, in the order it tries them.
 */
export function languagePrefixes(site: SiteModel): string[] {
  return site.navigation.sections
    .filter((section) => section.division === 'language')
    .flatMap((section) => pairingOf(site, section).prefixes.filter((prefix) => prefix !== ''));
}

/**
 * The language a URL path is under: the root language whose code (or the folder its pages share) is the
 * path's first segment (`/fr/no-such-page` -> fr). The 404 page of a path that matches no page is then
 * in that language, as the pages around it are.
 */
export function languageOfPath(site: SiteModel, urlPath: string): NavSection | undefined {
  const path = `${urlPath.replace(/^\/+/, '').toLowerCase()}/`;
  return site.navigation.sections.find(
    (section) =>
      section.division === 'language' &&
      pairingOf(site, section).prefixes.some((prefix) => prefix !== '' && path.startsWith(prefix)),
  );
}

/**
 * Where a page is in the navigation. A page outside it but under a language's folder (kodediy's hidden
 * `/es/index`) is in that language: its shell, interface text and `lang`, as the 404 page of such a path
 * is; it was in the default language's.
 */
export function locateDocumentPage(site: SiteModel, page: SitePage): NavLocation {
  const language = page.inNavigation ? undefined : languageOfPath(site, page.url);
  const first = language === undefined ? undefined : sectionFirstPage(language);
  return first === undefined ? locatePage(site, page.path) : { ...locatePage(site, first), groups: [] };
}

/** The language of a page as its `<html lang>` says it ({@link locateDocumentPage}); undefined under none. */
export function documentLanguage(site: SiteModel, page: SitePage): string | undefined {
  const language = page.inNavigation ? undefined : languageOfPath(site, page.url);
  return language === undefined ? pageLanguage(site, page.path) : htmlLang(language.label || 'en');
}

/**
 * Where a language's own root leads (`/en`, `/ja/`: the folder its pages share, with no page of its
 * own): that language's first page, as `/` leads to the default language's; undefined for other paths.
 */
export function languageHome(site: SiteModel, urlPath: string): string | undefined {
  const folder = `${urlPath.replace(/^\/+|\/+$/g, '').toLowerCase()}/`;
  if (folder === '/') return undefined;
  const language = site.navigation.sections.find(
    (section) => section.division === 'language' && pairingOf(site, section).prefixes.includes(folder),
  );
  return language === undefined ? undefined : sectionHref(site, language);
}
