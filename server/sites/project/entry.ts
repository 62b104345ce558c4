/**
 * Where a reader enters a project that has no root (`index`) page. Mintlify sends `/` to the first page
 * of the navigation; the live site (a redirect), the bundle (its `index.html` redirect page) and the 404
 * page's home link all ask this module, so they always agree.
 */
import type { SiteModel } from './model.js';

/** Byte order of URLs: the same choice on every machine and locale. */
function byteOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/**
 * URL of the page `/` leads to when there is no root page: the first page in navigation order among
 * those `included` accepts (an export passes the pages it contains), else the first such page in byte
 * order (a project whose navigation names none of them); undefined when no page is included.
 */
export function entryPageUrl(model: SiteModel, included: (url: string) => boolean = () => true): string | undefined {
  for (const path of model.navOrder) {
    const url = model.pages.get(path)?.url;
    if (url !== undefined && included(url)) return url;
  }
  let first: string | undefined;
  for (const page of model.pages.values()) {
    if (included(page.url) && (first === undefined || byteOrder(page.url, first) < 0)) first = page.url;
  }
  return first;
}

/**
 * Where a "home" link points: `/` when it answers by itself (a root page, or a `docs.json` redirect
 * for `/`, which wins as it does on the site), else the entry page, so the link never lands on a 404.
 */
export function homeUrl(model: SiteModel): string {
  if (model.pages.has('index')) return '/';
  if (model.redirects.some((rule) => rule.source.replace(/(.)\/+$/, '$1') === '/')) return '/';
  return entryPageUrl(model) ?? '/';
}
