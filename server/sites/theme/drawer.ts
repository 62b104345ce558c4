/**
 * The phone drawer's extras: what the header hides on small screens (its version and language
 * switchers, tabs and navbar links), so that a reader on a phone can still reach all of it.
 */
import type { DocsConfig, NavDivision, SiteModel } from '../project/model.js';
import { cls, esc, isExternal, linkAttrs } from './html.js';
import type { UiText } from './i18n/index.js';
import { navbarLinkLabel, navbarPrimaryLabel } from './header.js';
import { ui } from './icons.js';
import { switcherMenu, type Switcher } from './sections.js';

/** What the drawer repeats of the header. */
export interface DrawerArgs {
  readonly site: SiteModel;
  readonly switchers: ReadonlyMap<NavDivision, Switcher>;
  readonly navbar: DocsConfig['navbar'];
  readonly text: UiText;
}

/** A drawer link; the label in a span of its own, so an emoji drawn as an image stays beside its words. */
function drawerLink(className: string, href: string | undefined, label: string, external: boolean, active = false) {
  return (
    `<li><a class="${className}"${href === undefined ? '' : linkAttrs(href)}${active ? ' data-active=""' : ''}>` +
    `<span>${esc(label)}</span>${external ? ui('arrow-up-right', 'op-external') : ''}</a></li>`
  );
}

/** The header's version and language menus (shown there only when there is a choice), as blocks. */
function switcherBlocks({ site, switchers, text }: DrawerArgs): string {
  return (['version', 'language'] as const)
    .map((division) => {
      const sw = switchers.get(division);
      if (sw === undefined || sw.options.length < 2) return '';
      return switcherMenu(sw, site.settings.iconLibrary, `op-switcher-block op-switcher-${division}`, text);
    })
    .join('');
}

/** The drawer's head (the site's name and a close button), then what the header hides on phones. */
export function drawerExtras(args: DrawerArgs): string {
  const { site, switchers, navbar, text } = args;
  const tabLinks = (switchers.get('tab')?.options ?? [])
    .map((t) =>
      drawerLink(
        cls('op-drawer-link', 'mobile-nav-tabs-item', t.active && 'is-active'),
        t.href,
        t.label,
        t.external,
        t.active,
      ),
    )
    .join('');
  // Worded as the header words them (a `type: github` button without a label is "GitHub", not "github").
  const links = [...(navbar?.links ?? []).map((l) => ({ label: navbarLinkLabel(l), href: l.href }))];
  if (navbar?.primary) links.push({ label: navbarPrimaryLabel(navbar.primary), href: navbar.primary.href });
  const navLinks = links.map((l) => drawerLink('op-drawer-link', l.href, l.label, isExternal(l.href))).join('');
  const blocks = switcherBlocks(args);
  const close =
    `<div class="op-drawer-head"><span class="op-drawer-title">${esc(site.settings.name)}</span>` +
    `<button type="button" class="op-icon-button" data-op-nav-close="" aria-label="${esc(text.closeNavigation)}">${ui('x')}</button></div>`;
  // The head is a child of the scrolling sidebar itself, so that it can stay in view while the list scrolls.
  // With nothing to add: no empty, bordered block under the head.
  if (blocks === '' && tabLinks === '' && navLinks === '') return close;
  return (
    `${close}<div class="op-drawer-extras">${blocks ? `<div class="op-drawer-switchers">${blocks}</div>` : ''}` +
    `${tabLinks ? `<ul class="op-drawer-tabs">${tabLinks}</ul>` : ''}` +
    `${navLinks ? `<ul class="op-drawer-navbar">${navLinks}</ul>` : ''}</div>`
  );
}
