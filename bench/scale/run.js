#!/usr/bin/env node
/**
 * `bench/scale/run.js`: per project size, generates a project from copies of the novu fixture
 * (`generate.js`), then with the built CLI on a fresh data dir imports it (`projects create --source`),
 * exports it (`export`), verifies the bundle (`verify`) and, when engineer I's `bench/search/run.js` exists,
 * measures file:// search on the bundle. For each phase it prints the wall time, pages/s and the peak RSS of
 * the Offprint process (kernel `VmHWM`) and of its child processes (render sandboxes, Chromium, polled).
 * Never fails on a missed goal; a failed phase is printed with the end of its stderr and skips the rest of
 * that size.
 *
 * Usage: node bench/scale/run.js [--pages 400,2000] [--big] [--phases import,export,verify,search]
 *                                [--keep] [--json FILE] [--status-every SECONDS]
 * `--big` adds the 10,000-page size. While an export runs, a status line (phase, progress, rate, peak RSS)
 * comes at each phase change and every `--status-every` seconds (300); at its end, each phase's time and
 * rate. Needs `npm run build` first (it runs dist/).
 */
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { parseArgs } from 'node:util';
import { ExportPhases, phaseSummary } from './exportPhases.js';
import { generateProject } from './generate.js';
import { runSampled } from './proc.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(REPO_ROOT, 'dist/server/cli/main.js');
const SEARCH_BENCH = join(REPO_ROOT, 'bench/search/run.js');
const PHASES = ['import', 'export', 'verify', 'search'];

const { values: opts } = parseArgs({
  options: {
    pages: { type: 'string', default: '400,2000' },
    big: { type: 'boolean', default: false },
    phases: { type: 'string', default: PHASES.join(',') },
    keep: { type: 'boolean', default: false },
    json: { type: 'string' },
    'status-every': { type: 'string', default: '300' },
  },
});
const sizes = opts.pages.split(',').map(Number);
if (opts.big && !sizes.includes(10_000)) sizes.push(10_000);
const phases = opts.phases.split(',');
for (const phase of phases) if (!PHASES.includes(phase)) throw new Error(`unknown phase ${phase}`);

const mb = (/** @type {number} */ bytes) => `${Math.round(bytes / 2 ** 20)} MB`;
const log = (/** @type {string} */ line) => console.log(line);

/** The command line of each phase, given the size's work folder. */
const commands = {
  import: (/** @type {Ctx} */ c) => [
    CLI,
    ['projects', 'create', '--name', `Scale ${c.pages}`, '--domain', c.domain, '--source', c.project, '--json'],
  ],
  export: (/** @type {Ctx} */ c) => [CLI, ['export', '--domain', c.domain, '--out', c.bundle]],
  verify: (/** @type {Ctx} */ c) => [CLI, ['verify', c.bundle]],
  search: (/** @type {Ctx} */ c) => [SEARCH_BENCH, ['--bundle', c.bundle]],
};

/** @typedef {{ pages: number, domain: string, project: string, dataDir: string, bundle: string }} Ctx */

/** Runs one phase and returns its figures (or null when it was skipped). */
async function runPhase(phase, ctx) {
  if (phase === 'search' && !existsSync(SEARCH_BENCH)) {
    log(`  search   skipped: ${SEARCH_BENCH} does not exist yet`);
    return null;
  }
  const [script, args] = commands[phase](ctx);
  const env = { ...process.env, OFFPRINT_DATA_DIR: ctx.dataDir, OFFPRINT_LOG_LEVEL: 'warn' };
  // The export prints where it is every few minutes, and its phases' times at the end (see exportPhases.js).
  const exportPhases = phase === 'export' ? new ExportPhases(log, Number(opts['status-every'])) : null;
  const result = await runSampled(process.execPath, [script, ...args], {
    env,
    ...(exportPhases === null
      ? {}
      : { onStderrLine: (line, seconds, peaks) => exportPhases.line(line, seconds, peaks.rss) }),
  });
  const phases = exportPhases?.finish(result.seconds);
  const figures = {
    phase,
    ok: result.code === 0,
    seconds: Number(result.seconds.toFixed(1)),
    pagesPerSecond: Number((ctx.pages / result.seconds).toFixed(1)),
    peakRssMb: Math.round(result.peaks.rss / 2 ** 20),
    peakChildrenRssMb: Math.round(result.peaks.children / 2 ** 20),
    ...(phases === undefined ? {} : { phases }),
  };
  log(
    `  ${phase.padEnd(8)} ${figures.ok ? 'ok    ' : `FAILED (exit ${result.code})`} ${String(figures.seconds).padStart(7)} s` +
      `  ${String(figures.pagesPerSecond).padStart(7)} pages/s  peak RSS ${mb(result.peaks.rss).padStart(8)}` +
      `  children ${mb(result.peaks.children).padStart(8)}`,
  );
  if (phase === 'search' || !figures.ok) {
    const text = (figures.ok ? result.stdout : result.stderr).trim().split('\n').slice(-20).join('\n');
    if (text) log(text.replace(/^/gm, '    | '));
  }
  if (phases !== undefined && phases.length > 0) log(`           phases: ${phaseSummary(phases)}`);
  if (phase === 'export' && figures.ok) log(`           bundle ${mb(statSync(ctx.bundle).size)}`);
  return figures;
}

/** Generates, imports, exports, verifies and searches one size; returns each phase's figures. */
async function runSize(pages) {
  const work = mkdtempSync(join(tmpdir(), `offprint-scale-${pages}-`));
  const generated = generateProject({ pages, out: join(REPO_ROOT, 'bench/.data', `scale-${pages}`) });
  /** @type {Ctx} */
  const ctx = {
    pages: generated.pages,
    domain: `scale-${pages}.localhost`,
    project: generated.out,
    dataDir: join(work, 'data'),
    bundle: join(work, 'bundle.zip'),
  };
  log(`\n${generated.pages} pages (${generated.copies} copies) in ${generated.out}; data dir ${ctx.dataDir}`);
  const results = [];
  try {
    for (const phase of phases) {
      const figures = await runPhase(phase, ctx);
      if (figures) results.push(figures);
      if (figures && !figures.ok) break;
    }
  } finally {
    if (!opts.keep) rmSync(work, { recursive: true, force: true });
  }
  return { pages: generated.pages, results };
}

if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first`);
log(`bench/scale: sizes ${sizes.join(', ')}; phases ${phases.join(', ')}`);
const all = [];
for (const pages of sizes) all.push(await runSize(pages));
if (opts.json) writeFileSync(opts.json, `${JSON.stringify(all, null, 2)}\n`);
