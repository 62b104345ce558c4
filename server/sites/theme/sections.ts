/**
 * The section switchers of a page: for each division level of the navigation (tabs, anchors, dropdowns,
 * products, versions, languages, tab menus) the options and the active one, plus the `global` links of
 * `navigation` and of the divisions the page sits in.
 */
import type { IconRef, NavDivision, NavSection, SiteModel } from '../project/model.js';
import { equivalentPage } from './equivalent.js';
import { esc, isExternal, linkAttrs } from './html.js';
import { EN, type UiText } from './i18n/index.js';
import { navIcon, ui } from './icons.js';
import type { NavLocation } from './navigation.js';
import { sectionHref } from './navigation.js';

/** One entry of a switcher. */
export interface SwitchOption {
  readonly label: string;
  readonly href?: string;
  readonly active: boolean;
  readonly external: boolean;
  readonly icon?: IconRef;
  readonly description?: string;
  readonly tag?: string;
  /** The section behind the option (global links included). */
  readonly section: NavSection;
}

/** All options of one division level. */
export interface Switcher {
  readonly division: NavDivision;
  readonly options: readonly SwitchOption[];
}

const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  ar: 'العربية',
  ca: 'Català',
  cn: '中文',
  cs: 'Čeština',
  da: 'Dansk',
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  fi: 'Suomi',
  fr: 'Français',
  'fr-CA': 'Français (Canada)',
  he: 'עברית',
  hi: 'हिन्दी',
  hu: 'Magyar',
  id: 'Bahasa Indonesia',
  it: 'Italiano',
  ja: '日本語',
  'ja-JP': '日本語',
  jp: '日本語',
  ko: '한국어',
  lv: 'Latviešu',
  nl: 'Nederlands',
  no: 'Norsk',
  pl: 'Polski',
  pt: 'Português',
  'pt-BR': 'Português (Brasil)',
  ro: 'Română',
  ru: 'Русский',
  sv: 'Svenska',
  tr: 'Türkçe',
  uk: 'Українська',
  uz: 'Oʻzbek',
  vi: 'Tiếng Việt',
  zh: '中文',
  'zh-CN': '简体中文',
  'zh-Hans': '简体中文',
  'zh-Hant': '繁體中文',
  'zh-TW': '繁體中文',
};

/** Display label of a section (language codes become language names). */
export function sectionLabel(section: NavSection): string {
  return section.division === 'language' ? (LANGUAGE_NAMES[section.label] ?? section.label) : section.label;
}

/** Divisions whose switcher keeps the reader on the same page where the other section has it. */
const PAIRED: ReadonlySet<NavDivision> = new Set(['language', 'version']);

function option(site: SiteModel, section: NavSection, active: boolean, samePage?: string): SwitchOption {
  const paired = samePage === undefined ? undefined : site.pages.get(samePage)?.url;
  const href = paired ?? sectionHref(site, section);
  return {
    label: sectionLabel(section),
    ...(href === undefined ? {} : { href }),
    active,
    external: href !== undefined && isExternal(href),
    ...(section.icon ? { icon: section.icon } : {}),
    ...(section.description ? { description: section.description } : {}),
    ...(section.tag ? { tag: section.tag } : {}),
    section,
  };
}

/**
 * Whether a section has somewhere to go: a page or a link. One whose pages are all missing (a starter's
 * navigation kept after its pages were deleted) would be a control that does nothing when clicked.
 */
function leadsSomewhere(site: SiteModel, section: NavSection): boolean {
  return sectionHref(site, section) !== undefined;
}

/**
 * The switchers around a located page, by division; sections leading nowhere are left out. With the page's
 * path, a language or version option leads to that section's equivalent page ({@link equivalentPage}) when
 * it has one.
 */
export function switchers(
  site: SiteModel,
  location: NavLocation,
  pagePath?: string | null,
): Map<NavDivision, Switcher> {
  const out = new Map<NavDivision, Switcher>();
  const add = (division: NavDivision, options: SwitchOption[]): void => {
    const known = out.get(division);
    out.set(division, { division, options: [...(known?.options ?? []), ...options] });
  };
  location.chain.forEach((here, level) => {
    const siblings = level === 0 ? site.navigation.sections : (location.chain[level - 1]?.sections ?? []);
    const paired = pagePath !== undefined && pagePath !== null && PAIRED.has(here.division);
    add(
      here.division,
      siblings
        .filter((s) => !s.hidden && (s === here || leadsSomewhere(site, s)))
        .map((s) => option(site, s, s === here, paired ? equivalentPage(site, pagePath, here, s) : undefined)),
    );
  });
  // navigation.global's links, then those of each division the page sits in (a language's own anchors).
  const globals = [...site.navigation.global, ...location.chain.flatMap((section) => section.global ?? [])];
  for (const global of globals) {
    if (!global.hidden && leadsSomewhere(site, global)) add(global.division, [option(site, global, false)]);
  }
  return out;
}

/**
 * Mintlify's class prefix for the parts of the divisions it draws as navigation menus (components'
 * selectors.ts: `nav-dropdown-trigger`, `nav-dropdown-item`…), which projects' style.css selects.
 */
const MINTLIFY_MENUS: Partial<Record<NavDivision, string>> = {
  dropdown: 'nav-dropdown',
  product: 'nav-dropdown-products-selector',
};

/** The switcher menu's accessible name: what it switches, in the page's language. */
function switchLabel(division: NavDivision, t: UiText): string {
  if (division === 'language') return t.switchLanguage;
  if (division === 'version') return t.switchVersion;
  return division === 'product' ? t.switchProduct : t.switchSection;
}

/**
 * A dropdown (`<details>`, works without JS) listing the options of a switcher; the current option carries
 * `data-active`, as Mintlify's (`.nav-dropdown-item[data-active]`).
 */
export function switcherMenu(
  sw: Switcher,
  library: Parameters<typeof navIcon>[1],
  className: string,
  t: UiText = EN,
): string {
  const current = sw.options.find((o) => o.active) ?? sw.options[0];
  if (!current) return '';
  const prefix = MINTLIFY_MENUS[sw.division];
  const part = (name: string): string => (prefix === undefined ? '' : ` ${prefix}-${name}`);
  // Mintlify's products selector has no text container of its own.
  const textPart = sw.division === 'dropdown' ? part('item-text-container') : '';
  const items = sw.options
    .map((o) => {
      const href = o.href === undefined ? '' : linkAttrs(o.href);
      const text =
        `<span class="op-switcher-text${textPart}"><span class="op-switcher-label${part('item-title')}">${esc(o.label)}` +
        `${o.tag ? ` <span class="op-pill">${esc(o.tag)}</span>` : ''}</span>` +
        `${o.description ? `<span class="op-switcher-description${part('item-description')}">${esc(o.description)}</span>` : ''}</span>`;
      const mark = o.active ? ui('check', 'op-switcher-check') : o.external ? ui('arrow-up-right', 'op-external') : '';
      return (
        `<a class="op-switcher-option${part('item')}${o.active ? ' is-active' : ''}"${href}` +
        `${o.active ? ' aria-current="true" data-active=""' : ''}>` +
        `${navIcon(o.icon, library, `op-switcher-icon${part('item-icon')}`)}${text}${mark}</a>`
      );
    })
    .join('');
  return (
    `<details class="op-switcher ${className}" data-op-menu="" data-division="${sw.division}">` +
    `<summary class="op-switcher-button${part('trigger')}" aria-label="${esc(switchLabel(sw.division, t))}">` +
    `${navIcon(current.icon, library, 'op-switcher-icon')}<span class="op-switcher-current">${esc(current.label)}</span>` +
    `${current.tag ? `<span class="op-pill">${esc(current.tag)}</span>` : ''}${ui('chevrons-up-down', 'op-switcher-chevron')}` +
    `</summary><div class="op-switcher-panel${part('content')}">${items}</div></details>`
  );
}
