#!/usr/bin/env node
/**
 * `bench/pageload/profile.js`: where one page load's renderer time goes, page by page, to find what a
 * page itself costs Chromium (bench/pageload/run.js times loads as a whole). Loads each given page of a
 * bundle from file:// (after a warm-up load) `--runs` times with a Chromium trace and prints: the page's
 * shape (elements: all, in SVG, in the sidebar, the TOC and the prose; bytes of inline SVG and of the
 * document), the renderer main thread's CPU time by trace event (self time from the events' thread time,
 * so that waiting for a core on a busy machine is left out: parse, style, layout, script, paint...), and
 * with `--selector-stats` the CSS selectors that took the most matching time (Chromium's own selector
 * statistics, which slow every match down: compare selectors with each other, not with the times above).
 *
 * Usage: node bench/pageload/profile.js --bundle DIR --page FILE [--page FILE...] [--runs 3]
 *                                       [--selector-stats]
 * Needs `npm run build` first (it launches Chromium through dist/, with the export's flags).
 */
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL, URL } from 'node:url';
import { parseArgs } from 'node:util';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const { launchChromium } = await import(pathToFileURL(join(REPO_ROOT, 'dist/server/render/chromium.js')).href);

const { values: opts } = parseArgs({
  options: {
    bundle: { type: 'string' },
    page: { type: 'string', multiple: true },
    runs: { type: 'string', default: '3' },
    'selector-stats': { type: 'boolean', default: false },
  },
});
if (opts.bundle === undefined || opts.page === undefined) throw new Error('--bundle DIR --page FILE are required');
const RUNS = Number(opts.runs);
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'];
if (opts['selector-stats']) CATEGORIES.push('disabled-by-default-blink.debug');

/** Self thread time (ms) by event name on the renderer main thread (the one that parsed the page). */
function selfTimes(events) {
  const complete = events.filter((e) => e.ph === 'X' && typeof e.dur === 'number');
  const parse = complete.find((e) => e.name === 'ParseHTML');
  if (!parse) return {};
  const thread = complete
    .filter((e) => e.pid === parse.pid && e.tid === parse.tid)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const out = {};
  const stack = [];
  for (const e of thread) {
    while (stack.length > 0 && stack[stack.length - 1].ts + stack[stack.length - 1].dur <= e.ts) stack.pop();
    // Thread time (tdur), not wall time: on a shared machine the thread waits for a core in between.
    const cpu = (e.tdur ?? e.dur) / 1000;
    const parent = stack[stack.length - 1];
    if (parent) out[parent.name] = (out[parent.name] ?? 0) - cpu;
    out[e.name] = (out[e.name] ?? 0) + cpu;
    stack.push(e);
  }
  return out;
}

/** Matching time (µs), attempts and matches by selector, from the trace's SelectorStats events. */
function selectorTimes(events, into) {
  for (const event of events.filter((e) => e.name === 'SelectorStats')) {
    for (const row of event.args?.selector_stats?.selector_timings ?? []) {
      const seen = (into[row.selector] ??= { us: 0, attempts: 0, matches: 0 });
      seen.us += row['elapsed (us)'];
      seen.attempts += row.match_attempts;
      seen.matches += row.match_count;
    }
  }
}

/* global document -- pageShape runs in the page (page.evaluate). */
/** The page's size: elements by part, bytes of its markup and of its inline SVG. */
function pageShape() {
  const count = (selector) => document.querySelectorAll(selector).length;
  const svgs = [...document.querySelectorAll('svg')].filter((svg) => !svg.parentElement?.closest('svg'));
  return {
    elements: count('*'),
    svgElements: count('svg, svg *'),
    sidebar: count('.op-sidebar *'),
    toc: count('.op-toc *'),
    prose: count('[data-op-prose] *'),
    inlineSvgBytes: svgs.reduce((n, svg) => n + svg.outerHTML.length, 0),
    documentBytes: document.documentElement.outerHTML.length,
  };
}

/** A selector cut to fit a line, keeping its end (what it selects) and its start. */
const short = (selector) => (selector.length <= 110 ? selector : `${selector.slice(0, 50)} … ${selector.slice(-55)}`);

/** Loads `url` once under a trace and returns the trace's events. */
async function tracedLoad(page, cdp, url) {
  const events = [];
  const collect = ({ value }) => events.push(...value);
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', { categories: CATEGORIES.join(','), transferMode: 'ReportEvents' });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(300);
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  return events;
}

const browser = await launchChromium();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const url = (file) => pathToFileURL(join(opts.bundle, file)).href;
  // One load first, so that the figures leave out the renderer's start.
  await page.goto(url(opts.page[0]), { waitUntil: 'load' });
  await page.goto('about:blank');
  for (const file of opts.page) {
    const times = {};
    const selectors = {};
    let shape;
    for (let run = 0; run < RUNS; run += 1) {
      const events = await tracedLoad(page, cdp, url(file));
      shape ??= await page.evaluate(pageShape);
      await page.goto('about:blank');
      for (const [name, ms] of Object.entries(selfTimes(events))) times[name] = (times[name] ?? 0) + ms;
      selectorTimes(events, selectors);
    }
    console.log(
      `\n${file}: ${Object.entries(shape)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
    const total = Object.values(times).reduce((n, ms) => n + ms, 0) / RUNS;
    console.log(`  renderer main thread, CPU ms per load by event (self time; all events ${total.toFixed(1)} ms):`);
    for (const [name, ms] of Object.entries(times)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)) {
      console.log(`  ${(ms / RUNS).toFixed(1).padStart(7)}  ${name}`);
    }
    const rows = Object.entries(selectors).sort((a, b) => b[1].us - a[1].us);
    if (rows.length === 0) continue;
    console.log('  selectors by matching time per load (µs, under statistics), attempts, matches:');
    for (const [selector, { us, attempts, matches }] of rows.slice(0, 12)) {
      const figures = `${(us / RUNS).toFixed(0).padStart(7)} ${String(attempts / RUNS).padStart(6)} ${String(matches / RUNS).padStart(5)}`;
      console.log(`  ${figures}  ${short(selector)}`);
    }
  }
} finally {
  await browser.close();
}
