/**
 * Opens every page of a served site in real Chromium, a few tabs in parallel, and records what a
 * reader's browser would run into: requests leaving the site, console errors, uncaught exceptions,
 * 404s, render error boxes and missing titles. Every request is routed: anything whose origin is not
 * the site's is aborted and listed, so a page can never reach the network even by accident.
 */
import type { Browser, Page } from '../../server/render/chromium.js';
import { localTarget } from '../../server/sites/project/pages/references.js';
import type { SiteProblem } from '../../server/sites/project/model.js';

/** What one visited page showed once loaded. */
export interface PageVisit {
  readonly url: string;
  readonly status: number | null;
  readonly title: string;
  /** Text of the page's `h1.op-page-title`, or null when its mode has no page header. */
  readonly heading: string | null;
  /** The renderer's error box is on the page. */
  readonly renderError: boolean;
  /** Mermaid diagrams that did not render (failed, or still pending after 20 s). */
  readonly brokenDiagrams: number;
  /** Placeholders standing in for images or videos the project does not hold. */
  readonly missingPlaceholders: number;
  /**
   * The article's same-origin links that carry a fragment, as absolute URLs, a heading's permalink to its
   * own element left out: what test/helpers/fragmentWalk.ts follows.
   */
  readonly fragmentLinks: readonly string[];
}

/** Everything a sweep saw. */
export interface SweepResult {
  readonly visits: readonly PageVisit[];
  /** Requests to another origin (aborted). */
  readonly outside: readonly string[];
  /** Console errors and uncaught exceptions, `url: message`. */
  readonly errors: readonly string[];
  /** Same-origin requests answered 404, by decoded pathname. */
  readonly notFound: ReadonlySet<string>;
  /** Requests served by the site. */
  readonly requests: number;
  /** Missing-asset placeholders over all pages. */
  readonly missingPlaceholders: number;
  readonly ms: number;
}

/** Options of {@link sweepPages}. */
export interface SweepOptions {
  /** `http://127.0.0.1:PORT` of the site. */
  readonly origin: string;
  /** URL paths to open (`/`, `/guides/setup`). */
  readonly urls: readonly string[];
  /** Tabs working at once. */
  readonly parallel?: number;
}

/**
 * The URL pathnames of the import report's `missing-asset` problems: each message is
 * `<ref>: file not found in the project`, `<ref>` resolved against the file it is written in.
 */
export function missingAssetPaths(problems: readonly SiteProblem[]): Set<string> {
  const out = new Set<string>();
  for (const problem of problems) {
    if (problem.code !== 'missing-asset') continue;
    const ref = problem.message.replace(/: file not found in the project$/, '');
    const target = localTarget(ref, problem.file);
    if (target !== undefined) out.add(`/${target}`);
  }
  return out;
}

function decodedPath(url: string): string {
  const { pathname } = new URL(url);
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/**
 * What the loaded page shows, in one round trip: lazy images are loaded now (Chromium only fetches them
 * near the viewport, and a missing one must show its 404 here), diagrams are waited for (they render after
 * `load`), then title, heading, error boxes, failed diagrams and the article's fragment links are read.
 */
async function inspect(page: Page): Promise<Omit<PageVisit, 'url' | 'status'>> {
  return page.evaluate(async () => {
    const images = [...document.images];
    for (const img of images) img.loading = 'eager';
    await Promise.all(
      images.map((img) =>
        img.complete
          ? Promise.resolve()
          : new Promise((resolve) => {
              img.addEventListener('load', resolve, { once: true });
              img.addEventListener('error', resolve, { once: true });
            }),
      ),
    );
    const deadline = Date.now() + 20_000;
    while (document.querySelector('[data-op-mermaid]:not([data-state])') !== null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return {
      title: document.title,
      heading: document.querySelector('h1.op-page-title')?.textContent ?? null,
      renderError: document.querySelector('[data-op-render-error]') !== null,
      brokenDiagrams: document.querySelectorAll('[data-op-mermaid]:not([data-state="rendered"])').length,
      missingPlaceholders: document.querySelectorAll('[data-op-missing-src]').length,
      fragmentLinks: [...document.querySelectorAll<HTMLAnchorElement>('article a[href*="#"]')]
        .filter((a) => {
          const hash = decodeURIComponent(a.hash.slice(1));
          return hash !== '' && a.origin === location.origin && a.closest(`[id="${CSS.escape(hash)}"]`) === null;
        })
        .map((a) => a.href),
    };
  });
}

async function visit(page: Page, origin: string, url: string): Promise<PageVisit> {
  const response = await page.goto(`${origin}${url}`, { waitUntil: 'load' });
  return { url, status: response?.status() ?? null, ...(await inspect(page)) };
}

/** Opens every URL of `options.urls` and reports what happened (see {@link SweepResult}). */
export async function sweepPages(browser: Browser, options: SweepOptions): Promise<SweepResult> {
  const started = performance.now();
  const { origin } = options;
  const queue = [...options.urls];
  const visits: PageVisit[] = [];
  const outside: string[] = [];
  const errors: string[] = [];
  const notFound = new Set<string>();
  let requests = 0;

  const worker = async (): Promise<void> => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // Two cores shared with the site server (and, in a full run, other test files): be patient per page.
    context.setDefaultTimeout(60_000);
    await context.route('**/*', async (route) => {
      const url = route.request().url();
      if (new URL(url).origin === origin) {
        requests += 1;
        await route.continue();
      } else {
        outside.push(url);
        await route.abort('blockedbyclient');
      }
    });
    const page = await context.newPage();
    page.on('response', (response) => {
      if (response.status() === 404 && new URL(response.url()).origin === origin) {
        notFound.add(decodedPath(response.url()));
      }
    });
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const resource = message.location().url;
      const text = message.text();
      errors.push(`${page.url()}: ${text}${resource ? ` (${resource})` : ''}`);
    });
    page.on('pageerror', (error) => errors.push(`${page.url()}: uncaught ${error.message}`));
    try {
      for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
        visits.push(await visit(page, origin, url));
      }
    } finally {
      await context.close();
    }
  };
  await Promise.all(Array.from({ length: options.parallel ?? 3 }, worker));
  const missingPlaceholders = visits.reduce((sum, v) => sum + v.missingPlaceholders, 0);
  return {
    visits,
    outside,
    errors,
    notFound,
    requests,
    missingPlaceholders,
    ms: performance.now() - started,
  };
}
