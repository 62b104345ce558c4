/**
 * Where a page sits in the navigation: the chain of sections (language > version > product > tab > ...)
 * whose sidebar lists it, the groups around it, and the order used for previous/next links. One walk of
 * the tree per site model, cached.
 */
import type { NavGroup, NavItem, NavRoot, NavSection, SiteModel } from '../project/model.js';
import { htmlLang } from './i18n/index.js';
import { perSiteList } from './navLists.js';

/** The place of one page in the navigation. */
export interface PageMatch {
  /** Sections from the root down to the one whose sidebar lists the page (empty: the root sidebar). */
  readonly chain: readonly NavSection[];
  /** Groups around the page, outermost first (a group whose `root` is the page included). */
  readonly groups: readonly NavGroup[];
  /** Some section or group on the way is hidden. */
  readonly hidden: boolean;
}

/** What the shell needs to draw the navigation around one page. */
export interface NavLocation extends PageMatch {
  /** The sidebar: items of the last section of `chain`, or the root items. */
  readonly sidebar: readonly NavItem[];
}

const cache = new WeakMap<SiteModel, Map<string, PageMatch>>();

function walkItems(
  items: readonly NavItem[],
  chain: readonly NavSection[],
  groups: readonly NavGroup[],
  hidden: boolean,
  visit: (page: string, match: PageMatch) => void,
): void {
  for (const item of items) {
    if (item.kind === 'page') visit(item.page, { chain, groups, hidden });
    else if (item.kind === 'group') {
      const inner = [...groups, item];
      const innerHidden = hidden || item.hidden;
      if (item.root !== undefined) visit(item.root, { chain, groups: inner, hidden: innerHidden });
      walkItems(item.items, chain, inner, innerHidden, visit);
    }
  }
}

function walkSections(
  sections: readonly NavSection[],
  chain: readonly NavSection[],
  hidden: boolean,
  visit: (page: string, match: PageMatch) => void,
): void {
  for (const section of sections) {
    const inner = [...chain, section];
    walkItems(section.items, inner, [], hidden || section.hidden, visit);
    walkSections(section.sections, inner, hidden || section.hidden, visit);
  }
}

/** Page path -> its first visible place in the navigation (else its first place). */
export function pageMatches(site: SiteModel): ReadonlyMap<string, PageMatch> {
  const cached = cache.get(site);
  if (cached) return cached;
  const matches = new Map<string, PageMatch>();
  const visit = (page: string, match: PageMatch): void => {
    const known = matches.get(page);
    if (!known || (known.hidden && !match.hidden)) matches.set(page, match);
  };
  walkItems(site.navigation.items, [], [], false, visit);
  walkSections(site.navigation.sections, [], false, visit);
  cache.set(site, matches);
  return matches;
}

function hasContent(section: NavSection): boolean {
  return section.href === undefined || section.items.length > 0 || section.sections.length > 0;
}

/** The section shown when nothing selects one: `default`, else the first visible one with content. */
export function defaultSection(sections: readonly NavSection[]): NavSection | undefined {
  return (
    sections.find((s) => s.default === true && !s.hidden && hasContent(s)) ??
    sections.find((s) => !s.hidden && s.href === undefined) ??
    sections.find((s) => hasContent(s))
  );
}

/** Extends `chain` with default sections until a section that lists sidebar items (or has no children). */
function completeChain(root: NavRoot, chain: readonly NavSection[]): NavSection[] {
  const out = [...chain];
  for (;;) {
    const last = out[out.length - 1];
    const items = last ? last.items : root.items;
    const sections = last ? last.sections : root.sections;
    if (items.length > 0 || sections.length === 0) return out;
    const next = defaultSection(sections);
    if (!next) return out;
    out.push(next);
  }
}

/** Where `pagePath` is (null, or a page outside the navigation: the default sections). */
export function locatePage(site: SiteModel, pagePath: string | null): NavLocation {
  const match = pagePath === null ? undefined : pageMatches(site).get(pagePath);
  const chain = completeChain(site.navigation, match?.chain ?? []);
  const last = chain[chain.length - 1];
  return {
    chain,
    groups: match?.groups ?? [],
    hidden: match?.hidden ?? false,
    sidebar: last ? last.items : site.navigation.items,
  };
}

/** The first page a list of items opens (visible pages first). */
export function firstInItems(items: readonly NavItem[], allowHidden: boolean): string | undefined {
  for (const item of items) {
    if (item.kind === 'page') return item.page;
    if (item.kind === 'group' && (allowHidden || !item.hidden)) {
      const found = item.root ?? firstInItems(item.items, allowHidden);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The page a section leads to: its first page, looking into its default child sections. */
export function sectionFirstPage(section: NavSection): string | undefined {
  const own = firstInItems(section.items, false) ?? firstInItems(section.items, true);
  if (own !== undefined) return own;
  const preferred = defaultSection(section.sections);
  const ordered = preferred ? [preferred, ...section.sections.filter((s) => s !== preferred)] : section.sections;
  for (const child of ordered) {
    if (child.href !== undefined && child.items.length === 0 && child.sections.length === 0) continue;
    const found = sectionFirstPage(child);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Where a section link goes: its `href` for link-only sections, else its first page's URL. */
export function sectionHref(site: SiteModel, section: NavSection): string | undefined {
  if (section.href !== undefined && section.items.length === 0 && section.sections.length === 0) return section.href;
  const page = sectionFirstPage(section);
  return page === undefined ? section.href : site.pages.get(page)?.url;
}

/** The pages of a sidebar in reading order (hidden groups and pages, and external-URL pages, left out). */
export const sidebarOrder = perSiteList((site, items): readonly string[] => {
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (path: string): void => {
    const page = site.pages.get(path);
    if (!page || page.hidden || page.externalUrl !== undefined || seen.has(path)) return;
    seen.add(path);
    out.push(path);
  };
  const walk = (list: readonly NavItem[]): void => {
    for (const item of list) {
      if (item.kind === 'page') add(item.page);
      else if (item.kind === 'group' && !item.hidden) {
        if (item.root !== undefined) add(item.root);
        walk(item.items);
      }
    }
  };
  walk(items);
  return out;
});

/**
 * Labels locating a page for search results: visible sections (languages/versions left out) and groups, a
 * label repeated by the next level said once (a tab "API Reference" whose group is "API Reference").
 */
export function breadcrumbs(site: SiteModel, pagePath: string): string[] {
  const match = pageMatches(site).get(pagePath);
  if (!match) return [];
  const sections = match.chain.filter((s) => s.division !== 'language' && s.division !== 'version');
  const labels = [...sections.map((s) => s.label), ...match.groups.map((g) => g.label)].filter((l) => l !== '');
  return labels.filter((label, i) => i === 0 || crumbWords(label) !== crumbWords(labels[i - 1] ?? ''));
}

/** A label's words, for telling a repeat (Julep's tab "🔍 API Reference" and its group "API Reference"). */
function crumbWords(label: string): string {
  return label
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .toLowerCase();
}

/**
 * The language of the page at `pagePath` as its `<html lang>` says it (document.ts), on a site with
 * `navigation.languages`; undefined on other sites and for a page under no language.
 */
export function pageLanguage(site: SiteModel, pagePath: string): string | undefined {
  const language = pageMatches(site)
    .get(pagePath)
    ?.chain.find((section) => section.division === 'language');
  return language === undefined ? undefined : htmlLang(language.label || 'en');
}
