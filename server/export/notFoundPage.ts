/**
 * A bundle's 404 page answered for a URL below the folder it sits in. Its references are relative (so
 * that it works opened from disk, as every bundle page does), and a static host sends its bytes for
 * whatever URL missed: the browser then resolves `_assets/theme.css` against `/guides/gone/`, and the
 * page shows unstyled, its scripts, images and links broken. The servers Offprint ships (`offprint
 * preview`, `offprint serve-bundle`, the Helm chart's bundle server) know where the URL sits, so they
 * send the page with its references re-based to resolve from there.
 */
import { z } from 'zod';
import { hasScheme, isSelfContained, parseHtml, visitHtmlRefs } from './refs.js';

/** Stands for the bundle's root while a reference is resolved (never requested). */
const ROOT = 'http://bundle.invalid/';

/**
 * How many folders below the bundle's root the browser resolves relative references from for URL path
 * `urlPath` (as the server saw it, dots already resolved): 0 for `/x`, 2 for `/guides/gone/x` or
 * `/guides/gone/`. Percent-encoded slashes are no separators to a browser, so none to this either.
 */
export function urlFolderDepth(urlPath: string): number {
  return Math.max(0, urlPath.split('/').length - 2);
}

/**
 * Whether bundle file `file`, sent for URL path `urlPath`, resolves its references as they are: the URL is
 * in the file's own folder (`/gone` for `404.html`, `/fr/gone` for `fr/404.html`, compared as written).
 */
export function servedInPlace(file: string, urlPath: string): boolean {
  let folder = urlPath.slice(0, urlPath.lastIndexOf('/') + 1);
  try {
    folder = decodeURIComponent(folder);
  } catch {
    return false;
  }
  return folder === `/${file.slice(0, file.lastIndexOf('/') + 1)}`;
}

/**
 * Deepest URL a 404 page is re-based for: no reader's link goes that deep, and the depth is the client's
 * choice (each level adds `../` to every reference), so a deeper miss gets the page as it is.
 */
const MAX_REBASED_DEPTH = 64;

/**
 * The depth to re-base 404 page `file` for when it answers URL path `urlPath` ({@link rebaseDocument}),
 * or null when it is sent as it is: in its own folder, or for a URL deeper than any reader follows.
 */
export function notFoundRebaseDepth(file: string, urlPath: string): number | null {
  const depth = urlFolderDepth(urlPath);
  return servedInPlace(file, urlPath) || depth > MAX_REBASED_DEPTH ? null : depth;
}

/**
 * `html`, bundle file `file`'s document, with every reference relative to it rewritten to resolve the
 * same from a URL `depth` folders below the bundle's root. Fragments, inline data, references with a
 * scheme and those from the root are left as written; references are only ever re-based, never changed
 * in what they name.
 */
export function rebaseDocument(html: string, file: string, depth: number): string {
  const up = '../'.repeat(depth);
  const base = new URL(file, ROOT);
  const root = parseHtml(html);
  visitHtmlRefs(root, (url) => {
    if (isSelfContained(url) || hasScheme(url) || url.startsWith('/')) return url;
    let resolved: URL;
    try {
      resolved = new URL(url, base);
    } catch {
      return url;
    }
    if (resolved.origin !== base.origin) return url;
    return `${up}${resolved.pathname.slice(1)}${resolved.search}${resolved.hash}` || './';
  });
  return root.toString();
}

/** Most re-based copies a server keeps (a URL's depth is the client's choice: the rest are made again). */
const MAX_KEPT = 32;

/**
 * A server's re-based 404 pages: made from the bundle file once per file and depth, the first
 * {@link MAX_KEPT} of them kept.
 */
export class RebasedNotFoundPages {
  private readonly kept = new Map<string, Promise<Buffer>>();

  /** `read` gives a bundle file's text (from the unpacked folder, or from the zip). */
  constructor(private readonly read: (file: string) => Promise<string>) {}

  /** Bundle file `file` (a 404 page) re-based for URLs `depth` folders below the bundle's root. */
  body(file: string, depth: number): Promise<Buffer> {
    const key = `${depth}:${file}`;
    const known = this.kept.get(key);
    if (known !== undefined) return known;
    const made = this.read(file).then((html) => Buffer.from(rebaseDocument(html, file, depth)));
    if (this.kept.size < MAX_KEPT) {
      this.kept.set(key, made);
      // A failed read is not kept: the next request tries again.
      made.catch(() => this.kept.delete(key));
    }
    return made;
  }
}

/** The bundle's 404 page for URLs outside every language's own (`manifest.json` need not name it). */
export const NOT_FOUND_FILE = '404.html';

/**
 * The manifest's `notFoundPages`: each language's own 404 page, a miss under URL prefix `prefix` (`/fr/`)
 * getting `file` (`fr/404.html`).
 */
export const notFoundPagesSchema = z.array(z.object({ prefix: z.string(), file: z.string() }));

/** A language's own 404 page in a bundle. */
export type LanguageNotFoundPage = z.infer<typeof notFoundPagesSchema>[number];

/**
 * The languages' 404 pages a manifest names; none when it names none or is no manifest of ours (a server
 * then answers every miss with `404.html`, as before they existed).
 */
export function notFoundPagesOf(manifestText: string | null): LanguageNotFoundPage[] {
  if (manifestText === null) return [];
  let manifest: unknown;
  try {
    manifest = JSON.parse(manifestText);
  } catch {
    return [];
  }
  const parsed = z.object({ notFoundPages: notFoundPagesSchema }).safeParse(manifest);
  return parsed.success ? parsed.data.notFoundPages : [];
}

/**
 * The 404 page a miss at URL path `urlPath` gets: the page of the language whose prefix is the longest
 * the path starts with (matched without case, as the live site matches it), else `404.html`; null
 * when the bundle has neither (`has` says whether a file is there).
 */
export function notFoundFileFor(
  urlPath: string,
  pages: readonly LanguageNotFoundPage[],
  has: (file: string) => boolean,
): string | null {
  let path: string;
  try {
    path = decodeURIComponent(urlPath);
  } catch {
    path = urlPath;
  }
  const folder = `${path.replace(/\/+$/, '')}/`.toLowerCase();
  let best: LanguageNotFoundPage | undefined;
  for (const page of pages) {
    if (!folder.startsWith(page.prefix.toLowerCase()) || !has(page.file)) continue;
    if (best === undefined || page.prefix.length > best.prefix.length) best = page;
  }
  return best?.file ?? (has(NOT_FOUND_FILE) ? NOT_FOUND_FILE : null);
}
