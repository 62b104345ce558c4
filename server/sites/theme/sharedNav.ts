/**
 * Shared sidebars for large sections. A sidebar is in every page of its section, so a section of N pages
 * costs N links in each of its N pages: at 10,000 pages that is over a megabyte per page and gigabytes
 * per site, rendered, captured, assembled, checked and zipped page after page. Past
 * {@link SHARED_NAV_MIN_LINKS} links, a page carries only the group it sits in (and the headings of the
 * others, linked to their first page, so a reader without scripts can still move around); the whole tree
 * is one file per section, `/_offprint/nav/<key>.js`, loaded by a plain script tag (it works from file://)
 * and put in place by the client (client/sharedNav.ts), which marks the current page itself.
 */
import type { NavItem, NavSection, SiteModel } from '../project/model.js';
import { shortHash } from './html.js';
import { ASSET_PREFIX } from './urls.js';

/** Sidebars with at least this many links are shared; smaller ones stay whole in every page. */
export const SHARED_NAV_MIN_LINKS = 300;

/** `<link rel>` naming the shared sidebar file of a page (the export copies it into the bundle). */
export const SHARED_NAV_REL = 'op-nav';

/** Where the shared sidebar files are served. */
export const SHARED_NAV_PREFIX = `${ASSET_PREFIX}nav/`;

/** The global the shared sidebar files fill, by key (a plain script cannot hand data over otherwise). */
export const SHARED_NAV_GLOBAL = '__opSharedNav';

/** Key of the sidebar listing the root items. */
const ROOT_KEY = 'root';

/** Links a sidebar of `items` shows (pages, group roots and outside links, hidden or not). */
export function sidebarLinkCount(items: readonly NavItem[]): number {
  let count = 0;
  for (const item of items) {
    if (item.kind === 'group') count += (item.root === undefined ? 0 : 1) + sidebarLinkCount(item.items);
    else count += 1;
  }
  return count;
}

/** The key of the sidebar of section `section` (the last of a page's chain; undefined: the root items). */
export function sharedNavKey(section: NavSection | undefined): string {
  // Two 32-bit hashes (of the id, and of it behind a separator): no two sections of a site share one.
  return section === undefined ? ROOT_KEY : `s${shortHash(section.id)}-${shortHash(`\u0000${section.id}`)}`;
}

/** The URL of the shared sidebar file with `key`. */
export function sharedNavUrl(key: string): string {
  return `${SHARED_NAV_PREFIX}${key}.js`;
}

const sectionsByKey = new WeakMap<SiteModel, Map<string, NavSection>>();

/** The sidebar items of the shared sidebar `key`, or undefined when no section of the site has it. */
export function sharedNavItems(site: SiteModel, key: string): readonly NavItem[] | undefined {
  if (key === ROOT_KEY) return site.navigation.items;
  let byKey = sectionsByKey.get(site);
  if (byKey === undefined) {
    byKey = new Map();
    const walk = (sections: readonly NavSection[]): void => {
      for (const section of sections) {
        byKey?.set(sharedNavKey(section), section);
        walk(section.sections);
      }
    };
    walk(site.navigation.sections);
    sectionsByKey.set(site, byKey);
  }
  return byKey.get(key)?.items;
}

/** A shared sidebar file: the script pages load, or the bare tree (`.html`) the export rewrites. */
export interface SharedNavFile {
  readonly key: string;
  readonly format: 'js' | 'html';
}

/** The shared sidebar file named `fileName` (`<key>.js`, `<key>.html`), or null for any other name. */
export function sharedNavFileOf(fileName: string): SharedNavFile | null {
  const match = /^(root|s[0-9a-z]{1,7}-[0-9a-z]{1,7})\.(js|html)$/.exec(fileName);
  if (match === null) return null;
  return { key: match[1] ?? ROOT_KEY, format: match[2] === 'html' ? 'html' : 'js' };
}

/**
 * What a shared sidebar file stores: the tree's markup with each distinct icon written once (icons are
 * inline SVG, most of a sidebar's bytes, and a few dozen serve thousands of links), marked `<@N>`: no tag
 * name starts with `@` and text has its `<` escaped, so no markup or text is ever taken for a mark.
 */
export interface SharedNavData {
  readonly html: string;
  readonly icons: readonly string[];
}

const ICON = /<svg\b[^>]*>[\s\S]*?<\/svg>/g;
const ICON_MARK = /<@(\d+)>/g;

/** Packs a tree's markup: each distinct icon once. */
export function packSharedNav(treeHtml: string): SharedNavData {
  const icons: string[] = [];
  const index = new Map<string, number>();
  const html = treeHtml.replace(ICON, (svg) => {
    let at = index.get(svg);
    if (at === undefined) {
      at = icons.push(svg) - 1;
      index.set(svg, at);
    }
    return `<@${at}>`;
  });
  return { html, icons };
}

/** The tree's markup back from {@link packSharedNav}'s data. */
export function unpackSharedNav(data: SharedNavData): string {
  return data.html.replace(ICON_MARK, (_mark, at: string) => data.icons[Number(at)] ?? '');
}

/** The script of a shared sidebar file: stores the packed tree under its key. */
export function sharedNavScript(key: string, treeHtml: string): string {
  // Loaded by `src`, never inline: nothing in the strings can end the script.
  const data = JSON.stringify(packSharedNav(treeHtml));
  return `(self.${SHARED_NAV_GLOBAL}=self.${SHARED_NAV_GLOBAL}||{})[${JSON.stringify(key)}]=${data};\n`;
}
