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

/** Characters Windows refuses in a file or folder name: `<>:"|?*`, and `\\` (a separator there). */
const WINDOWS_FORBIDDEN = /[<>:"|?*\\]/;

/** Whether `text` has a control character (U+0000 to U+001F), which Windows refuses in a name too. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) < 0x20) return true;
  return false;
}

/** Device names Windows reserves, whatever follows the first dot (`aux.html`, `CON.txt.html`). */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3])$/i;

function isPortableSegment(segment: string): boolean {
  if (segment === '' || WINDOWS_FORBIDDEN.test(segment) || hasControlCharacter(segment) || /[. ]$/.test(segment))
    return false;
  return !WINDOWS_RESERVED.test((segment.split('.')[0] ?? '').trimEnd());
}

/**
 * Whether every reader can unpack bundle file `file` (`/`-separated): no segment Windows refuses (a
 * forbidden character, a trailing dot or space, a device name such as `CON` or `aux.html`). Bundles are
 * carried on removable media and opened on Windows too, where one such zip entry breaks the unpacking of
 * the whole bundle; the live site serves such a path, but the name is the project's choice, so what would
 * need it is left out of the bundle (and named) rather than renamed behind the reader's back.
 */
export function isPortableFile(file: string): boolean {
  return file.split('/').every(isPortableSegment);
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
