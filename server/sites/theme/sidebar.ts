/** The sidebar: section switchers (products, dropdowns, menus), anchors, then the group/page tree. */
import type { NavGroup, NavItem, SitePage, SiteModel } from '../project/model.js';
import { emojiImages } from './emoji.js';
import { frontmatterEndpoint } from './endpoint/bar.js';
import { attrs, cls, esc, linkAttrs, shortHash } from './html.js';
import { EN, type UiText } from './i18n/index.js';
import { navIcon, ui } from './icons.js';
import { firstInItems } from './navigation.js';
import { pagesIn, perSiteList, sidebarParts } from './navLists.js';
import type { Switcher } from './sections.js';
import { switcherMenu } from './sections.js';
import { FREE_IDS, type MintlifyIds } from './page.js';
import { SHARED_NAV_PART_ATTR, SHARED_NAV_ROWS_ATTR } from './sharedNav.js';

/** Inputs of {@link renderSidebar}. */
export interface SidebarArgs {
  readonly site: SiteModel;
  readonly items: readonly NavItem[];
  readonly switchers: ReadonlyMap<string, Switcher>;
  /** The page being shown (null on the 404 page). */
  readonly current: string | null;
  /** Markup shown at the top of the phone drawer only (tabs and navbar links). */
  readonly extra?: string;
  /**
   * The key of the shared file holding this sidebar's whole tree (sharedNav.ts): the page then carries
   * only the group of the current page and the other groups' headings.
   */
  readonly shared?: string | undefined;
  /** Mintlify's identifiers the page's content leaves free (`#sidebar`, `#sidebar-content`…); all when unset. */
  readonly ids?: MintlifyIds;
  /** Shown only as the phone drawer (custom and center pages have no sidebar beside them). */
  readonly drawerOnly?: boolean;
  /** The interface text in the page's language (English when unset). */
  readonly text?: UiText;
}

/**
 * The sidebar's id: Mintlify's `sidebar`, which projects' stylesheets select, unless the page's content
 * already has that id (a heading "Sidebar"); the menu button names it as what it opens.
 */
export function sidebarId(ids: MintlifyIds): string {
  return ids('sidebar') ? 'sidebar' : 'op-sidebar';
}

const METHOD_LABELS: Readonly<Record<string, string>> = {
  get: 'GET',
  post: 'POST',
  put: 'PUT',
  patch: 'PATCH',
  delete: 'DEL',
  head: 'HEAD',
  options: 'OPT',
  trace: 'TRACE',
};

/** The HTTP method of an endpoint page (OpenAPI-backed or frontmatter `api:`), lower-case, if any. */
export function pageMethod(page: SitePage): string | undefined {
  if (page.operation) return page.operation.kind === 'webhook' ? 'webhook' : page.operation.method;
  return frontmatterEndpoint(page.frontmatter)?.method;
}

/** A sidebar item's tag (frontmatter `tag`), as Mintlify's `nav-tag-pill` with its `nav-tag-pill-text`. */
/**
 * A sidebar entry's icon. One that cannot be drawn (a Font Awesome Pro name such as `badge-dollar`, a
 * remote image) keeps its room, so the entry's label lines up with its neighbours' (it started 24 px
 * left of them); the import report names the icon.
 */
function sidebarIcon(icon: SitePage['icon'], library: SiteModel['settings']['iconLibrary']): string {
  const drawn = navIcon(icon, library, 'op-nav-icon');
  return drawn !== '' || icon === undefined
    ? drawn
    : '<span class="op-icon icon op-nav-icon" aria-hidden="true"></span>';
}

function navTagPill(tag: string | undefined): string {
  return tag ? `<span class="op-pill nav-tag-pill"><span class="nav-tag-pill-text">${esc(tag)}</span></span>` : '';
}

/** A small coloured method badge (`GET`, `POST`, ...). */
export function methodBadge(method: string, className = 'op-method'): string {
  const label = method === 'webhook' ? 'HOOK' : (METHOD_LABELS[method] ?? method.toUpperCase());
  return `<span class="${className} op-method-${esc(method)}">${esc(label)}</span>`;
}

/** Rows a list of `items` shows: its links, and the summary and (when open) the rows of each sub-group. */
const visibleRows = perSiteList((site, items): number => {
  let rows = 0;
  for (const item of items) {
    if (item.kind === 'link') rows += 1;
    else if (item.kind === 'page') rows += site.pages.get(item.page)?.hidden === false ? 1 : 0;
    else if (!item.hidden) rows += 1 + (item.expanded ? visibleRows(site, item.items) : 0);
  }
  return rows;
});

/**
 * Whether a group shows something to open: a link, a listed page, or a sub-group that does. A group whose
 * pages are all hidden (frontmatter `hidden`) would be a bare heading, which Mintlify does not show.
 */
const showsAnything = perSiteList((site, items): boolean =>
  items.some((item) =>
    item.kind === 'link'
      ? true
      : item.kind === 'page'
        ? site.pages.get(item.page)?.hidden === false
        : !item.hidden && (item.root !== undefined || showsAnything(site, item.items)),
  ),
);

/** A group the sidebar leaves out: hidden, or with nothing to show. */
function isEmptyGroup(site: SiteModel, group: NavGroup): boolean {
  return group.hidden || (group.root === undefined && !showsAnything(site, group.items));
}

class SidebarWriter {
  /** Only the current page's group is written out in full (a shared sidebar's page). */
  private readonly compact: boolean;

  /**
   * @param parted Top-level parts are numbered (a shared sidebar's page and its file): the page's client
   *   draws the file's parts in place of the page's placeholders (client/sharedNav.ts).
   */
  constructor(
    private readonly args: SidebarArgs,
    private readonly parted = args.shared !== undefined,
  ) {
    this.compact = args.shared !== undefined;
  }

  /**
   * The opening tag of a top-level part, or of the page's placeholder for it (`placeholder`: the items the
   * part lists, and whether it is hidden until drawn). Splitting the shared file into parts
   * (sharedNav.ts) relies on exactly this shape: class, then part number.
   */
  private partStart(part: number, placeholder?: { items: readonly NavItem[]; hidden: boolean }): string {
    if (!this.parted) return '<div class="op-nav-group">';
    const rows =
      placeholder === undefined ? '' : ` ${SHARED_NAV_ROWS_ATTR}="${visibleRows(this.args.site, placeholder.items)}"`;
    return `<div class="op-nav-group" ${SHARED_NAV_PART_ATTR}="${part}"${rows}${placeholder?.hidden ? ' hidden' : ''}>`;
  }

  private holdsCurrent(items: readonly NavItem[]): boolean {
    return this.args.current !== null && pagesIn(items).has(this.args.current);
  }

  private pageLink(path: string): string {
    const page = this.args.site.pages.get(path);
    if (!page || page.hidden) return '';
    const active = path === this.args.current;
    const method = page.frontmatter.hideApiMarker === true ? undefined : pageMethod(page);
    const href = page.externalUrl ?? page.url;
    const external = page.externalUrl !== undefined;
    // `data-active` on the current page's item, as Mintlify's (`#sidebar-content li[data-active]`).
    return (
      `<li${active ? ' data-active=""' : ''}><a class="${cls('op-nav-link', active && 'is-active')}"${linkAttrs(href)}${active ? ' aria-current="page"' : ''}>` +
      `${method ? methodBadge(method, 'op-method method-nav-pill') : sidebarIcon(page.icon, this.args.site.settings.iconLibrary)}` +
      `<span class="op-nav-label">${esc(page.sidebarTitle)}</span>${navTagPill(page.tag)}` +
      `${external ? ui('arrow-up-right', 'op-external') : ''}</a></li>`
    );
  }

  private item(item: NavItem): string {
    if (item.kind === 'page') return this.pageLink(item.page);
    if (item.kind === 'link') {
      return (
        `<li><a class="op-nav-link"${linkAttrs(item.href)}>${sidebarIcon(item.icon, this.args.site.settings.iconLibrary)}` +
        `<span class="op-nav-label">${esc(item.label)}</span>${ui('arrow-up-right', 'op-external')}</a></li>`
      );
    }
    return isEmptyGroup(this.args.site, item) ? '' : `<li>${this.subGroup(item)}</li>`;
  }

  /**
   * A list of items; a top-level group's (`top`) is Mintlify's `sidebar-group`, `data-active` while it
   * holds the current page.
   */
  private list(items: readonly NavItem[], top = false): string {
    const body = items.map((i) => this.item(i)).join('');
    if (!body) return '';
    if (!top) return `<ul class="op-nav-list">${body}</ul>`;
    return `<ul class="op-nav-list sidebar-group"${this.holdsCurrent(items) ? ' data-active=""' : ''}>${body}</ul>`;
  }

  /** A group's icon, label and tag; a top-level group's (`top`) carry Mintlify's `sidebar-group-icon` and `sidebar-title`. */
  private groupTitle(group: NavGroup, top = false): string {
    const lib = this.args.site.settings.iconLibrary;
    return (
      `${navIcon(group.icon, lib, cls('op-nav-icon', top && 'sidebar-group-icon'))}` +
      `<span class="${cls('op-nav-label', top && 'sidebar-title')}">${esc(group.label)}</span>${navTagPill(group.tag)}`
    );
  }

  /**
   * Top-level groups are headings with their pages always listed (as on Mintlify sites). In a compact
   * sidebar another group than the current page's is its heading alone, leading to its first page.
   */
  private topGroup(group: NavGroup, part: number): string {
    if (isEmptyGroup(this.args.site, group)) return '';
    if (this.compact && group.root !== this.args.current && !this.holdsCurrent(group.items))
      return this.headingOnly(group, part);
    const root = group.root === undefined ? undefined : this.args.site.pages.get(group.root);
    const title = root
      ? `<a class="${cls('op-nav-group-title', 'sidebar-group-header', 'op-nav-group-link', group.root === this.args.current && 'is-active')}" href="${esc(root.url)}"` +
        `${group.root === this.args.current ? ' aria-current="page"' : ''}>${this.groupTitle(group, true)}</a>`
      : `<p class="op-nav-group-title sidebar-group-header">${this.groupTitle(group, true)}</p>`;
    return `${this.partStart(part)}${title}${this.list(group.items, true)}</div>`;
  }

  /** The page a group opens: its own, else its first visible one. */
  private firstPage(group: NavGroup): SitePage | undefined {
    const first = group.root ?? firstInItems(group.items, false);
    return first === undefined ? undefined : this.args.site.pages.get(first);
  }

  /** A group's heading linked to the page it opens (a compact sidebar's other groups). */
  private headingOnly(group: NavGroup, part: number): string {
    const page = this.firstPage(group);
    const title = page
      ? `<a class="op-nav-group-title sidebar-group-header op-nav-group-link" href="${esc(page.url)}" data-op-nav-heading="">${this.groupTitle(group, true)}</a>`
      : `<p class="op-nav-group-title sidebar-group-header">${this.groupTitle(group, true)}</p>`;
    return `${this.partStart(part, { items: group.items, hidden: false })}${title}</div>`;
  }

  /**
   * Nested groups collapse; open when `expanded` or when they hold the current page. A closed one of a
   * compact sidebar leaves its pages to the shared tree.
   */
  private subGroup(group: NavGroup): string {
    const current = this.args.current;
    const holds = current !== null && (group.root === current || pagesIn(group.items).has(current));
    const open = group.expanded || holds;
    const root = group.root === undefined ? undefined : this.args.site.pages.get(group.root);
    const active = root !== undefined && group.root === current;
    // With `interaction.drilldown`, a group without a page of its own leads to its first one: a link
    // (not a script) so that it works without scripts and a bundle's link rewriting reaches it.
    const target = root ?? (this.args.site.settings.drilldown ? this.firstPage(group) : undefined);
    const summary = target
      ? `<summary class="op-nav-sub-summary"><a class="${cls('op-nav-link', 'op-nav-sub-link', active && 'is-active')}" href="${esc(target.url)}"` +
        `${active ? ' aria-current="page"' : ''}>${this.groupTitle(group)}</a>${ui('chevron-right', 'op-nav-chevron')}</summary>`
      : `<summary class="op-nav-sub-summary"><span class="op-nav-link op-nav-sub-link">${this.groupTitle(group)}</span>` +
        `${ui('chevron-right', 'op-nav-chevron')}</summary>`;
    const list = this.compact && !holds ? '' : this.list(group.items);
    return `<details${attrs({ class: 'op-nav-sub', open })}>${summary}${list}</details>`;
  }

  /**
   * A run of loose pages. A compact sidebar lists it only when the current page is one of them; otherwise
   * it holds a placeholder, hidden until the client draws the part there (readers without scripts see
   * no more than before).
   */
  private looseRun(loose: readonly NavItem[], part: number): string {
    if (!this.compact || this.holdsCurrent(loose)) return `${this.partStart(part)}${this.list(loose)}</div>`;
    return visibleRows(this.args.site, loose) === 0
      ? ''
      : `${this.partStart(part, { items: loose, hidden: true })}</div>`;
  }

  /** Top-level groups and, between them, loose pages gathered into unlabelled lists: the tree's parts. */
  tree(): string {
    return sidebarParts(this.args.items)
      .map((part, i) => ('group' in part ? this.topGroup(part.group, i) : this.looseRun(part.loose, i)))
      .join('');
  }

  top(): string {
    const { site, switchers } = this.args;
    const lib = site.settings.iconLibrary;
    let out = '';
    for (const division of ['product', 'dropdown', 'menu'] as const) {
      const sw = switchers.get(division);
      if (sw && sw.options.length > 0)
        out += switcherMenu(sw, lib, `op-switcher-block op-switcher-${division}`, this.args.text);
    }
    const anchors = switchers.get('anchor');
    if (anchors && anchors.options.length > 0) {
      const links = anchors.options
        .map(
          (a) =>
            `<li><a class="${cls('op-anchor', 'nav-anchor', a.active && 'is-active', a.section.color && `op-c-${shortHash(a.section.id)}`)}"` +
            `${a.href === undefined ? '' : linkAttrs(a.href)}${a.active ? ' aria-current="true"' : ''}>` +
            `<span class="op-anchor-icon">${navIcon(a.icon, lib) || ui('file-text')}</span><span>${esc(a.label)}</span>` +
            `${a.external ? ui('arrow-up-right', 'op-external') : ''}</a></li>`,
        )
        .join('');
      out += `<ul class="op-anchors nav-anchors">${links}</ul>`;
    }
    return out ? `<div class="op-sidebar-top">${out}</div>` : '';
  }
}

/** The sidebar markup (`<aside id="sidebar">`, see sidebarId), or '' when there is nothing to show. */
export function renderSidebar(args: SidebarArgs): string {
  const writer = new SidebarWriter(args);
  const top = writer.top();
  const tree = writer.tree();
  if (!top && !tree && args.shared === undefined) return '';
  const ids = args.ids ?? FREE_IDS;
  const t = args.text ?? EN;
  const nav = attrs({ class: 'op-nav', 'aria-label': t.pagesLabel, 'data-op-nav-shared': args.shared });
  return (
    `<aside id="${sidebarId(ids)}" class="${cls('op-sidebar', args.drawerOnly && 'op-sidebar-drawer-only')}" aria-label="${esc(t.navigationLabel)}">` +
    `<div class="op-sidebar-inner"${ids('sidebar-content')}>` +
    `${args.extra ?? ''}${top}<nav${nav}${ids('navigation-items')}>${tree}</nav></div></aside>`
  );
}

/**
 * The whole page tree of a sidebar listing `items`, no page current (the shared sidebar file's content),
 * emoji drawn as in page bodies.
 */
export function renderSidebarTree(site: SiteModel, items: readonly NavItem[]): string {
  return emojiImages(new SidebarWriter({ site, items, switchers: new Map(), current: null }, true).tree());
}
