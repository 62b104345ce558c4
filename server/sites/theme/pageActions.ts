/**
 * The page actions beside a page's title (docs.json `contextual.options`): a button for the first
 * action and, when there are more, a menu of them all, as Mintlify shows them. "Copy page" copies the
 * page's Markdown, which the page carries in a `<template>` (an export bundle opened from disk cannot
 * fetch it); "View as Markdown" opens the live site's `.md` view, which a bundle does not have.
 */
import type { ContextualItem } from '../project/settingsModel.js';
import { attrs, esc, linkAttrs } from './html.js';
import { EN, type UiText } from './i18n/index.js';
import { ui } from './icons.js';
import { FREE_IDS, type MintlifyIds } from './page.js';

/** What a page's actions need besides the site's list. */
export interface PageActionsArgs {
  /** The page as Markdown (set when the site has "Copy page"). */
  readonly markdown: string | undefined;
  /** The page's URL on the site (`/`, `/guides/setup`). */
  readonly url: string;
  /** Rendered for an export bundle: no `.md` view to link to. */
  readonly exported: boolean;
  /** Mintlify's identifiers the page's content leaves free (`#page-context-menu`); all when unset. */
  readonly ids?: MintlifyIds;
  /** The interface text in the page's language (English when unset). */
  readonly text?: UiText;
}

interface ActionView {
  readonly icon: string;
  readonly title: string;
  readonly description: string | undefined;
  /** `data-op-copy-page` for the copy action, else the link's attributes. */
  readonly attributes: string;
  readonly tag: 'button' | 'a';
}

function viewOf(item: ContextualItem, url: string, t: UiText): ActionView {
  switch (item.kind) {
    case 'copy':
      return {
        icon: ui('copy'),
        title: t.copyPage,
        description: t.copyPageDescription,
        attributes: attrs({ type: 'button', 'data-op-copy-page': '' }),
        tag: 'button',
      };
    case 'view':
      return {
        icon: ui('file-text'),
        title: t.viewMarkdown,
        description: t.viewMarkdownDescription,
        attributes: attrs({ href: url === '/' ? '/index.md' : `${url}.md` }),
        tag: 'a',
      };
    case 'link':
      return {
        icon: ui('arrow-up-right', 'op-page-action-external'),
        title: item.title,
        description: item.description,
        attributes: linkAttrs(item.href),
        tag: 'a',
      };
  }
}

/** The menu's first action, as a button beside the title. */
function mainAction(view: ActionView, t: UiText): string {
  const label =
    view.tag === 'button'
      ? `<span class="op-when-idle">${esc(view.title)}</span><span class="op-when-copied">${esc(t.copied)}</span>`
      : `<span>${esc(view.title)}</span>`;
  return `<${view.tag} class="op-page-action-main"${view.attributes}>${view.icon}${label}</${view.tag}>`;
}

function menuItem(view: ActionView): string {
  const description =
    view.description === undefined ? '' : `<span class="op-page-action-description">${esc(view.description)}</span>`;
  return (
    `<${view.tag} class="op-page-action" role="menuitem"${view.attributes}>${view.icon}` +
    `<span class="op-page-action-text"><span class="op-page-action-title">${esc(view.title)}</span>${description}</span>` +
    `</${view.tag}>`
  );
}

/** The page actions' HTML; '' when the site has none this page can offer. */
export function renderPageActions(items: readonly ContextualItem[], args: PageActionsArgs): string {
  const offered = items.filter(
    (item) => !(item.kind === 'view' && args.exported) && !(item.kind === 'copy' && args.markdown === undefined),
  );
  const t = args.text ?? EN;
  const views = offered.map((item) => viewOf(item, args.url, t));
  const [main] = views;
  if (main === undefined) return '';
  const ids = args.ids ?? FREE_IDS;
  const more =
    views.length < 2
      ? ''
      : `<details class="op-page-actions-more" data-op-menu=""><summary class="op-page-actions-toggle"${ids('page-context-menu-button')} aria-label="${esc(t.morePageActions)}">` +
        `${ui('chevron-down')}</summary><div class="op-page-actions-panel" role="menu">${views.map(menuItem).join('')}</div></details>`;
  const markdown =
    args.markdown === undefined ? '' : `<template id="op-page-markdown">${esc(args.markdown)}</template>`;
  return `<div class="op-page-actions"${ids('page-context-menu')}>${mainAction(main, t)}${more}${markdown}</div>`;
}
