/**
 * Turning a request path into something safe to look up. The raw path is split on `/` *before*
 * decoding, so an encoded slash (`%2f`) can never create a new segment, and every decoded segment is
 * checked: no `.`/`..`, no slashes or backslashes, no control characters. What survives can only name a
 * file inside the folder it is joined to.
 */
import type { SitePage, SiteModel } from '../project/model.js';

/** A request path that passed the checks. */
export interface SitePath {
  /** Decoded segments (empty for `/`). */
  readonly segments: readonly string[];
  /** `'/' + segments.join('/')`: decoded, without a trailing slash. */
  readonly path: string;
  /** The raw path ended with `/` (and was not `/` itself). */
  readonly trailingSlash: boolean;
}

function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * Parses a raw (still percent-encoded) URL path. Null when it is malformed or tries to leave the root:
 * bad percent-encoding, empty segments (`//`), `.`/`..` (raw or encoded), encoded `/` or `\`, NUL.
 */
export function parseSitePath(raw: string): SitePath | null {
  if (!raw.startsWith('/')) return null;
  const parts = raw.slice(1).split('/');
  const trailingSlash = parts.length > 1 && parts[parts.length - 1] === '';
  if (trailingSlash) parts.pop();
  if (parts.length === 1 && parts[0] === '') return { segments: [], path: '/', trailingSlash: false };
  const segments: string[] = [];
  for (const part of parts) {
    if (part === '') return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(part);
    } catch {
      return null;
    }
    if (decoded === '.' || decoded === '..' || /[/\\]/.test(decoded) || hasControl(decoded)) return null;
    segments.push(decoded);
  }
  return { segments, path: `/${segments.join('/')}`, trailingSlash };
}

/**
 * The page a decoded site path (`SitePath.path`) names, if any: `/` is the `index` page, and a folder
 * path falls back to its `index` page. The one lookup of the site server and the feedback endpoints.
 */
export function findPage(model: SiteModel, path: string): SitePage | undefined {
  const key = path === '/' ? 'index' : path.slice(1);
  return model.pages.get(key) ?? model.pages.get(`${key}/index`);
}
