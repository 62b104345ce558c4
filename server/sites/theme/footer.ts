/** The site footer (socials, link columns) and the announcement banner. */
import type { DocsConfig, SiteModel } from '../project/model.js';
import { cls, esc, inlineMarkdown, linkAttrs, shortHash } from './html.js';
import { EN, type UiText } from './i18n/index.js';
import { socialIcon, ui } from './icons.js';
import { FREE_IDS, type MintlifyIds } from './page.js';

/** The footer for `footer` settings (after per-language overrides), Mintlify's `#footer` where `ids` leaves it free. */
export function renderFooter(site: SiteModel, footer: DocsConfig['footer'], ids: MintlifyIds = FREE_IDS): string {
  const socials = Object.entries(footer?.socials ?? {})
    .map(
      ([key, href]) =>
        `<a class="op-social"${linkAttrs(href)} aria-label="${esc(key)}" title="${esc(key)}">${socialIcon(key)}</a>`,
    )
    .join('');
  const columns = (footer?.links ?? [])
    .slice(0, 4)
    .map(
      (column) =>
        `<div class="op-footer-column">${column.header ? `<p class="op-footer-header">${esc(column.header)}</p>` : ''}<ul>` +
        column.items.map((item) => `<li><a${linkAttrs(item.href)}>${esc(item.label)}</a></li>`).join('') +
        `</ul></div>`,
    )
    .join('');
  return (
    `<footer class="op-footer"${ids('footer')}><div class="op-footer-inner">` +
    `${columns ? `<div class="op-footer-columns">${columns}</div>` : ''}` +
    `<div class="op-footer-bottom"><span class="op-footer-name">${esc(site.settings.name)}</span>` +
    `${socials ? `<div class="op-socials">${socials}</div>` : ''}</div></div></footer>`
  );
}

/** Storage key of a banner: dismissal lasts until the content changes (format reference §1.1). */
export function bannerKey(banner: NonNullable<DocsConfig['banner']>): string {
  return shortHash(banner.content);
}

/** Class carrying a banner's custom colour (defined in site.css), if it has one. */
export function bannerColorClass(banner: NonNullable<DocsConfig['banner']>): string | undefined {
  return banner.color === undefined ? undefined : `op-c-${shortHash(`banner\0${banner.content}`)}`;
}

/** The banner above the header, Mintlify's `#banner` where `ids` leaves it free; '' without one. */
export function renderBanner(banner: DocsConfig['banner'], ids: MintlifyIds = FREE_IDS, t: UiText = EN): string {
  if (!banner || banner.content.trim() === '') return '';
  const type = banner.type === 'warning' || banner.type === 'critical' ? banner.type : 'info';
  const dismiss = banner.dismissible
    ? `<button type="button" class="op-banner-dismiss" data-op-banner-dismiss="" aria-label="${esc(t.dismissBanner)}">${ui('x')}</button>`
    : '';
  return (
    `<div class="${cls('op-banner', `op-banner-${type}`, bannerColorClass(banner))}"${ids('banner')} data-op-banner="${esc(bannerKey(banner))}"` +
    ` role="region" aria-label="${esc(t.announcement)}"><div class="op-banner-content">${inlineMarkdown(banner.content)}</div>${dismiss}</div>`
  );
}
