/**
 * What is inside a bundle while the egress check runs, and what kind of outside request a URL is. Inside:
 * the bundle folder's own files (file://, never a path that leaves the folder), the throwaway static
 * server's origin, and URLs that need no network (`data:`, `blob:`, `about:`). Everything else is outside.
 */
import { relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { EgressKind } from '../egressProof.js';
import { HINT_RELS } from './pageScript.js';

/** Schemes that never leave the browser. */
const LOCAL_SCHEMES = new Set(['data:', 'blob:', 'about:']);

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** The bundle being checked: its folder and the origin it is served on. */
export class BundleScope {
  private readonly dir: string;

  constructor(
    bundleDir: string,
    /** `http://127.0.0.1:PORT` of the throwaway static server. */
    readonly httpOrigin: string,
  ) {
    this.dir = resolve(bundleDir);
    this.localPrefixes = [pathToFileURL(this.dir + sep).href, `${httpOrigin}/`];
  }

  /**
   * The beginnings of URLs naming the bundle that change from one check to the next (the folder's
   * file:// URL, the server's port): cut from what the proof records, as {@link BundleScope.shown} does.
   */
  readonly localPrefixes: readonly string[];

  /** True when `url` names the bundle itself (or needs no network). */
  inside(url: string): boolean {
    const parsed = parse(url);
    if (parsed === null) return false;
    if (LOCAL_SCHEMES.has(parsed.protocol)) return true;
    if (parsed.protocol === 'file:') return this.insideFolder(parsed);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.origin === this.httpOrigin;
  }

  private insideFolder(url: URL): boolean {
    return this.bundlePath(url) !== null;
  }

  /** The bundle file a file:// URL names (`/`-separated), or null when it is not in the folder. */
  private bundlePath(url: URL): string | null {
    if (url.protocol !== 'file:' || url.host !== '') return null;
    try {
      const path = resolve(fileURLToPath(new URL(url.pathname, 'file:///')));
      return path.startsWith(this.dir + sep) ? relative(this.dir, path).split(sep).join('/') : null;
    } catch {
      return null;
    }
  }

  /**
   * The bundle file `url` reads, as the reuse of earlier checks records it (proofStore.ts): a file://
   * URL by its bundle path, a URL of the static server by its raw path (`/a%20b`, resolved like the
   * server does when the record is compared); null for URLs that read no file (`data:`, `blob:`...).
   */
  dependency(url: string): string | null {
    const parsed = parse(url);
    if (parsed === null) return null;
    if (parsed.protocol === 'file:') return this.bundlePath(parsed);
    return parsed.origin === this.httpOrigin ? parsed.pathname : null;
  }

  /**
   * `url` as the proof records it: a bundle file (a service worker script of the bundle, say) by its
   * bundle path, whichever way it was opened (no local folder, no throwaway port); anything else as is.
   */
  shown(url: string): string {
    const parsed = parse(url);
    if (parsed === null) return url;
    const file = this.bundlePath(parsed);
    if (file !== null) return file;
    if (parsed.origin !== this.httpOrigin) return url;
    try {
      return decodeURIComponent(parsed.pathname.slice(1));
    } catch {
      return parsed.pathname.slice(1);
    }
  }
}

/** The kind of an outside request seen by the request filter (`resourceType` as CDP names it). */
export function requestKind(url: string, resourceType: string | undefined): EgressKind {
  const scheme = parse(url)?.protocol;
  if (scheme === 'ws:' || scheme === 'wss:') return 'websocket';
  if (scheme !== 'http:' && scheme !== 'https:') return 'other';
  return resourceType === 'Prefetch' ? 'prefetch' : 'http';
}

/** The kind of a `<link rel>` resource hint (`preload` and `modulepreload` fetch ahead, like `prefetch`). */
function hintKind(rel: string): EgressKind {
  if (rel === 'preconnect' || rel === 'dns-prefetch') return rel;
  return 'prefetch';
}

/**
 * The kind of what the page reported (init script: `csp:<directive>`, `link:<rel>`, or a kind), or null
 * when it is no request (a refused inline script, a hint the check does not know).
 */
export function reportedKind(report: string, url: string): EgressKind | null {
  if (report.startsWith('link:')) {
    const rel = report.slice('link:'.length);
    return (HINT_RELS as readonly string[]).includes(rel) ? hintKind(rel) : null;
  }
  if (report.startsWith('csp:')) {
    // `inline`, `eval`, `wasm-eval`...: code the policy refused, not a request.
    return parse(url) === null ? null : requestKind(url, undefined);
  }
  if (report === 'websocket' || report === 'webrtc' || report === 'service-worker') return report;
  return null;
}
