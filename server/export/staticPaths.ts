/**
 * How a static host maps a URL path onto a bundle's files: `/` is index.html, `/guides/x` is
 * guides/x.html (or guides/x/index.html); each file's content type; and when a request's validator
 * makes the answer a 304. Shared by every server of a bundle: `offprint preview` (a zip), `offprint
 * serve-bundle` (an unpacked cache) and the egress check's throwaway host (a folder).
 */
import { extname } from 'node:path';
import { contentTypeOf } from '../sites/project/servedFiles.js';

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

/** Whether a request's `If-None-Match` names `etag` (weak or strong, or `*`): the answer is a 304. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const wanted = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim().replace(/^W\//, '');
    return t === '*' || t === wanted;
  });
}
