/**
 * How a static host maps a URL path onto a bundle's files, shared by `offprint preview` (files in a zip)
 * and `offprint serve-bundle` (files unpacked in a cache): `/` is index.html, `/guides/x` is
 * guides/x.html (or guides/x/index.html), and the content type and caching policy of each file.
 */
import { extname } from 'node:path';
import { contentTypeOf } from '../sites/serve/paths.js';

/** Content type of HTML pages (and of 404.html). */
export const HTML = 'text/html; charset=utf-8';

/** The content type of bundle file `name`: its pages, plus whatever a site serves (assets are site files, renamed). */
export function bundleContentType(name: string): string {
  const ext = extname(name).toLowerCase();
  if (ext === '.html') return HTML;
  if (ext === '.mjs') return 'text/javascript; charset=utf-8';
  return contentTypeOf(name) ?? 'application/octet-stream';
}

/**
 * The entry a URL path resolves to, as a static host resolves it, given whether a name exists; null for
 * none (a malformed path, NUL or `..` never resolves).
 */
export function resolveBundlePath(has: (name: string) => boolean, urlPath: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (!path.startsWith('/') || path.includes('\0') || path.split('/').includes('..')) return null;
  const name = path.slice(1);
  const candidates =
    name === '' || name.endsWith('/') ? [`${name}index.html`] : [name, `${name}.html`, `${name}/index.html`];
  return candidates.find(has) ?? null;
}

/**
 * `Cache-Control` of a bundle file: the export names its theme files by content hash (`_assets/x.HASH.js`),
 * so they never change under one name and are cached for a year; everything else (pages, images kept under
 * their author's names, the manifest) is revalidated with its ETag on every use, so a new bundle shows at once.
 */
export function cacheControlOf(name: string): string {
  return /^_assets\/.+\.[0-9a-f]{8,}\.[a-z0-9]+$/i.test(name)
    ? 'public, max-age=31536000, immutable'
    : 'public, max-age=0, must-revalidate';
}

/** Types worth compressing: text formats (images, fonts, archives are compressed already). */
export function isCompressible(name: string): boolean {
  return /\.(html?|css|m?js|json|svg|xml|txt|md|map|webmanifest)$/i.test(name);
}
