#!/usr/bin/env node
/**
 * `bench/search/run.js`: file:// search in Chromium, cold page per query. For each of 20 queries: open the
 * page, press Ctrl+K, type the query (one input event), and time in the page from that input event to
 * the first result in the DOM (and from the Ctrl+K that opened the dialog, which starts loading); count
 * the bytes of index scripts the page loaded for it and the JS heap growth (after a GC) it caused.
 * Prints the p95 and median latency, the largest and median bytes, and the largest heap growth.
 *
 *   node bench/search/run.js [--pages 400,2000,10000]   generated sites, "before" (single index) and "after"
 *   node bench/search/run.js --bundle FILE.zip|DIR      an exported bundle (bench/scale uses this)
 *
 * Needs `npm run build` (dist/server and dist/site-theme) and Chromium at /usr/bin/chromium.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL, URL } from 'node:url';
import { parseArgs } from 'node:util';
import AdmZip from 'adm-zip';
import { records, writeAfter, writeBefore } from './sites.js';

/* global window, document, performance, MutationObserver -- page code run by Chromium */

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

const QUERIES = [
  'topics',
  'subscribers',
  'translations',
  'workflow',
  'api key',
  'digest',
  'inbox',
  'email provider',
  'sms',
  'push notifications',
  'webhook',
  'preferences',
  'tenants',
  'layouts',
  'environment',
  'react',
  'trigger event',
  'rate limit',
  'integration',
  'delay step',
];

const { values: opts } = parseArgs({
  options: { pages: { type: 'string', default: '400,2000,10000' }, bundle: { type: 'string' } },
});

const kb = (bytes) => `${Math.round(bytes / 1024)} KB`;
const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const pct = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];

async function heapUsed(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
}

/** One cold search: latency (ms), bytes of index scripts loaded, heap growth. */
async function measureOnce(browser, url, query, isIndexFile) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const loaded = new Set();
  page.on('request', (request) => {
    const file = request.url().startsWith('file://') ? fileURLToPath(request.url()) : null;
    if (file && isIndexFile(file)) loaded.add(file);
  });
  // Timed in the page: from the input event to the first result in the DOM (no driver round trips).
  await page.addInitScript(() => {
    const marks = (window.__benchMarks = {});
    document.addEventListener('keydown', () => (marks.open ??= performance.now()), true);
    document.addEventListener('input', () => (marks.input ??= performance.now()), true);
    new MutationObserver(() => {
      if (marks.input !== undefined && document.querySelector('.op-search-result')) marks.result ??= performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  // A bundle's index.html is a redirect page: Ctrl+K pressed before the page it leads to has run its
  // scripts is lost (under load this missed the dialog on a 2,000-page bundle). Wait for the real page.
  await page.waitForFunction(
    () => document.readyState === 'complete' && document.querySelector('[data-op-search-open]') !== null,
    undefined,
    { timeout: 60_000 },
  );
  const cdp = await context.newCDPSession(page);
  const before = await heapUsed(cdp);
  await page.keyboard.press('Control+k');
  await page.locator('input.op-search-input').fill(query);
  await page.waitForSelector('.op-search-result', { timeout: 60_000 });
  const marks = await page.evaluate(() => window.__benchMarks);
  const [ms, fromOpen] = [marks.result - marks.input, marks.result - marks.open];
  const bytes = [...loaded].reduce((sum, file) => sum + statSync(file).size, 0);
  const heap = (await heapUsed(cdp)) - before;
  await context.close();
  return { ms, fromOpen, bytes, heap, files: loaded.size };
}

async function measure(browser, label, url, isIndexFile) {
  const runs = [];
  for (const query of QUERIES) runs.push(await measureOnce(browser, url, query, isIndexFile));
  const ms = runs.map((r) => r.ms);
  const bytes = runs.map((r) => r.bytes);
  console.log(
    `  ${label.padEnd(7)} first result p95 ${String(Math.round(pct(ms, 95))).padStart(5)} ms (median ${Math.round(pct(ms, 50))})` +
      ` from Ctrl+K p95 ${String(
        Math.round(
          pct(
            runs.map((r) => r.fromOpen),
            95,
          ),
        ),
      ).padStart(5)} ms` +
      `  index loaded max ${kb(Math.max(...bytes)).padStart(8)} (median ${kb(pct(bytes, 50))}, ${Math.max(...runs.map((r) => r.files))} files max)` +
      `  heap growth max ${mb(Math.max(...runs.map((r) => r.heap)))}`,
  );
  return runs;
}

function bundleDir(path) {
  if (statSync(path).isDirectory()) return path;
  const dir = mkdtempSync(join(tmpdir(), 'offprint-search-bench-'));
  new AdmZip(readFileSync(path)).extractAllTo(dir, true);
  return dir;
}

const { launchChromium } = await import(join(REPO_ROOT, 'dist/server/render/chromium.js'));
const browser = await launchChromium();
try {
  if (opts.bundle) {
    const dir = bundleDir(opts.bundle);
    console.log(`bundle ${opts.bundle}: ${QUERIES.length} queries, cold page each, from file://`);
    await measure(browser, 'bundle', pathToFileURL(join(dir, 'index.html')).href, (f) =>
      /\/_assets\/search[-/]/.test(f),
    );
    if (dir !== opts.bundle) rmSync(dir, { recursive: true, force: true });
  } else {
    for (const pages of opts.pages.split(',').map(Number)) {
      const work = mkdtempSync(join(tmpdir(), `offprint-search-${pages}-`));
      const docs = records(pages);
      const beforeUrl = pathToFileURL(await writeBefore(join(work, 'before'), docs)).href;
      const afterUrl = pathToFileURL(await writeAfter(join(work, 'after'), docs)).href;
      console.log(`${pages} pages: ${QUERIES.length} queries, cold page each, from file://`);
      await measure(browser, 'before', beforeUrl, (f) => f.endsWith('search-index.js'));
      await measure(browser, 'after', afterUrl, (f) => f.includes('/after/search/'));
      rmSync(work, { recursive: true, force: true });
    }
  }
} finally {
  await browser.close();
}
