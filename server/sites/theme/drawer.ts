/** The phone drawer's extras: the header's tabs and navbar links, which the header hides on small screens. */
import type { DocsConfig } from '../project/model.js';
import { cls, esc, isExternal, linkAttrs } from './html.js';
import type { UiText } from './i18n/index.js';
import { navbarLinkLabel, navbarPrimaryLabel } from './header.js';
import { ui } from './icons.js';
import type { Switcher } from './sections.js';

/** Tabs and navbar links again, for the phone drawer (the header hides them on small screens). */
export function drawerExtras(
  name: string,
  tabs: Switcher | undefined,
  navbar: DocsConfig['navbar'],
  text: UiText,
): string {
  const tabLinks = (tabs?.options ?? [])
    .map(
      (t) =>
        `<li><a class="${cls('op-drawer-link', 'mobile-nav-tabs-item', t.active && 'is-active')}"${t.href === undefined ? '' : linkAttrs(t.href)}${t.active ? ' data-active=""' : ''}>` +
        `${esc(t.label)}${t.external ? ui('arrow-up-right', 'op-external') : ''}</a></li>`,
    )
    .join('');
  // Worded as the header words them (a `type: github` button without a label is "GitHub", not "github").
  const links = [...(navbar?.links ?? []).map((l) => ({ label: navbarLinkLabel(l), href: l.href }))];
  if (navbar?.primary) links.push({ label: navbarPrimaryLabel(navbar.primary), href: navbar.primary.href });
  const navLinks = links
    .map(
      (l) =>
        `<li><a class="op-drawer-link"${linkAttrs(l.href)}>${esc(l.label)}${isExternal(l.href) ? ui('arrow-up-right', 'op-external') : ''}</a></li>`,
    )
    .join('');
  const close =
    `<div class="op-drawer-head"><span class="op-drawer-title">${esc(name)}</span>` +
    `<button type="button" class="op-icon-button" data-op-nav-close="" aria-label="${esc(text.closeNavigation)}">${ui('x')}</button></div>`;
  // The head is a child of the scrolling sidebar itself, so that it can stay in view while the list scrolls.
  // Without tabs or navbar links there is nothing to add: no empty, bordered block under the head.
  if (tabLinks === '' && navLinks === '') return close;
  return (
    `${close}<div class="op-drawer-extras">${tabLinks ? `<ul class="op-drawer-tabs">${tabLinks}</ul>` : ''}` +
    `${navLinks ? `<ul class="op-drawer-navbar">${navLinks}</ul>` : ''}</div>`
  );
}
