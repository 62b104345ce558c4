/**
 * A changelog page's RSS feed (format reference §2, frontmatter `rss: true`): one item per `<Update>`
 * entry of the rendered page, newest first as the page lists them, at `<page-url>/rss.xml` on the live
 * site and in a bundle. Links are absolute on the origin given (the live site's, or the published one
 * for an export): a feed reader has no page to resolve them against.
 */
import { parse, type HTMLElement } from 'node-html-parser';
import type { SitePage } from '../project/model.js';
import { esc } from './html.js';
import { projectFileUrl } from './urls.js';

/** The site path of page `url`'s feed: `/changelog/rss.xml`, `/rss.xml` for the root page. */
export function feedUrlOf(url: string): string {
  return `${url === '/' ? '' : url}/rss.xml`;
}

/**
 * The page whose feed is at site path `path` (`/changelog/rss.xml` -> the page at `/changelog`), looked
 * up by `find` (the live site's or an export's lookup); undefined when `path` is no page's feed.
 */
export function feedPageOf<P extends Pick<SitePage, 'url' | 'frontmatter' | 'format'>>(
  path: string,
  find: (pagePath: string) => P | undefined,
): P | undefined {
  if (!path.endsWith('/rss.xml')) return undefined;
  const pagePath = path.slice(0, -'/rss.xml'.length) || '/';
  const page = find(pagePath);
  return page !== undefined && page.url === pagePath && hasFeed(page) ? page : undefined;
}

/** Whether `page` asks for a feed (frontmatter `rss: true`). */
export function hasFeed(page: Pick<SitePage, 'frontmatter' | 'format'>): boolean {
  return page.format !== 'openapi' && page.frontmatter['rss'] === true;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function monthOf(name: string): number | null {
  const at = MONTHS.indexOf(name.slice(0, 3).toLowerCase());
  return at < 0 ? null : at;
}

function utcDate(year: number, month: number | null, day: number): Date | null {
  if (month === null || month < 0 || month > 11 || day < 1 || year < 1970 || year > 9999) return null;
  const date = new Date(Date.UTC(year, month, day));
  // February 30 would roll over into March.
  return date.getUTCMonth() === month && date.getUTCDate() === day ? date : null;
}

/**
 * The date a changelog label names (`2024-10-12`, `October 12, 2024`, `12 Oct 2024`, `October 2024`), at
 * midnight UTC; null when it names none. Parsed here rather than by `Date.parse`, whose reading of such
 * text depends on the machine's time zone: the same project must give the same feed everywhere.
 */
export function labelDate(label: string): Date | null {
  const text = label.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})\b/.exec(text);
  if (m) return utcDate(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  m = /^([A-Za-z]{3,9})\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/.exec(text);
  if (m) return utcDate(Number(m[3]), monthOf(m[1] ?? ''), Number(m[2]));
  m = /^(\d{1,2}) ([A-Za-z]{3,9})\.?,? (\d{4})$/.exec(text);
  if (m) return utcDate(Number(m[3]), monthOf(m[2] ?? ''), Number(m[1]));
  m = /^([A-Za-z]{3,9})\.? (\d{4})$/.exec(text);
  if (m) return utcDate(Number(m[2]), monthOf(m[1] ?? ''), 1);
  return null;
}

/** A site path with each segment percent-encoded. */
function encodePagePath(path: string): string {
  return projectFileUrl(path.replace(/^\//, ''));
}

/** Text for XML: characters XML 1.0 does not allow are dropped, the rest escaped. */
function xmlText(value: string): string {
  // eslint-disable-next-line no-control-regex -- exactly the characters XML 1.0 forbids
  return esc(value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, ''));
}

/** `html` as CDATA (a `]]>` inside is split across two sections). */
function cdata(html: string): string {
  // eslint-disable-next-line no-control-regex -- exactly the characters XML 1.0 forbids
  const clean = html.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');
  return `<![CDATA[${clean.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

/** An entry's body as a feed reader shows it: absolute links and images, no theme buttons. */
function bodyHtml(body: HTMLElement | null, origin: string): string {
  if (body === null) return '';
  for (const button of body.querySelectorAll('button')) button.remove();
  for (const el of body.querySelectorAll('[href], [src], [poster]')) {
    for (const name of ['href', 'src', 'poster']) {
      const value = el.getAttribute(name);
      if (value?.startsWith('/') && !value.startsWith('//')) el.setAttribute(name, origin + value);
    }
  }
  return body.innerHTML.trim();
}

function squeeze(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** One `<item>` of an `.op-update` element of the page at `pageUrl` (absolute). */
function itemXml(update: HTMLElement, pageUrl: string, origin: string): string {
  const label = squeeze(update.querySelector('.op-update-label')?.text ?? '');
  const title = update.getAttribute('data-rss-title') ?? label;
  const body = update.querySelector('.op-update-body');
  const bodyText = squeeze(body?.text ?? '');
  const description =
    update.getAttribute('data-rss-description') ??
    (squeeze(update.querySelector('.op-update-description')?.text ?? '') ||
      (bodyText.length > 300 ? `${bodyText.slice(0, 297)}...` : bodyText));
  const id = update.getAttribute('id');
  const link = id ? `${pageUrl}#${encodeURIComponent(id)}` : pageUrl;
  const date = labelDate(label);
  const tags = (update.getAttribute('data-tags') ?? '').split(',').filter((tag) => tag.trim() !== '');
  return (
    `<item><title>${xmlText(title || 'Update')}</title><link>${xmlText(link)}</link>` +
    `<guid isPermaLink="true">${xmlText(link)}</guid>` +
    (date === null ? '' : `<pubDate>${date.toUTCString()}</pubDate>`) +
    tags.map((tag) => `<category>${xmlText(tag.trim())}</category>`).join('') +
    `<description>${xmlText(description)}</description>` +
    `<content:encoded>${cdata(bodyHtml(body, origin))}</content:encoded></item>\n`
  );
}

/** What a feed is made of: the site's name, the page, its rendered body, and the origin links use. */
export interface FeedInput {
  readonly siteName: string;
  readonly page: Pick<SitePage, 'url' | 'title' | 'description'>;
  /** The page's rendered body (render/DOM.md: `.op-update` entries). */
  readonly html: string;
  readonly origin: string;
}

/** The RSS 2.0 document of a page's `<Update>` entries. */
export function rssFeedXml({ siteName, page, html, origin }: FeedInput): string {
  const pageUrl = origin + encodePagePath(page.url);
  const title = page.title === siteName ? siteName : `${page.title} - ${siteName}`;
  const items = parse(html)
    .querySelectorAll('[data-op-update]')
    .map((update) => itemXml(update, pageUrl, origin));
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">\n' +
    `<channel><title>${xmlText(title)}</title><link>${xmlText(pageUrl)}</link>` +
    `<description>${xmlText(page.description ?? title)}</description>` +
    `<atom:link href="${xmlText(origin + encodePagePath(feedUrlOf(page.url)))}" rel="self" type="application/rss+xml"/>\n` +
    items.join('') +
    '</channel></rss>\n'
  );
}
