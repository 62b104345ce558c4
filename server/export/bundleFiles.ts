/**
 * Paths and files of the bundle folder: where a page goes, relative URLs between bundle files (so that
 * the folder works from disk and from any static host), and writing and listing files.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';

/** The bundle file of a page: `/` -> `index.html`, `/guides/x` -> `guides/x.html`. */
export function pageFile(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`;
}

/** A site path as a URL path (spaces and other characters percent-encoded; `?`/`#` too). */
export function encodePath(path: string): string {
  return encodeURI(path).replace(/[?#]/g, encodeURIComponent);
}

/** A bundle-relative URL from the file `from` to the file `to` (percent-encoded segments). */
export function relativeUrl(from: string, to: string): string {
  const rel = posix.relative(posix.dirname(from), to) || posix.basename(to);
  return rel
    .split('/')
    .map((segment) => (segment === '..' ? segment : encodeURIComponent(segment)))
    .join('/');
}

/**
 * The segments of bundle file `file`, refusing one that could leave the bundle folder (a `.` or `..`
 * segment, between slashes or the backslashes Windows reads as separators, a NUL): file names come from
 * the site's paths, which an untrusted project chooses, and the loader's checks must not be all that
 * keeps a write inside the bundle.
 */
function bundleFileSegments(file: string): string[] {
  const segments = file.split('/');
  if (file.includes('\0') || file.split(/[/\\]/).some((segment) => segment === '.' || segment === '..')) {
    throw new Error(`Refusing to write ${JSON.stringify(file)}: not a bundle file, it would land outside the bundle`);
  }
  return segments;
}

/** Writes a bundle file (`/`-separated path inside the bundle, else it throws), creating its folders. */
export function writeBundleFile(bundleDir: string, file: string, body: string | Buffer): void {
  const full = join(bundleDir, ...bundleFileSegments(file));
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, body);
}

/** Every regular file under `dir`, `/`-separated and relative to it (unsorted). */
export function listBundleFiles(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listBundleFiles(join(dir, entry.name), rel));
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}
