/**
 * The measured passes of bench/render: every page rendered through the render sandbox the way the site server does
 * (MDX body, endpoint reference, theme document), and every page fetched over HTTP from `offprint serve`.
 * Modules come from dist/ (`npm run build`), so the numbers are those of the code that ships.
 */
import { Buffer } from 'node:buffer';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../feedback/proc.js';

const { fetch } = globalThis;
/** Imports a built module: `dist('server/logger.js')`. */
export const dist = (/** @type {string} */ path) => import(pathToFileURL(join(REPO_ROOT, 'dist', path)).href);

const { renderPageSource } = await dist('server/sites/sandbox/page.js');
const { renderDocument } = await dist('server/sites/theme/document.js');

/**
 * @typedef {{ url: string, file: string | null, operation?: unknown, path: string }} Page
 * @typedef {{ pages: Map<string, Page>, rootDir: string, settings: { variables: Record<string, string>, iconLibrary: string } }} Model
 * @typedef {{ pages: number, ms: number, pagesPerS: number, p50: number, p95: number, max: number, bytes: number, failed: string[] }} Pass
 */

/**
 * @param {number[]} sorted ascending
 * @param {number} q 0..1
 */
function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/**
 * @param {number[]} times per-page ms
 * @param {number} ms wall time of the pass
 * @param {number} bytes
 * @param {string[]} failed
 * @returns {Pass}
 */
function summarise(times, ms, bytes, failed) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    pages: times.length,
    ms,
    pagesPerS: times.length / (ms / 1000),
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    max: sorted.at(-1) ?? 0,
    bytes,
    failed,
  };
}

/**
 * Renders one page to its HTML document as server/sites/serve/pages.ts does (without its cache).
 * @param {Model} model
 * @param {Page} page
 * @param {string} origin
 * @returns {Promise<{ html: string, failed: boolean }>}
 */
async function renderOne(model, page, origin) {
  // In the render sandbox (a child process that may read only the project's folder), as the server does.
  const rendered = await renderPageSource(model, model.rootDir, page);
  const html = renderDocument({ site: model, page, rendered, origin });
  return { html, failed: html.includes('data-op-render-error') };
}

/**
 * Renders every page of `model` once, through the render sandbox (one page at a time).
 * @param {Model} model
 * @returns {Promise<Pass>}
 */
export async function renderPass(model) {
  /** @type {number[]} */
  const times = [];
  /** @type {string[]} */
  const failed = [];
  let bytes = 0;
  const started = performance.now();
  for (const page of model.pages.values()) {
    const t0 = performance.now();
    const { html, failed: broken } = await renderOne(model, page, 'http://127.0.0.1:4242');
    times.push(performance.now() - t0);
    bytes += Buffer.byteLength(html);
    if (broken) failed.push(page.url);
  }
  return summarise(times, performance.now() - started, bytes, failed);
}

/**
 * Fetches every URL from `origin` with `concurrency` clients; a non-200 answer counts as failed.
 * @param {string} origin
 * @param {string[]} urls
 * @param {number} concurrency
 * @returns {Promise<Pass>}
 */
export async function httpPass(origin, urls, concurrency) {
  /** @type {number[]} */
  const times = [];
  /** @type {string[]} */
  const failed = [];
  let bytes = 0;
  const queue = [...urls];
  const started = performance.now();
  const client = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      const t0 = performance.now();
      const res = await fetch(`${origin}${url}`, { redirect: 'manual' });
      const body = await res.text();
      times.push(performance.now() - t0);
      bytes += Buffer.byteLength(body);
      if (res.status !== 200 || body.includes('data-op-render-error')) failed.push(`${url} (${res.status})`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  return summarise(times, performance.now() - started, bytes, failed);
}
