#!/usr/bin/env node
/**
 * `bench/pageload`: what one page load of a bundle costs in Chromium, the unit of both the export's
 * egress check (two loads per page) and a reader's every page view. Opens pages of a bundle (a folder or
 * a `.zip`, e.g. one `bench/scale/run.js --keep` made) from file://, one after another in one tab, the
 * way the check does (load, a short settle, leave for about:blank), and prints per load: wall time and
 * the renderer main thread's task, script, layout and style time (CDP Performance metrics), the number
 * of elements in the sidebar, and the CPU time each kind of Chromium process spent (browser, GPU/display
 * compositor, renderer, utility), from /proc.
 * `--skip-shared-nav` lets the large sections' shared sidebar files (`_offprint/nav/`) load but keeps their
 * data from the page, so the sidebar stays the one written in the page: a run with and one without it show
 * what building the whole sidebar costs each load.
 * `--egress-check` runs the export's own egress check over the same pages instead (check.js): both modes,
 * `--concurrency` workers, per load its wall time and each process kind's CPU time; `--pages-per-target`
 * sets how many loads a target checks before a fresh one (the export's default when absent).
 *
 * Usage: node bench/pageload/run.js --bundle DIR|FILE.zip [--pages 40] [--settle 50] [--skip-shared-nav]
 *                                   [--egress-check [--concurrency 2] [--pages-per-target N]]
 * Needs `npm run build` first (it launches Chromium through dist/, with the export's flags).
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL, URL } from 'node:url';
import { parseArgs } from 'node:util';
import AdmZip from 'adm-zip';
import { benchEgressCheck } from './check.js';
import { ProcessWatch, printProcesses } from './processes.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dist = (/** @type {string} */ path) => import(pathToFileURL(join(REPO_ROOT, 'dist', path)).href);
const { launchChromium } = await dist('server/render/chromium.js');

const { values: opts } = parseArgs({
  options: {
    bundle: { type: 'string' },
    pages: { type: 'string', default: '40' },
    settle: { type: 'string', default: '50' },
    'skip-shared-nav': { type: 'boolean', default: false },
    'egress-check': { type: 'boolean', default: false },
    concurrency: { type: 'string', default: '2' },
    'pages-per-target': { type: 'string' },
  },
});
if (opts.bundle === undefined) throw new Error('--bundle DIR|FILE.zip is required');
const METRICS = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'];

/** The bundle's folder: the one given, or a zip extracted into a temporary folder (and its remover). */
function bundleFolder(path) {
  if (statSync(path).isDirectory()) return { dir: path, remove: () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'offprint-bench-pageload-'));
  new AdmZip(path).extractAllTo(dir, true);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** `count` content pages of the manifest, spread evenly over it (redirect pages left out). */
function pickPages(dir, count) {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  const files = manifest.pages
    .map((page) => page.file)
    .filter((file) => !/http-equiv=["']?refresh/i.test(readFileSync(join(dir, file), 'utf8')));
  const step = Math.max(1, files.length / count);
  return Array.from({ length: Math.min(count, files.length) }, (_, i) => files[Math.floor(i * step)]);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const mean = (values) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

/** Opens `pages` one after another in one tab and prints what each load cost. */
async function plainLoads(dir, pages) {
  const browser = await launchChromium();
  try {
    await measureLoads(browser, dir, pages);
  } finally {
    await browser.close();
  }
}

async function measureLoads(browser, dir, pages) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  if (opts['skip-shared-nav']) {
    // The sidebar files add their data to this global (sites/theme/sharedNav.ts): a frozen one keeps none.
    await page.addInitScript({
      content: "Object.defineProperty(window, '__opSharedNav', { get: () => Object.freeze({}), set() {} });",
    });
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const metrics = async () => {
    const { metrics: list } = await cdp.send('Performance.getMetrics');
    return Object.fromEntries(list.filter((m) => METRICS.includes(m.name)).map((m) => [m.name, m.value * 1000]));
  };
  // One load first, so that the figures leave out the renderer's start.
  await page.goto(pathToFileURL(join(dir, pages[0])).href, { waitUntil: 'load' });
  await page.goto('about:blank');
  const watch = new ProcessWatch();
  watch.start();
  const loads = [];
  for (const file of pages) {
    const started = performance.now();
    await page.goto(pathToFileURL(join(dir, file)).href, { waitUntil: 'load' });
    await page.waitForTimeout(Number(opts.settle));
    const shown = await metrics();
    const sidebar = await page.evaluate("document.querySelectorAll('.op-sidebar *').length");
    await page.goto('about:blank');
    loads.push({ ...shown, sidebar, wall: performance.now() - started });
  }
  watch.stop();
  const column = (name) => loads.map((load) => load[name]);
  console.log(`bench/pageload: ${loads.length} pages of ${opts.bundle}, one tab, settle ${opts.settle} ms`);
  console.log(`shared sidebars ${opts['skip-shared-nav'] ? 'not built (--skip-shared-nav)' : 'built'}`);
  for (const name of ['wall', ...METRICS]) {
    console.log(
      `  ${name.padEnd(20)} median ${median(column(name)).toFixed(0).padStart(5)} ms   mean ${mean(column(name)).toFixed(0).padStart(5)} ms`,
    );
  }
  console.log(`  sidebar elements     median ${median(column('sidebar'))}`);
  printProcesses(watch, loads.length);
}

const { dir, remove } = bundleFolder(opts.bundle);
try {
  const pages = pickPages(dir, Number(opts.pages));
  if (opts['egress-check']) {
    const perTarget = opts['pages-per-target'];
    const pagesPerTarget = perTarget === undefined ? undefined : Number(perTarget);
    await benchEgressCheck({ dir, pages, concurrency: Number(opts.concurrency), pagesPerTarget, dist });
  } else await plainLoads(dir, pages);
} finally {
  remove();
}
