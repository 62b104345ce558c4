/** Pieces of the content column: page header, table of contents, previous/next links, feedback widget. */
import type { SitePage, SiteModel } from '../project/model.js';
import type { RenderedHeading } from '../render/types.js';
import { endpointBar, frontmatterEndpoint } from './endpoint/bar.js';
import { isAbsoluteUrl, mdxServer } from './endpoint/mdxSamples.js';
import { attrs, esc } from './html.js';
import { feedUrlOf, hasFeed } from './feed.js';
import { EN, type UiText } from './i18n/index.js';
import { ui } from './icons.js';
import { projectFileUrl } from './urls.js';

/** The eyebrow: its labels (a group name, or the groups from the outermost in), "/" between them. */
function eyebrowHtml(labels: readonly string[]): string {
  if (labels.length === 0) return '';
  const sep = '<span class="op-eyebrow-sep" aria-hidden="true">/</span>';
  return `<p class="op-eyebrow eyebrow">${labels.map((label) => `<span>${esc(label)}</span>`).join(sep)}</p>`;
}

/** The link to the page's RSS feed, beside its title. */
function feedButton(url: string, t: UiText): string {
  const href = projectFileUrl(feedUrlOf(url).slice(1));
  return `<a${attrs({ class: 'op-rss', href, title: t.rssFeed })}>${ui('rss')}<span>RSS</span></a>`;
}

/** The bar of a page bound by frontmatter: a relative path (`/v1/users`) after docs.json's MDX server. */
function boundBar(api: unknown, bound: { method: string; path: string }): string {
  const server = isAbsoluteUrl(bound.path) ? undefined : mdxServer(api);
  return endpointBar(bound.method, bound.path, server);
}

/**
 * Title, eyebrow (group name, or group path: `eyebrow`), deprecated badge, page actions (`actions`, HTML
 * from pageActions.ts) and description; Mintlify's `#header` and `#page-title` where `ids` leaves them free.
 */
export function renderPageHeader(
  site: SiteModel,
  page: SitePage,
  eyebrow: readonly string[],
  actions = '',
  ids: MintlifyIds = FREE_IDS,
  t: UiText = EN,
): string {
  const deprecated = page.frontmatter.deprecated === true || page.operation?.deprecated === true;
  // Endpoint pages show the operation description as Markdown in their body instead: once, whether the
  // page was generated or its frontmatter repeats the description (`openapi:` pages often do).
  const description =
    page.operation !== undefined && page.description?.trim() === page.operation.description?.trim()
      ? undefined
      : page.description;
  // Pages bound to an operation the project does not ship still show its method and path.
  const bound = page.operation ? undefined : frontmatterEndpoint(page.frontmatter);
  return (
    `<header class="op-page-header"${ids('header')}>${eyebrowHtml(eyebrow)}` +
    `<div class="op-title-row"><h1 class="op-page-title"${ids('page-title')}>${esc(page.title)}</h1>` +
    `${deprecated ? `<span class="op-deprecated">${esc(t.deprecated)}</span>` : ''}${hasFeed(page) ? feedButton(page.url, t) : ''}` +
    `${actions}</div>` +
    `${description ? `<p class="op-page-description">${esc(description)}</p>` : ''}` +
    `${bound ? boundBar(site.config.api, bound) : ''}</header>`
  );
}

/** The day as the page's language writes it (`March 3, 2025`, `3 mars 2025`, `2025年3月3日`). */
function longDate(day: string, lang: string): string {
  const options = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' } as const;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(lang, options);
  } catch {
    // A language code Intl does not take (`cn`, `jp`) reads as English, like the text around it.
    format = new Intl.DateTimeFormat('en-US', options);
  }
  return format.format(new Date(`${day}T00:00:00Z`));
}

/** The day (`YYYY-MM-DD`) a frontmatter date names (`2024-05-01`, an ISO date-time); undefined for none. */
function dayOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value.trim()) ? `${value.trim()}T00:00:00Z` : value.trim());
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().slice(0, 10);
}

/**
 * "Last modified on March 3, 2025" under the content, where docs.json `metadata.timestamp` asks for it
 * (frontmatter `timestamp` overrides): the frontmatter's `lastUpdatedDate`, else the day the page's file
 * last changed (as imported; Mintlify reads git, which an offline import does not run). '' otherwise.
 */
export function renderLastModified(site: SiteModel, page: SitePage, t: UiText = EN, lang = 'en-US'): string {
  const shown = page.frontmatter.timestamp ?? site.settings.timestamps === true;
  const day = shown ? (dayOf(page.frontmatter.lastUpdatedDate) ?? page.lastModified) : undefined;
  if (day === undefined) return '';
  const time = `<time datetime="${esc(day)}">${esc(longDate(day, lang))}</time>`;
  const [before = '', after = ''] = t.lastModified.split('{date}');
  return `<p class="op-last-modified">${esc(before)}${time}${esc(after)}</p>`;
}

/**
 * ` id="<id>"` for one of Mintlify's documented identifiers (`content-area`, `table-of-contents`, `navbar`,
 * `footer`…), which projects' own stylesheets select; '' when the page already has an element of that id
 * (`taken`: a heading "Table of contents"), which keeps it so that links to it still arrive.
 */
export function mintlifyId(id: string, taken: boolean): string {
  return taken ? '' : ` id="${id}"`;
}

/** ` id="<id>"` for a Mintlify identifier, or '' when the page's content already uses that id (mintlifyId). */
export type MintlifyIds = (id: string) => string;

/** The Mintlify identifiers the page content `html` (its rendered Markdown) leaves free. */
export function mintlifyIds(html: string): MintlifyIds {
  return (id) => mintlifyId(id, html.includes(`id="${id}"`));
}

/** Mintlify's identifier of each right-column part of a page's content, by the attribute marking the part. */
const COLUMN_PARTS: readonly (readonly [string, string])[] = [
  ['request-example', ' data-op-example="request"'],
  ['response-example', ' data-op-example="response"'],
  ['panel', ' data-op-panel=""'],
];

/**
 * The page's rendered Markdown with Mintlify's `#request-example`, `#response-example` and `#panel` on its
 * first request example, response example and `<Panel>` (which the client moves to the right column), each
 * where `ids` leaves it free.
 */
export function withExampleIds(html: string, ids: MintlifyIds): string {
  let out = html;
  for (const [name, mark] of COLUMN_PARTS) {
    const id = ids(name);
    if (id) out = out.replace(mark, `${id}${mark}`);
  }
  return out;
}

/** Every identifier free: for pieces drawn without a page's content. */
export const FREE_IDS: MintlifyIds = mintlifyIds('');

/**
 * "On this page": h2/h3 headings (and Steps/Updates) of the page; '' when there are none. As Mintlify's,
 * the list is `#table-of-contents` and each item has its `data-depth` (0 for h2, 1 for h3).
 */
export function renderToc(headings: readonly RenderedHeading[], t: UiText = EN): string {
  const entries = headings.filter((h) => h.text.trim() !== '' && h.id !== '');
  if (entries.length === 0) return '';
  const items = entries
    .map((h) => {
      const depth = h.depth <= 2 ? 2 : 3;
      return (
        `<li class="op-toc-item op-toc-depth-${depth} toc-item" data-depth="${depth - 2}"><a class="op-toc-link" href="#${esc(encodeURIComponent(h.id))}"` +
        ` data-op-toc-link="${esc(h.id)}">${esc(h.text)}</a></li>`
      );
    })
    .join('');
  const taken = headings.some((h) => h.id === 'table-of-contents');
  return (
    `<nav class="op-toc toc"${mintlifyId('table-of-contents', taken)} aria-labelledby="op-toc-title"><p class="op-toc-title" id="op-toc-title">` +
    `${ui('file-text')}<span>${esc(t.onThisPage)}</span></p><ul class="op-toc-list">${items}</ul></nav>`
  );
}

/** Previous/next links around `current` in `order`, Mintlify's `#pagination` where `ids` leaves it free; '' when there is neither. */
export function renderPagination(
  site: SiteModel,
  order: readonly string[],
  current: string,
  ids: MintlifyIds = FREE_IDS,
  t: UiText = EN,
): string {
  const index = order.indexOf(current);
  if (index < 0) return '';
  const link = (path: string | undefined, rel: 'prev' | 'next'): string => {
    const page = path === undefined ? undefined : site.pages.get(path);
    if (!page) return '<span class="op-pagination-spacer"></span>';
    const label = esc(rel === 'prev' ? t.previous : t.next);
    const arrow = ui(rel === 'prev' ? 'arrow-left' : 'arrow-right', 'op-pagination-arrow');
    return (
      `<a class="op-pagination-link op-pagination-${rel} pagination-${rel}"${attrs({ href: page.url, rel })}>` +
      `${rel === 'prev' ? arrow : ''}<span class="op-pagination-text"><span class="op-pagination-hint">${label}</span>` +
      `<span class="op-pagination-title pagination-title">${esc(page.sidebarTitle)}</span></span>${rel === 'next' ? arrow : ''}</a>`
    );
  };
  const prev = order[index - 1];
  const next = order[index + 1];
  if (prev === undefined && next === undefined) return '';
  return `<nav class="op-pagination"${ids('pagination')} aria-label="${esc(t.paginationLabel)}">${link(prev, 'prev')}${link(next, 'next')}</nav>`;
}

/**
 * "Was this page helpful?": thumbs first (stored at once), then an optional comment and email, then
 * thanks. The client script drives it; without JS it stays a harmless question. Mintlify's identifiers
 * (`#feedback-thumbs-up`, `#feedback-form`…) are on its parts where `ids` leaves them free.
 */
export function renderFeedbackWidget(path: string, ids: MintlifyIds = FREE_IDS, t: UiText = EN): string {
  return (
    `<section class="op-feedback" data-op-feedback="" data-path="${esc(path)}" aria-label="${esc(t.feedbackLabel)}">` +
    `<div class="op-feedback-row"><p class="op-feedback-question">${esc(t.helpful)}</p>` +
    `<div class="op-feedback-buttons">` +
    `<button type="button" class="op-feedback-vote"${ids('feedback-thumbs-up')} data-op-vote="yes" aria-pressed="false">${ui('thumbs-up')}<span>${esc(t.yes)}</span></button>` +
    `<button type="button" class="op-feedback-vote"${ids('feedback-thumbs-down')} data-op-vote="no" aria-pressed="false">${ui('thumbs-down')}<span>${esc(t.no)}</span></button>` +
    `</div></div>` +
    `<form class="op-feedback-form"${ids('feedback-form')} data-op-feedback-form="" hidden>` +
    `<label class="op-feedback-label" for="op-feedback-comment" data-op-feedback-prompt="">${esc(t.anythingToAdd)}</label>` +
    `<textarea id="op-feedback-comment" name="comment" rows="3" maxlength="5000" placeholder="${esc(t.commentPlaceholder)}"></textarea>` +
    `<label class="op-feedback-label" for="op-feedback-contact">${esc(t.emailLabel)}</label>` +
    `<input id="op-feedback-contact" name="contact" type="email" maxlength="320" autocomplete="email" placeholder="you@example.com">` +
    `<div class="op-feedback-actions"><button type="button" class="op-button op-button-ghost"${ids('feedback-form-cancel')} data-op-feedback-skip="">${esc(t.skip)}</button>` +
    `<button type="submit" class="op-button op-button-primary"${ids('feedback-form-submit')}>${esc(t.sendFeedback)}</button></div></form>` +
    `<p class="op-feedback-error" data-op-feedback-error="" role="alert" hidden></p>` +
    `<p class="op-feedback-thanks" data-op-feedback-thanks="" role="status" hidden>${ui('check')}<span>${esc(t.thanks)}</span></p>` +
    `</section>`
  );
}
