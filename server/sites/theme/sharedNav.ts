/**
 * Shared sidebars for large sections. A sidebar is in every page of its section, so a section of N pages
 * costs N links in each of its N pages: at 10,000 pages that is over a megabyte per page and gigabytes
 * per site, rendered, captured, assembled, checked and zipped page after page. Past
 * {@link SHARED_NAV_MIN_LINKS} links, a page carries only the group it sits in (and the headings of the
 * others, linked to their first page, so a reader without scripts can still move around); the whole tree
 * is one file per section, `/_offprint/nav/<key>.js`, loaded by a plain script tag (it works from file://)
 * and drawn by the client (client/sharedNav.ts) part by part (a top-level group or a run of loose pages)
 * in place of the page's placeholders as they come near view, marking the current page itself.
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

/** Attribute numbering a shared sidebar's top-level parts (a group, or a run of loose pages). */
export const SHARED_NAV_PART_ATTR = 'data-op-nav-part';

/**
 * Attribute of a part a page does not draw (sidebar.ts): how many rows it shows once drawn, so that the
 * placeholder holds its height until then.
 */
export const SHARED_NAV_ROWS_ATTR = 'data-op-nav-rows';

/** How every part of a tree starts (sidebar.ts writes them so): no text or attribute value can hold it. */
const PART_START = new RegExp(`<div class="op-nav-group" ${SHARED_NAV_PART_ATTR}="(\\d+)"`, 'g');

/**
 * What a shared sidebar file stores: the tree's markup, part by part (by part number; '' where the tree
 * has none), each distinct icon written once (icons are inline SVG, most of a sidebar's bytes, and a few
 * dozen serve thousands of links), marked `<@N>`: no tag name starts with `@` and text has its `<`
 * escaped, so no markup or text is ever taken for a mark.
 */
export interface SharedNavData {
  readonly parts: readonly string[];
  readonly icons: readonly string[];
}

const ICON = /<svg\b[^>]*>[\s\S]*?<\/svg>/g;
const ICON_MARK = /<@(\d+)>/g;

/** A tree's parts by number; markup before the first part (none from sidebar.ts) is dropped. */
function splitParts(html: string): string[] {
  const starts = Array.from(html.matchAll(PART_START));
  const parts: string[] = [];
  starts.forEach((start, i) => {
    const end = starts[i + 1]?.index ?? html.length;
    parts[Number(start[1])] = html.slice(start.index, end);
  });
  return Array.from(parts, (part) => part ?? '');
}

/** Packs a tree's markup: cut into its parts, each distinct icon once. */
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
  return { parts: splitParts(html), icons };
}

/** The markup of part `part` back from {@link packSharedNav}'s data ('' when the tree has no such part). */
export function unpackSharedNavPart(data: SharedNavData, part: number): string {
  return (data.parts[part] ?? '').replace(ICON_MARK, (_mark, at: string) => data.icons[Number(at)] ?? '');
}

/** The whole tree's markup back from {@link packSharedNav}'s data. */
export function unpackSharedNav(data: SharedNavData): string {
  return data.parts.map((_part, i) => unpackSharedNavPart(data, i)).join('');
}

/** The script of a shared sidebar file: stores the packed tree under its key. */
export function sharedNavScript(key: string, treeHtml: string): string {
  // Loaded by `src`, never inline: nothing in the strings can end the script.
  const data = JSON.stringify(packSharedNav(treeHtml));
  return `(self.${SHARED_NAV_GLOBAL}=self.${SHARED_NAV_GLOBAL}||{})[${JSON.stringify(key)}]=${data};\n`;
}
