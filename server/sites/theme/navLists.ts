/**
 * What a sidebar's item lists hold, computed once per list. Every page of a section asks the same
 * questions of its section's whole list (the pages it holds, their reading order, its links, the rows
 * of each part): answered afresh for each page, a section of N pages costs N² steps per site, which at
 * 10,000 pages was a quarter of the site server's time per page. A model's lists never change once it is
 * built, so each answer stays with the list it is about (weakly: a reloaded site's model drops them).
 */
import type { NavGroup, NavItem, SiteModel } from '../project/model.js';

type Items = readonly NavItem[];

/** `compute` of a list, kept with the list after its first call. */
export function perList<T>(compute: (items: Items) => T): (items: Items) => T {
  const kept = new WeakMap<Items, { readonly value: T }>();
  return (items) => {
    const hit = kept.get(items);
    if (hit !== undefined) return hit.value;
    const value = compute(items);
    kept.set(items, { value });
    return value;
  };
}

/** `compute` of a list of a site's model (what it says of pages depends on the model), kept likewise. */
export function perSiteList<T>(compute: (site: SiteModel, items: Items) => T): (site: SiteModel, items: Items) => T {
  const kept = new WeakMap<SiteModel, (items: Items) => T>();
  return (site, items) => {
    let ofSite = kept.get(site);
    if (ofSite === undefined) {
      ofSite = perList((list) => compute(site, list));
      kept.set(site, ofSite);
    }
    return ofSite(items);
  };
}

/** The pages a list holds, in its groups too (their root pages included). */
export const pagesIn = perList((items): ReadonlySet<string> => {
  const pages = new Set<string>();
  const walk = (list: Items): void => {
    for (const item of list) {
      if (item.kind === 'page') pages.add(item.page);
      else if (item.kind === 'group') {
        if (item.root !== undefined) pages.add(item.root);
        walk(item.items);
      }
    }
  };
  walk(items);
  return pages;
});

/** A top-level part of a sidebar: a group, or a run of loose items between groups. */
export type SidebarPart = { readonly group: NavGroup } | { readonly loose: Items };

/** The top-level parts of a sidebar listing `items`, in order (the same arrays for every page). */
export const sidebarParts = perList((items): readonly SidebarPart[] => {
  const parts: SidebarPart[] = [];
  let loose: NavItem[] = [];
  for (const item of items) {
    if (item.kind !== 'group') {
      loose.push(item);
      continue;
    }
    if (loose.length > 0) parts.push({ loose });
    loose = [];
    parts.push({ group: item });
  }
  if (loose.length > 0) parts.push({ loose });
  return parts;
});

/** Links a sidebar of `items` shows (pages, group roots and outside links, hidden or not). */
export const sidebarLinkCount = perList((items): number => {
  let count = 0;
  for (const item of items) {
    if (item.kind === 'group') count += (item.root === undefined ? 0 : 1) + sidebarLinkCount(item.items);
    else count += 1;
  }
  return count;
});
