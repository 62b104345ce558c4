/**
 * Author-written `#fragment` links followed in real Chromium: the links of each page's article (not the
 * theme's navigation or table of contents, not a heading's own permalink) that carry a fragment, as a
 * page sweep collected them (test/helpers/pageSweep.ts), are each navigated to. Where the page the link
 * lands on (after any redirect) has the fragment's target in its source (test/helpers/fragmentLinks.ts's
 * rule: a heading, a titled component, a field or an explicit id), the decoded hash must name an element
 * there as the site's script resolves it (server/sites/theme/client/anchors.ts): its id, or, ignoring
 * case, an id or the GitHub-style alias (`data-op-alias`) of a titled element.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from '../../server/render/chromium.js';
import type { SiteModel } from '../../server/sites/project/model.js';
import { sourceTargets, targetExists } from './fragmentLinks.js';

/** What {@link followFragmentLinks} found. */
export interface FragmentWalk {
  /** Distinct links followed (page URL + href). */
  readonly followed: number;
  /** Links whose target exists in the landing page's source: the ones that must resolve. */
  readonly checked: number;
  /** `page -> href (landed at URL)` for checked links that landed on no element. */
  readonly missing: string[];
}

/** A fragment link and the page (URL path) it is written on. */
export interface FragmentLink {
  readonly from: string;
  readonly href: string;
}

/** Page URL path (`/guides/setup`) -> loose keys of what its source may be linked at. */
function targetsByUrl(model: SiteModel): Map<string, Set<string>> {
  const byUrl = new Map<string, Set<string>>();
  for (const page of model.pages.values()) {
    const source = page.file === null ? '' : readFileSync(join(model.rootDir, page.file), 'utf8');
    byUrl.set(page.url, sourceTargets(source));
  }
  return byUrl;
}

/** `href` without its fragment: links to one page sort together, so following them reloads it once. */
const withoutHash = (href: string): string => href.split('#')[0] ?? href;

/** Follows each of `links` on the site at `origin` (see the file's doc). */
export async function followFragmentLinks(
  browser: Browser,
  origin: string,
  model: SiteModel,
  links: readonly FragmentLink[],
): Promise<FragmentWalk> {
  const targets = targetsByUrl(model);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(60_000);
  await context.route('**/*', (route) =>
    new URL(route.request().url()).origin === origin ? route.continue() : route.abort('blockedbyclient'),
  );
  const page = await context.newPage();
  const distinct = new Map(links.map((link) => [`${link.from} ${link.href}`, link]));
  const missing: string[] = [];
  let checked = 0;
  try {
    // In the order of the page they lead to: after the first, each is a same-document navigation (what a
    // click on a second link to the page already open does), not another load of the page.
    const ordered = [...distinct.values()].sort((a, b) => withoutHash(a.href).localeCompare(withoutHash(b.href)));
    for (const { from, href } of ordered) {
      await page.goto(href, { waitUntil: 'load' });
      const landed = await page.evaluate(() => {
        const hash = decodeURIComponent(location.hash.slice(1));
        const key = hash.toLowerCase();
        const loose = [...document.querySelectorAll<HTMLElement>('[id], [data-op-alias]')].some(
          (el) => el.id.toLowerCase() === key || el.dataset['opAlias'] === key,
        );
        return {
          path: decodeURIComponent(location.pathname),
          hash,
          found: document.getElementById(hash) !== null || loose,
        };
      });
      const keys = targets.get(landed.path.replace(/\/+$/, '') || '/');
      if (keys === undefined || landed.hash === '' || !targetExists(keys, landed.hash)) continue;
      checked += 1;
      if (!landed.found) missing.push(`${from} -> ${href} (landed at ${landed.path}#${landed.hash})`);
    }
  } finally {
    await context.close();
  }
  return { followed: distinct.size, checked, missing };
}
