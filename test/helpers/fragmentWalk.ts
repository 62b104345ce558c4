/**
 * Author-written `#fragment` links followed in real Chromium: every page of a served site is opened, the
 * links of its article (not the theme's navigation or table of contents, not a heading's own permalink)
 * that carry a fragment are collected, and each is navigated to. Where the page the link lands on (after
 * any redirect) has the fragment's target in its source (test/helpers/fragmentLinks.ts's rule: a
 * heading, a titled component, a field or an explicit id), `document.getElementById` of the decoded
 * hash must find an element there.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '../../server/render/chromium.js';
import type { SiteModel } from '../../server/sites/project/model.js';
import { sourceTargets, targetExists } from './fragmentLinks.js';

/** What {@link walkFragmentLinks} found. */
export interface FragmentWalk {
  readonly pages: number;
  /** Distinct links followed (page URL + href). */
  readonly followed: number;
  /** Links whose target exists in the landing page's source: the ones that must resolve. */
  readonly checked: number;
  /** `page -> href (landed at URL)` for checked links that landed on no element. */
  readonly missing: string[];
}

/** The article's links that carry a fragment, as absolute URLs, permalinks of their own element left out. */
function articleFragmentLinks(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const a of document.querySelectorAll<HTMLAnchorElement>('article a[href*="#"]')) {
      const hash = decodeURIComponent(a.hash.slice(1));
      if (hash === '' || a.closest(`[id="${CSS.escape(hash)}"]`) !== null) continue;
      if (a.origin !== location.origin) continue;
      out.push(a.href);
    }
    return out;
  });
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

/** Opens every page of the site at `origin` and follows its authors' fragment links (see the file's doc). */
export async function walkFragmentLinks(browser: Browser, origin: string, model: SiteModel): Promise<FragmentWalk> {
  const targets = targetsByUrl(model);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(60_000);
  await context.route('**/*', (route) =>
    new URL(route.request().url()).origin === origin ? route.continue() : route.abort('blockedbyclient'),
  );
  const page = await context.newPage();
  const seen = new Set<string>();
  const missing: string[] = [];
  let checked = 0;
  try {
    for (const url of targets.keys()) {
      await page.goto(`${origin}${url}`, { waitUntil: 'load' });
      for (const href of await articleFragmentLinks(page)) {
        if (seen.has(`${url} ${href}`)) continue;
        seen.add(`${url} ${href}`);
        await page.goto(href, { waitUntil: 'load' });
        const landed = await page.evaluate(() => {
          const hash = decodeURIComponent(location.hash.slice(1));
          return { path: decodeURIComponent(location.pathname), hash, found: document.getElementById(hash) !== null };
        });
        const keys = targets.get(landed.path.replace(/\/+$/, '') || '/');
        if (keys === undefined || landed.hash === '' || !targetExists(keys, landed.hash)) continue;
        checked += 1;
        if (!landed.found) missing.push(`${url} -> ${href} (landed at ${landed.path}#${landed.hash})`);
      }
    }
  } finally {
    await context.close();
  }
  return { pages: targets.size, followed: seen.size, checked, missing };
}
