/** The top of every page: logo, version/language switchers, search, navbar links, mode toggle, tab bar. */
import type { DocsConfig, SiteModel } from '../project/model.js';
import { attrs, cls, esc, isExternal, linkAttrs, localAsset, safeUrl } from './html.js';
import { EN, type UiText } from './i18n/index.js';
import { navIcon, ui } from './icons.js';
import { FREE_IDS, type MintlifyIds } from './page.js';
import { sidebarId } from './sidebar.js';
import type { Switcher } from './sections.js';
import { switcherMenu } from './sections.js';

/** Inputs of {@link renderHeader}. */
export interface HeaderArgs {
  readonly site: SiteModel;
  readonly switchers: ReadonlyMap<string, Switcher>;
  /** Navbar after per-language overrides. */
  readonly navbar: DocsConfig['navbar'];
  /** Whether a sidebar exists (the menu button opens it on phones). */
  readonly hasSidebar: boolean;
  /** Mintlify's identifiers the page's content leaves free (`#navbar`, `#topbar-cta-button`…); all when unset. */
  readonly ids?: MintlifyIds;
  /** The interface text in the page's language (English when unset). */
  readonly text?: UiText;
}

function logo(site: SiteModel): string {
  const { logo: img, name } = site.settings;
  // The logo's link stays when its files are missing (the settings then hold no logo): the name links there.
  const written = site.config.logo;
  const configured = typeof written === 'object' ? written.href : undefined;
  const href = safeUrl(img?.href ?? configured ?? '/');
  const lightSrc = localAsset(img?.light);
  const darkSrc = localAsset(img?.dark) ?? lightSrc;
  if (!lightSrc || !darkSrc) return `<a class="op-logo op-logo-text nav-logo" href="${esc(href)}">${esc(name)}</a>`;
  // Mintlify's `nav-logo` is on each image, which projects' CSS sizes (`.nav-logo { height: 40px }`).
  const light = `<img class="op-logo-img op-logo-light nav-logo" src="${esc(lightSrc)}" alt="${esc(name)}">`;
  const dark =
    darkSrc === lightSrc
      ? ''
      : `<img class="op-logo-img op-logo-dark nav-logo" src="${esc(darkSrc)}" alt="${esc(name)}">`;
  return `<a class="${cls('op-logo', dark && 'op-logo-themed')}" href="${esc(href)}">${light}${dark}</a>`;
}

const NAVBAR_TYPES: Readonly<Record<string, { label: string; icon: string }>> = {
  github: { label: 'GitHub', icon: 'github' },
  discord: { label: 'Discord', icon: 'discord' },
};

type NavbarLink = NonNullable<NonNullable<DocsConfig['navbar']>['links']>[number];
type NavbarPrimary = NonNullable<NonNullable<DocsConfig['navbar']>['primary']>;

/** A navbar link's words: its label, else its type's (`GitHub`), else its address. */
export function navbarLinkLabel(link: NavbarLink): string {
  const preset = link.type === undefined ? undefined : NAVBAR_TYPES[link.type];
  return link.label ?? preset?.label ?? link.href;
}

/** The primary button's words: its label, else its type's (`GitHub` for a legacy `type: github` button). */
export function navbarPrimaryLabel(primary: NavbarPrimary): string {
  return primary.label ?? NAVBAR_TYPES[primary.type]?.label ?? 'Get started';
}

/**
 * The navbar's links and its primary button, each an item of one list as in Mintlify's topbar
 * (`<li class="navbar-link"><a>`), so a project's `li.navbar-link a[href*=…]` or
 * `nav ul li:has(#topbar-cta-button)` finds them and `order` moves them within the row.
 */
function navbarLinks(site: SiteModel, navbar: DocsConfig['navbar'], ids: MintlifyIds, t: UiText): string {
  const lib = site.settings.iconLibrary;
  const links = (navbar?.links ?? [])
    .map((link) => {
      const preset = link.type === undefined ? undefined : NAVBAR_TYPES[link.type];
      const label = navbarLinkLabel(link);
      const iconRef =
        typeof link.icon === 'string'
          ? { name: link.icon }
          : link.icon
            ? { name: link.icon.name, ...(link.icon.style ? { style: link.icon.style } : {}) }
            : preset
              ? { name: preset.icon, style: 'brands', library: 'fontawesome' }
              : undefined;
      return `<li class="op-navbar-item navbar-link"><a class="op-navbar-link"${linkAttrs(link.href)}>${navIcon(iconRef, lib)}<span>${esc(label)}</span></a></li>`;
    })
    .join('');
  const primary = navbar?.primary;
  let button = '';
  if (primary) {
    const preset = NAVBAR_TYPES[primary.type];
    const label = navbarPrimaryLabel(primary);
    const icon = preset ? navIcon({ name: preset.icon, style: 'brands', library: 'fontawesome' }, lib) : '';
    button = `<li class="op-navbar-item"><a class="op-navbar-primary"${ids('topbar-cta-button')}${linkAttrs(primary.href)}>${icon}<span>${esc(label)}</span>${ui('chevron-right')}</a></li>`;
  }
  return links || button
    ? `<nav class="op-navbar" aria-label="${esc(t.linksLabel)}"><ul class="op-navbar-list">${links}${button}</ul></nav>`
    : '';
}

function tabBar(site: SiteModel, tabs: Switcher | undefined, t: UiText): string {
  if (!tabs || tabs.options.length === 0) return '';
  const lib = site.settings.iconLibrary;
  const links = tabs.options
    .map((tab) => {
      const href = tab.href === undefined ? '' : linkAttrs(tab.href);
      const external = tab.external || (tab.href !== undefined && isExternal(tab.href));
      return (
        // `data-active` on the current tab, as Mintlify's (`.nav-tabs-item[data-active]`).
        `<a class="${cls('op-tab-link', tab.active && 'is-active', 'nav-tabs-item')}"${href}${tab.active ? ' aria-current="page" data-active=""' : ''}>` +
        `${navIcon(tab.icon, lib)}<span>${esc(tab.label)}</span>${external ? ui('arrow-up-right', 'op-external') : ''}</a>`
      );
    })
    .join('');
  return `<nav class="op-tabbar nav-tabs" aria-label="${esc(t.sectionsLabel)}"><div class="op-tabbar-inner">${links}</div></nav>`;
}

/** The site header. */
export function renderHeader(args: HeaderArgs): string {
  const { site, switchers } = args;
  const ids = args.ids ?? FREE_IDS;
  const t = args.text ?? EN;
  const lib = site.settings.iconLibrary;
  const version = switchers.get('version');
  const language = switchers.get('language');
  const prompt = site.settings.search?.prompt ?? t.searchPlaceholder;
  const toggle = site.settings.appearance.strict
    ? ''
    : `<button type="button" class="op-icon-button op-theme-toggle" data-op-theme-toggle="" aria-label="${esc(t.toggleDark)}">` +
      `${ui('sun', 'op-when-light')}${ui('moon', 'op-when-dark')}</button>`;
  const menu = args.hasSidebar
    ? `<button type="button"${attrs({
        class: 'op-icon-button op-nav-toggle',
        'data-op-nav-toggle': '',
        'aria-controls': sidebarId(ids),
        'aria-expanded': 'false',
        'aria-label': t.openNavigation,
      })}>${ui('menu')}</button>`
    : '';
  return (
    `<header class="op-header"${ids('navbar')}><div class="op-header-inner">` +
    `<div class="op-header-left">${menu}${logo(site)}` +
    `${version && version.options.length > 1 ? switcherMenu(version, lib, 'op-switcher-version', t) : ''}</div>` +
    `<div class="op-header-center"><button type="button" class="op-search-button"${ids('search-bar-entry')} data-op-search-open="" aria-label="${esc(t.search)}">` +
    `${ui('search')}<span class="op-search-placeholder">${esc(prompt)}</span><kbd class="op-kbd" data-op-shortcut="">⌘K</kbd></button></div>` +
    `<div class="op-header-right topbar-right-container">${navbarLinks(site, args.navbar, ids, t)}` +
    `${language && language.options.length > 1 ? switcherMenu(language, lib, 'op-switcher-language', t) : ''}` +
    `<button type="button" class="op-icon-button op-search-mobile"${ids('search-bar-entry-mobile')} data-op-search-open="" aria-label="${esc(t.search)}">${ui('search')}</button>` +
    `${toggle}</div></div>${tabBar(site, switchers.get('tab'), t)}</header>`
  );
}
