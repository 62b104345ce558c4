/**
 * Anchors of the bundle's pages. A link to `page.html#x` where that page has no element `x` (a heading
 * renamed in the docs, a typo) is as broken in the bundle as on the live site; since the bundle is meant
 * to be checked complete, such a link is repaired to lead to the top of its page, and logged.
 */
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import type { HTMLElement } from 'node-html-parser';
import type { Logger } from '../logger.js';
import { writeBundleFile } from './bundleFiles.js';
import { isExternalUrl, parseHtml } from './refs.js';

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The element ids of each written page and the fragment links each one has. */
export class AnchorIndex {
  private readonly ids = new Map<string, ReadonlySet<string>>();
  private readonly links = new Map<string, string[]>();
  /** The links {@link repair} found broken: bundle file and original `href`, for the job's warnings. */
  readonly brokenLinks: { readonly file: string; readonly href: string }[] = [];

  /** Notes the ids and fragment links of the document written as bundle file `file`. */
  record(file: string, root: HTMLElement): void {
    this.ids.set(file, new Set(root.querySelectorAll('[id]').map((el) => el.id)));
    const fragments = root
      .querySelectorAll('a[href]')
      .map((a) => a.getAttribute('href') ?? '')
      .filter((href) => href.includes('#') && !isExternalUrl(href) && !/^[a-z][a-z0-9+.-]*:/i.test(href));
    if (fragments.length > 0) this.links.set(file, fragments);
  }

  /** True when `href`, found in `file`, names an anchor its target page does not have. */
  private broken(file: string, href: string): boolean {
    const at = href.indexOf('#');
    const fragment = decode(href.slice(at + 1));
    if (fragment === '') return false;
    const path = href.slice(0, at).split('?')[0] ?? '';
    const target = path === '' ? file : posix.normalize(posix.join(posix.dirname(file), decode(path)));
    const ids = this.ids.get(target);
    return ids !== undefined && !ids.has(fragment);
  }

  /** Rewrites the pages that link to missing anchors, dropping those anchors; returns how many were. */
  repair(bundleDir: string, logger: Logger): number {
    let repaired = 0;
    for (const [file, hrefs] of this.links) {
      const broken = new Set(hrefs.filter((href) => this.broken(file, href)));
      if (broken.size === 0) continue;
      const root = parseHtml(readFileSync(join(bundleDir, ...file.split('/')), 'utf8'));
      for (const link of root.querySelectorAll('a[href]')) {
        const href = link.getAttribute('href') ?? '';
        if (!broken.has(href)) continue;
        link.setAttribute('href', (href.slice(0, href.indexOf('#')) || '#').replace(/&/g, '&amp;'));
        repaired += 1;
      }
      for (const href of broken) {
        logger.warn({ file, href }, 'export: link to a missing anchor, now to its page');
        this.brokenLinks.push({ file, href });
      }
      writeBundleFile(bundleDir, file, root.toString());
    }
    return repaired;
  }
}
