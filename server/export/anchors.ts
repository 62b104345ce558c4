/**
 * Anchors of the bundle's pages. A link to `page.html#x` where that page has no element `x` (a heading
 * renamed in the docs, a typo) is as broken in the bundle as on the live site; since the bundle is meant
 * to be checked complete, such a link is repaired to lead to the top of its page, and logged.
 *
 * Memory stays flat with the page count: a link within its own page is checked and repaired while the
 * page is rewritten (its ids are at hand); what is kept per page is only the 48-bit hashes of its ids
 * (a typed array, no strings: a string cut from a page would keep that whole page's HTML alive) and its
 * fragment links to other pages, which are checked at the end and repaired in the files that have them.
 *
 * A fragment also lands when, lower-cased or as Mintlify's slug of its text (punctuation the ids drop,
 * `#tui-mode%3A-interactive-development`), it is an id lower-cased or a titled element's GitHub-style
 * alias (`data-op-alias`): the site's script takes such a link to that element (theme/client/anchors.ts),
 * so it is not broken and keeps its fragment.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import type { HTMLElement } from 'node-html-parser';
import type { Logger } from '../logger.js';
import { writeBundleFile } from './bundleFiles.js';
import { comparePaths } from '../exportSpec/pages.js';
import { isExternalUrl, parseHtml } from './refs.js';
import { slugify } from '../sites/render/runtime/slugs.js';

/** A broken fragment link: the bundle file it is in and its original `href`. */
export interface BrokenAnchorLink {
  readonly file: string;
  readonly href: string;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A copy of `text` that shares no memory with the document it was cut from. */
export function detached(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/** 48 bits of the SHA-256 of an id: exact as a double, collisions beyond any page's id count. */
function idHash(id: string): number {
  return createHash('sha256').update(id).digest().readUIntBE(0, 6);
}

/**
 * An element's id, entities decoded: Mintlify's ids keep `&` (`fees-&-billing`), which the HTML holds
 * as `&amp;`, and node-html-parser's `.id` is the raw text.
 */
function idOf(el: HTMLElement): string {
  return el.getAttribute('id') ?? '';
}

/** The sorted id hashes of a document. */
function idHashes(root: HTMLElement): Float64Array {
  const hashes = new Float64Array(root.querySelectorAll('[id]').map((el) => idHash(idOf(el))));
  return hashes.sort();
}

/** The sorted hashes of a document's ids lower-cased and its aliases: what a loose fragment may match. */
function looseHashes(root: HTMLElement): Float64Array {
  const keys = root.querySelectorAll('[id], [data-op-alias]').flatMap((el) => {
    const alias = el.getAttribute('data-op-alias');
    return alias === undefined ? [idOf(el).toLowerCase()] : [idOf(el).toLowerCase(), alias];
  });
  return new Float64Array(keys.filter((key) => key !== '').map(idHash)).sort();
}

/** A page's exact ids and its loose keys ({@link looseHashes}), as hashes. */
interface PageAnchors {
  readonly exact: Float64Array;
  readonly loose: Float64Array;
}

/** Whether `fragment` leads somewhere on a page with `anchors`, as the site's script resolves it. */
function lands(anchors: PageAnchors, fragment: string): boolean {
  if (hasHash(anchors.exact, idHash(fragment)) || hasHash(anchors.loose, idHash(fragment.toLowerCase()))) return true;
  const slug = slugify(fragment);
  return slug !== '' && hasHash(anchors.loose, idHash(slug));
}

function hasHash(sorted: Float64Array, hash: number): boolean {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const value = sorted[mid] ?? 0;
    if (value === hash) return true;
    if (value < hash) low = mid + 1;
    else high = mid - 1;
  }
  return false;
}

/** The bundle file and decoded fragment a fragment link in `file` points to (fragment '' for none). */
function linkTarget(file: string, href: string): { target: string; fragment: string } {
  const at = href.indexOf('#');
  const fragment = decode(href.slice(at + 1));
  const path = href.slice(0, at).split('?')[0] ?? '';
  const target = path === '' ? file : posix.normalize(posix.join(posix.dirname(file), decode(path)));
  return { target, fragment };
}

/** `href` without its fragment (`#` alone when nothing is left), escaped for the serializer. */
function withoutFragment(href: string): string {
  return (href.slice(0, href.indexOf('#')) || '#').replace(/&/g, '&amp;');
}

/** The fragment links of a document (local ones: no scheme, not protocol-relative). */
function fragmentLinks(root: HTMLElement): HTMLElement[] {
  return root.querySelectorAll('a[href]').filter((a) => {
    const href = a.getAttribute('href') ?? '';
    return href.includes('#') && !isExternalUrl(href) && !/^[a-z][a-z0-9+.-]*:/i.test(href);
  });
}

/** The element ids of each written page and the fragment links each one has to other pages. */
export class AnchorIndex {
  private readonly ids = new Map<string, PageAnchors>();
  /** Fragment links to other pages, by the file that has them (detached strings). */
  private readonly links = new Map<string, string[]>();
  private readonly broken: BrokenAnchorLink[] = [];
  private repairedCount = 0;

  constructor(private readonly logger: Logger) {}

  /**
   * Notes the ids of the document to be written as bundle file `file`, repairs in `root` its links to
   * its own missing anchors, and keeps its links to other pages' anchors for {@link repair}.
   */
  record(file: string, root: HTMLElement): void {
    const own = { exact: idHashes(root), loose: looseHashes(root) };
    this.ids.set(file, own);
    const others: string[] = [];
    for (const link of fragmentLinks(root)) {
      const href = link.getAttribute('href') ?? '';
      const { target, fragment } = linkTarget(file, href);
      if (target !== file) others.push(detached(href));
      else if (fragment !== '' && !lands(own, fragment)) this.repairLink(file, link, href);
    }
    if (others.length > 0) this.links.set(file, others);
  }

  private repairLink(file: string, link: HTMLElement, href: string): void {
    link.setAttribute('href', withoutFragment(href));
    this.repairedCount += 1;
    this.logger.warn({ file, href }, 'export: link to a missing anchor, now to its page');
    this.broken.push({ file, href: detached(href) });
  }

  /** True when `href`, found in `file`, names an anchor its (written) target page does not have. */
  private isBroken(file: string, href: string): boolean {
    const { target, fragment } = linkTarget(file, href);
    if (fragment === '') return false;
    const ids = this.ids.get(target);
    return ids !== undefined && !lands(ids, fragment);
  }

  /**
   * Rewrites the pages that link to other pages' missing anchors, dropping those anchors; returns how
   * many links were repaired in all (own-page ones included). Reads back only the files concerned.
   */
  repair(bundleDir: string): number {
    for (const [file, hrefs] of this.links) {
      const broken = new Set(hrefs.filter((href) => this.isBroken(file, href)));
      if (broken.size === 0) continue;
      const root = parseHtml(readFileSync(join(bundleDir, ...file.split('/')), 'utf8'));
      for (const link of root.querySelectorAll('a[href]')) {
        const href = link.getAttribute('href') ?? '';
        if (broken.has(href)) this.repairLink(file, link, href);
      }
      writeBundleFile(bundleDir, file, root.toString());
    }
    this.links.clear();
    return this.repairedCount;
  }

  /** The links found broken, deduplicated per file, in a stable order (for the job's warnings). */
  get brokenLinks(): readonly BrokenAnchorLink[] {
    const seen = new Set<string>();
    const unique = this.broken.filter((link) => {
      const key = `${link.file}\n${link.href}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    return unique.sort((a, b) => comparePaths(a.file, b.file) || comparePaths(a.href, b.href));
  }
}
