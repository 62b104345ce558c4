/**
 * What a capture does inside the page and how the page is shown to it: the scripts it runs there and
 * the fixed window and palette. Together with the browser, these are what a capture is made with besides
 * the site's answers, so a digest of them keys the captures a later export may reuse (captureCache.ts).
 */
import { createHash } from 'node:crypto';

/** A fixed window: the saved DOM must not depend on the machine. */
export const CAPTURE_VIEWPORT = { width: 1280, height: 900, deviceScaleFactor: 1, mobile: false } as const;

/** A light palette, whatever the machine prefers. */
export const CAPTURE_MEDIA = { features: [{ name: 'prefers-color-scheme', value: 'light' }] } as const;

/** True for any non-null object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Runs before any script of every document: tells the theme client it is being captured, and records
 * what the site's Content-Security-Policy refused to load (such requests never reach the network, nor
 * the request filter, but they are reported like the requests the filter blocks).
 */
export const CAPTURE_FLAG = `window.__offprintCapture = true;
window.__offprintRefused = [];
document.addEventListener('securitypolicyviolation', (event) => {
  window.__offprintRefused.push(event.blockedURI);
}, true);`;

/** Resolves when the page is complete (run with awaitPromise; the pipeline bounds it with its timeout). */
export const READY_EXPRESSION = `(async () => {
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  while (document.readyState !== 'complete') await sleep(10);
  await document.fonts.ready;
  const images = Array.from(document.images).filter((img) => img.loading !== 'lazy');
  await Promise.all(images.map((img) => img.complete
    ? (img.naturalWidth > 0 ? img.decode().catch(() => undefined) : undefined)
    : new Promise((resolve) => {
        img.addEventListener('load', resolve, { once: true });
        img.addEventListener('error', resolve, { once: true });
      })));
  const themed = document.querySelector('script[src$="/_offprint/theme.js"]') !== null;
  const diagramsDone = () => Array.from(document.querySelectorAll('[data-op-mermaid]'))
    .every((el) => el.dataset.state === 'rendered' || el.dataset.state === 'error');
  while ((themed && window.__offprintReady !== true) || !diagramsDone()) await sleep(10);
  await document.fonts.ready;
  return true;
})()`;

export const SNAPSHOT_EXPRESSION = `({
  html: (document.doctype ? '<!doctype ' + document.doctype.name + '>' : '') + document.documentElement.outerHTML,
  refused: Array.isArray(window.__offprintRefused) ? window.__offprintRefused.map(String) : [],
  href: location.href,
  status: performance.getEntriesByType('navigation')[0]?.responseStatus ?? 0,
  renderError: document.querySelector('[data-op-render-error] .op-render-error-message')?.textContent ?? null,
  lazy: Array.from(document.querySelectorAll('img[loading="lazy"], iframe[loading="lazy"]'))
    .map((el) => el.src)
    .filter((src) => typeof src === 'string' && src !== ''),
})`;

export interface Snapshot {
  readonly html: string;
  readonly refused: readonly string[];
  /** Where the document is (a page that left, or Chromium's error page, is somewhere else). */
  readonly href: string;
  /** HTTP status of the document (0 when the browser does not say). */
  readonly status: number;
  /** Why the site could not render the page from its source (it shows the source instead), or null. */
  readonly renderError: string | null;
  /**
   * The addresses of the page's lazy images and frames: the browser may ask for them after the page is
   * ready, or never, yet the page shows them (a dependency of the capture all the same).
   */
  readonly lazy: readonly string[];
}

export function isSnapshot(value: unknown): value is Snapshot {
  return (
    isRecord(value) &&
    typeof value['html'] === 'string' &&
    Array.isArray(value['refused']) &&
    typeof value['href'] === 'string' &&
    typeof value['status'] === 'number' &&
    (value['renderError'] === null || typeof value['renderError'] === 'string') &&
    Array.isArray(value['lazy']) &&
    value['lazy'].every((src) => typeof src === 'string')
  );
}

/** Why a snapshot is not the page asked for (it went elsewhere, or is an error), or null when it is. */
export function snapshotProblem(snapshot: Snapshot, url: string): string | null {
  const at = snapshot.href.split('#')[0] ?? '';
  if (at !== url) return `the page left ${url} for ${at}`;
  if (snapshot.status !== 0 && (snapshot.status < 200 || snapshot.status > 299)) {
    return `the page answered HTTP ${snapshot.status}`;
  }
  return null;
}

/** Longest reason a render failure's warning quotes (a compiler's message may hold a whole code frame). */
const MAX_REASON = 300;

/**
 * The page error a capture reports for a page the site could not render (its source is shown instead), so
 * the export's warnings name it: the bundle would otherwise carry it without a word.
 */
export function renderErrorMessage(reason: string): string {
  const line = reason.replace(/\s+/g, ' ').trim();
  const short = line.length > MAX_REASON ? `${line.slice(0, MAX_REASON)}…` : line;
  return `the page could not be rendered from its source, so readers see the source instead: ${short}`;
}

/** Digest of everything above: a capture made with other scripts or settings is not reused. */
export const CAPTURE_SCRIPTS_DIGEST = createHash('sha256')
  .update(JSON.stringify([CAPTURE_FLAG, READY_EXPRESSION, SNAPSHOT_EXPRESSION, CAPTURE_VIEWPORT, CAPTURE_MEDIA]))
  .digest('hex');
