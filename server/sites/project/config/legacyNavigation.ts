/**
 * The navigation part of the `mint.json` conversion (legacy.ts, format reference §1.6). mint.json assigns
 * groups to tabs and anchors by URL prefix; docs.json lists membership explicitly, so the converter puts
 * each top-level group under the tab (or anchor) whose `url` prefixes the group's first page, and the
 * rest under the primary tab/anchor. `version` on groups/tabs/anchors filters them per version.
 */
import { compact, type Json } from './jsonShape.js';
import { legacyPaint } from './legacyColors.js';
import type { LegacyAnchor, LegacyConfig, LegacyGroup } from './legacySchema.js';

function isExternal(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');
}

function trimSlashes(url: string): string {
  return url.replace(/^\/+|\/+$/g, '');
}

function icon(name: string | undefined, style: string | undefined): unknown {
  if (name === undefined) return undefined;
  return style === undefined ? name : { name, style };
}

function convertGroup(group: LegacyGroup): Json {
  return compact({
    group: group.group,
    icon: icon(group.icon, group.iconType),
    pages: group.pages.map((p) => (typeof p === 'string' ? p : convertGroup(p))),
  });
}

function firstPage(group: LegacyGroup): string | undefined {
  for (const p of group.pages) {
    const found = typeof p === 'string' ? p : firstPage(p);
    if (found !== undefined) return trimSlashes(found);
  }
  return undefined;
}

function underPrefix(page: string | undefined, url: string): boolean {
  const prefix = trimSlashes(url);
  return page !== undefined && prefix !== '' && (page === prefix || page.startsWith(`${prefix}/`));
}

function inVersion(item: { version?: string | undefined }, version: string | undefined): boolean {
  return version === undefined || item.version === undefined || item.version === version;
}

/**
 * An anchor's docs.json colour: its own `color`, else `colors.anchors`, the default of every anchor (the
 * top one too); a gradient is its CSS value. Undefined leaves the theme's accent colour.
 */
function anchorColor(mint: LegacyConfig, own: unknown): Json | undefined {
  const css = legacyPaint(own) ?? legacyPaint(mint.colors.anchors);
  return css === undefined ? undefined : { light: css, dark: css };
}

/** Whether a project-relative page path (`guides/intro`, `index`) has a page file. */
export type PageExists = (path: string) => boolean;

type Owner = { url: string };

/**
 * The `url` of the owner (tab or anchor) whose prefix the group's first page starts with. The longest
 * prefix wins, as a more specific section is what the author meant.
 */
function ownerUrl(owners: readonly Owner[], group: LegacyGroup): string | undefined {
  return owners
    .filter((o) => underPrefix(firstPage(group), o.url))
    .sort((a, b) => trimSlashes(b.url).length - trimSlashes(a.url).length)[0]?.url;
}

/**
 * Where a tab or anchor that holds no group leads: an external URL as it is, a page path to that page.
 * Undefined for a prefix naming no page (a folder nothing was put under): a link leading nowhere is worse
 * than none.
 */
function linkHref(url: string, pageExists: PageExists): string | undefined {
  if (isExternal(url)) return url;
  const path = trimSlashes(url);
  return pageExists(path === '' ? 'index' : path) ? `/${path}` : undefined;
}

/** A tab that holds no group, as a link ({@link linkHref}); undefined when it leads nowhere. */
function tabLink(tab: { name: string; url: string }, pageExists: PageExists): Json | undefined {
  const href = linkHref(tab.url, pageExists);
  return href === undefined ? undefined : { tab: tab.name, href };
}

/**
 * Where each converted top-level group came from: its mint.json key path (`navigation[3]`), so problems
 * found in the converted config can name the place the author wrote (legacyPlaces.ts).
 */
export type GroupOrigins = Map<Json, string>;

/** The navigation content (tabs, anchors or groups) for one version (or all, when `version` is undefined). */
function content(
  mint: LegacyConfig,
  version: string | undefined,
  pageExists: PageExists,
  origins: GroupOrigins | undefined,
): { body: Json; global: Json } {
  const groups = mint.navigation.filter((g) => inVersion(g, version));
  const convert = (g: LegacyGroup): Json => {
    const out = convertGroup(g);
    origins?.set(out, `navigation[${mint.navigation.indexOf(g)}]`);
    return out;
  };
  const tabs = (mint.tabs ?? []).filter((t) => inVersion(t, version));
  const anchors = (mint.anchors ?? []).filter((a) => inVersion(a, version));
  const prefixTabs = tabs.filter((t) => !isExternal(t.url));
  // Only a tab some group falls under is a section; the others (external, or a prefix no page starts
  // with) are links where the config lists them.
  const sectionTabs = prefixTabs.filter((t) => groups.some((g) => ownerUrl(prefixTabs, g) === t.url));
  const linkTabs = tabs.filter((t) => !sectionTabs.includes(t)).flatMap((t) => tabLink(t, pageExists) ?? []);
  const claims = (url: string): LegacyGroup[] => groups.filter((g) => underPrefix(firstPage(g), url));
  const prefixAnchors =
    sectionTabs.length > 0 ? [] : anchors.filter((a) => !isExternal(a.url) && claims(a.url).length > 0);
  // An anchor that holds no group is a link, left out like a tab when it leads nowhere (tabLink).
  const linkAnchor = (a: LegacyAnchor): Json[] => {
    const href = linkHref(a.url, pageExists);
    if (href === undefined) return [];
    return [compact({ anchor: a.name, href, icon: icon(a.icon, a.iconType), color: anchorColor(mint, a.color) })];
  };
  // Links go with the anchor sections when there are any (below), so they keep their place among them.
  const linkAnchors = prefixAnchors.length > 0 ? [] : anchors.flatMap(linkAnchor);
  const global = compact({
    anchors: linkAnchors.length > 0 ? linkAnchors : undefined,
    tabs: sectionTabs.length === 0 && linkTabs.length > 0 ? linkTabs : undefined,
  });

  const owners = [...sectionTabs, ...prefixAnchors];
  const ownerOf = (g: LegacyGroup): string | undefined => ownerUrl(owners, g);
  const unclaimed = groups.filter((g) => ownerOf(g) === undefined).map(convert);
  const of = (url: string): Json[] => groups.filter((g) => ownerOf(g) === url).map(convert);

  if (sectionTabs.length > 0) {
    const primary = unclaimed.length > 0 ? [{ tab: mint.primaryTab?.name ?? 'Documentation', groups: unclaimed }] : [];
    // Config order, links included: the author placed each tab.
    const rest = tabs.flatMap((t) =>
      sectionTabs.includes(t)
        ? [compact({ tab: t.name, hidden: t.isDefaultHidden, groups: of(t.url) })]
        : (tabLink(t, pageExists) ?? []),
    );
    return { body: { tabs: [...primary, ...rest] }, global };
  }
  if (prefixAnchors.length > 0) {
    const top = mint.topAnchor;
    const primary =
      unclaimed.length > 0
        ? [
            compact({
              anchor: top?.name ?? 'Documentation',
              icon: icon(top?.icon, top?.iconType),
              color: anchorColor(mint, undefined),
              groups: unclaimed,
            }),
          ]
        : [];
    // Config order, links included: the author placed each anchor.
    const rest = anchors.flatMap((a) =>
      prefixAnchors.includes(a)
        ? [
            compact({
              anchor: a.name,
              icon: icon(a.icon, a.iconType),
              hidden: a.isDefaultHidden,
              color: anchorColor(mint, a.color),
              groups: of(a.url),
            }),
          ]
        : linkAnchor(a),
    );
    return { body: { anchors: [...primary, ...rest] }, global };
  }
  return { body: { groups: unclaimed }, global };
}

/**
 * The docs.json `navigation` of a mint.json: its content, one section per version when it lists
 * versions, with the links shown on every page under `global`. `origins`, when given, learns where each
 * converted group came from.
 */
export function navigation(mint: LegacyConfig, pageExists: PageExists, origins?: GroupOrigins): Json {
  const versions = (mint.versions ?? []).map((v) => (typeof v === 'string' ? { name: v } : v));
  if (versions.length === 0) {
    const { body, global } = content(mint, undefined, pageExists, origins);
    return Object.keys(global).length > 0 ? { ...body, global } : body;
  }
  let global: Json = {};
  const sections = versions.map((v) => {
    const built = content(mint, v.name, pageExists, origins);
    global = { ...global, ...built.global };
    return compact({ version: v.name, default: v.default, ...built.body });
  });
  return Object.keys(global).length > 0 ? { versions: sections, global } : { versions: sections };
}
