/**
 * The bundle's generated files besides pages: static redirect pages for `docs.json` redirects (meta
 * refresh, canonical and a plain link, so they work without JavaScript, from disk and for crawlers), and
 * `sitemap.xml` and `robots.txt` on the published origin with extensionless URLs.
 */
import type { SiteBuild } from '../sites/serve/build.js';
import { listedPages } from '../sites/serve/agents.js';
import { encodePath } from './bundleFiles.js';
import { bundleCsp, cspMeta } from './csp.js';

/** Redirect pages run nothing and frame nothing: the strictest bundle policy. */
const REDIRECT_CSP_META = cspMeta(bundleCsp({ connect: [], frames: false }));

function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A redirect source that is a plain path (no `:param`, `*`, query or anchor), trimmed; null otherwise. */
export function staticRedirectSource(source: string): string | null {
  if (!source.startsWith('/') || /[:*?#]/.test(source)) return null;
  const trimmed = source.length > 1 ? source.replace(/\/+$/, '') : source;
  return trimmed === '/' ? null : trimmed;
}

/**
 * A redirect page sending readers to `href` (bundle-relative or external), with `canonical` for crawlers;
 * it carries the bundle policy like every page (its refresh is the site's own redirect, not content).
 */
export function redirectPageHtml(href: string, canonical: string): string {
  const h = escapeMarkup(href);
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">${REDIRECT_CSP_META}<title>Redirecting</title>` +
    `<meta name="robots" content="noindex"><link rel="canonical" href="${escapeMarkup(canonical)}">` +
    `<meta http-equiv="refresh" content="0; url=${h}"></head>` +
    `<body><p>This page has moved to <a href="${h}">${h}</a>.</p></body></html>\n`
  );
}

/**
 * `sitemap.xml`: the project's own file, else the listed pages among `exported` (site paths) at their
 * extensionless URLs on `origin`.
 */
export function sitemapXml(build: SiteBuild, origin: string, exported: ReadonlySet<string>): string {
  const own = build.readText('sitemap.xml');
  if (own !== null) return own;
  const urls = listedPages(build.model)
    .filter((page) => exported.has(page.url))
    .map((page) => `  <url><loc>${escapeMarkup(origin + encodePath(page.url))}</loc></url>\n`);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    urls.join('') +
    '</urlset>\n'
  );
}

/** `robots.txt`: the project's own file, else allow everything and name the sitemap. */
export function robotsTxt(build: SiteBuild, origin: string): string {
  return build.readText('robots.txt') ?? `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
}
