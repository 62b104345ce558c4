/**
 * Which pages the egress check has draw a large section's whole shared sidebar. A page draws the parts of
 * its shared sidebar near view, then the rest when idle (the theme's client/sharedNav.ts); the check must
 * see what every part would load, but drawing thousands of links at every page load was a fifth of a
 * 10,000-page bundle's check. A part's links and images resolve against the shared file's own URL, so
 * what it asks for is the same from every page naming that file: the check draws the whole tree once per
 * file and mode, on the first page (in the check's order) that names it. Chosen from the files before the
 * check starts, so that the same pages draw it in every run, whatever order the workers finish in, and a
 * resumed check does not draw it again when the page that did was journaled.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { join, posix } from 'node:path';
import { SHARED_NAV_REL } from '../../sites/theme/sharedNav.js';

/** The head is read this far at most: the link is in it, well before any page content. */
const HEAD_LIMIT = 1 << 20;
const CHUNK = 64 * 1024;

const NAV_LINK = new RegExp(`<link\\b[^>]*\\brel="${SHARED_NAV_REL}"[^>]*>`, 'i');
const HREF = /\bhref="([^"]*)"/i;

/** Reads the start of a page file up to its `</head>`; made once per check, see {@link headReader}. */
type HeadReader = (file: string) => string;

/**
 * A reader of page heads (up to `</head>`, or {@link HEAD_LIMIT} bytes, or the file's end) into one buffer
 * it keeps: the check reads the head of every page before it starts, and a fresh 64 KB buffer per read
 * was a native allocation per page, freed only by a later collection (the heads of a 10,000-page bundle:
 * 8.0 s instead of 10.6 s, no buffer left behind).
 */
export function headReader(): HeadReader {
  const buffer = Buffer.allocUnsafe(HEAD_LIMIT);
  return (file) => {
    const fd = openSync(file, 'r');
    try {
      let length = 0;
      while (length < HEAD_LIMIT) {
        const read = readSync(fd, buffer, length, Math.min(CHUNK, HEAD_LIMIT - length), length);
        if (read === 0) break;
        // From a little before this read: the tag may straddle two reads.
        const end = buffer.subarray(0, length + read).indexOf('</head>', Math.max(0, length - 6));
        length += read;
        if (end !== -1) break;
      }
      return buffer.toString('utf8', 0, length);
    } finally {
      closeSync(fd);
    }
  };
}

/** The bundle file of the shared sidebar page `page` names, or null when it names none. */
export function sharedNavFileOf(bundleDir: string, page: string, readHead: HeadReader = headReader()): string | null {
  const link = NAV_LINK.exec(readHead(join(bundleDir, ...page.split('/'))))?.[0];
  const href = link === undefined ? undefined : HREF.exec(link)?.[1];
  if (href === undefined || href === '' || /^[a-z][a-z0-9+.-]*:|^\/\//i.test(href)) return null;
  return posix.normalize(posix.join(posix.dirname(page), href.split(/[?#]/)[0] ?? ''));
}

/** Of `pages` (in the check's order), the first to name each shared sidebar file. */
export function sharedNavFillers(bundleDir: string, pages: readonly string[]): Set<string> {
  const firstByFile = new Map<string, string>();
  const readHead = headReader();
  for (const page of pages) {
    const file = sharedNavFileOf(bundleDir, page, readHead);
    if (file !== null && !firstByFile.has(file)) firstByFile.set(file, page);
  }
  return new Set(firstByFile.values());
}
