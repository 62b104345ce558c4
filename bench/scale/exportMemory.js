#!/usr/bin/env node
/**
 * `bench/scale/exportMemory.js` (engineer J2): peak memory of the export's assembly, manifest, zip and
 * verify at N pages, without spending the hour Chromium needs to render 10,000 pages. `prepare` builds a
 * project of N pages with J1's generator, imports it into a data dir and fills an export's page store with
 * each page's server-rendered HTML (what a capture saves, minus client-side changes); `run` then, in a
 * fresh process, runs the real pipeline on that store (every page already captured: nothing is rendered),
 * then `offprint verify`'s check on the bundle, sampling the process RSS every 20 ms. The egress check
 * (phase `proving`) is the real one, in Chromium; `--proof-pages N` checks only the first N pages of the
 * bundle (at 10,000 pages the whole check takes over an hour here) and prints its time per page load, so
 * the whole check's time can be told from it.
 *
 * Usage:
 *   node bench/scale/exportMemory.js prepare --pages 2000 [--dist bench/.data/j2-before]
 *   node bench/scale/exportMemory.js run --pages 2000 [--dist dist] [--proof-pages N] [--trace]
 * The process limits its heap growth as the CLI does (server/heapGrowth.ts); `--v8-default-growth` leaves
 * V8's own, to compare. `--trace` prints the pipeline's debug and info log lines, each with the peak RSS since the line before.
 * `--dist` picks a compiled Offprint (`tsc -p tsconfig.build.json --outDir DIR`), to compare builds.
 * The result's `peakParts` says what the RSS was made of at its peak: each V8 space's committed MB,
 * `heapUsed`, `external` (Buffers) and `outsideHeap` (the rest: code, native allocations, the allocator's
 * free lists).
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setInterval, clearInterval } from 'node:timers';
import { fileURLToPath, pathToFileURL, URL } from 'node:url';
import { parseArgs } from 'node:util';
import { getHeapSpaceStatistics } from 'node:v8';
import { generateProject } from './generate.js';

const { fetch, AbortController } = globalThis;
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    pages: { type: 'string', default: '2000' },
    dist: { type: 'string', default: 'dist' },
    'proof-pages': { type: 'string' },
    trace: { type: 'boolean', default: false },
    'v8-default-growth': { type: 'boolean', default: false },
  },
});
const pages = Number(values.pages);
const dist = resolve(REPO_ROOT, values.dist);
const home = join(REPO_ROOT, 'bench/.data', `export-memory-${pages}`);
const load = (/** @type {string} */ path) => import(pathToFileURL(join(dist, path)).href);

/** Peak RSS since the last traced log line (`--trace`), sampled with the run's peak. */
let tracePeak = 0;

/** A quiet logger with the shape Offprint's modules call; with `--trace`, debug and info lines print with the peak RSS since the line before. */
function quietLogger() {
  const noop = () => undefined;
  const trace = (/** @type {unknown} */ fields, /** @type {string | undefined} */ message) => {
    console.log(`  ${message ?? ''} ${JSON.stringify(fields)} (peak since last ${Math.round(tracePeak / 1048576)} MB)`);
    tracePeak = 0;
  };
  const traced = values.trace ? trace : noop;
  /** @type {Record<string, unknown>} */
  const logger = { debug: traced, info: traced, warn: noop, error: noop, fatal: noop, trace: noop };
  logger.child = () => logger;
  return logger;
}

async function prepare() {
  rmSync(home, { recursive: true, force: true });
  mkdirSync(home, { recursive: true });
  const source = join(home, 'project');
  generateProject({ pages, out: source });
  const { openRuntime } = await load('server/runtime.js');
  const { importSiteAndIndex } = await load('server/domain/sites.js');
  const { listProjects } = await load('server/db/projects.js');
  const { startExportSite } = await load('server/export/siteServer.js');
  const { listExportPages } = await load('server/exportSpec/pages.js');
  const { PageStore } = await load('server/export/workDir.js');
  const rt = openRuntime(join(home, 'data'), quietLogger());
  const project = listProjects(rt.db)[0];
  const started = Date.now();
  const imported = await importSiteAndIndex(rt, project.id, source);
  console.log(`imported ${pages} pages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const options = {
    deployment: 'air-gapped',
    features: { search: true, feedback: null, analytics: null, apiPlayground: null, assistant: false },
    versionLabel: null,
    paths: null,
  };
  const site = await startExportSite(rt, project.id, imported.buildId, options);
  const list = listExportPages(site.build.model, null).pages;
  const store = new PageStore(join(home, 'work'));
  const queue = [...list];
  const fill = async () => {
    for (let path = queue.pop(); path !== undefined; path = queue.pop()) {
      const response = await fetch(site.origin + encodeURI(path));
      store.save({ path, blocked: [], errors: [] }, await response.text());
    }
  };
  await Promise.all([fill(), fill(), fill(), fill()]);
  await site.close();
  rt.close();
  writeFileSync(
    join(home, 'state.json'),
    JSON.stringify({ projectId: project.id, buildId: imported.buildId, options }),
  );
  console.log(`filled the page store with ${list.length} pages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * The parts of the process's memory at one moment: each V8 space's committed size, the heap's used size,
 * memory held outside the heap (Buffers, ArrayBuffers) and what is left of the RSS (code, native allocations).
 * @param {NodeJS.MemoryUsage} usage
 */
function breakdown(usage) {
  const mb = (/** @type {number} */ bytes) => Math.round(bytes / 1048576);
  /** @type {Record<string, number>} */
  const parts = { rss: mb(usage.rss), heapUsed: mb(usage.heapUsed), external: mb(usage.external) };
  let committed = 0;
  for (const space of getHeapSpaceStatistics()) {
    parts[space.space_name.replace(/_space$/, '')] = mb(space.physical_space_size);
    committed += space.physical_space_size;
  }
  parts.outsideHeap = mb(usage.rss - committed);
  return parts;
}

async function run() {
  const state = JSON.parse(readFileSync(join(home, 'state.json'), 'utf8'));
  // A copy per run: the pipeline may delete what it has used.
  const workDir = join(home, 'work-run');
  rmSync(workDir, { recursive: true, force: true });
  cpSync(join(home, 'work'), workDir, { recursive: true });
  const { openRuntime } = await load('server/runtime.js');
  const { runExport } = await load('server/export/run.js');
  const { verifyBundle } = await load('server/export/verify.js');
  const { runEgressCheck } = await load('server/export/egress/index.js');
  const { projectSigner } = await load('server/export/signer.js');
  const { playwrightRenderBackend } = await load('server/render/playwrightBackend.js');
  const rt = openRuntime(join(home, 'data'), quietLogger());
  const mb = (/** @type {number} */ bytes) => Math.round(bytes / 1048576);
  const base = process.memoryUsage().rss;
  let peak = base;
  /** What the RSS was made of when it peaked: V8's spaces (committed MB) and memory outside the heap. */
  let peakParts = {};
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    if (usage.rss > peak) peakParts = breakdown(usage);
    peak = Math.max(peak, usage.rss);
    tracePeak = Math.max(tracePeak, usage.rss);
  }, 20);
  const phases = /** @type {string[]} */ ([]);
  let phaseStart = Date.now();
  let phase = 'start';
  const outFile = join(home, 'bundle.zip');
  const proofPages = values['proof-pages'] === undefined ? Infinity : Number(values['proof-pages']);
  /** @type {{ pages: number, loads: number, seconds: number, msPerLoad: number } | null} */
  let proof = null;
  /** The real check, on the first `proofPages` pages of the bundle when asked to check only some. */
  const egressCheck = async (
    /** @type {object} */ run,
    /** @type {{ files: string[] }} */ bundle,
    /** @type {number} */ total,
  ) => {
    let html = 0;
    const files = bundle.files.filter((/** @type {string} */ file) => !/\.html?$/i.test(file) || html++ < proofPages);
    const proofStart = Date.now();
    const result = await runEgressCheck(run, { ...bundle, files }, total);
    const seconds = (Date.now() - proofStart) / 1000;
    const loads = result.pagesChecked * result.modes.length;
    proof = { pages: result.pagesChecked, loads, seconds, msPerLoad: Math.round((seconds * 1000) / loads) };
    return result;
  };
  const started = Date.now();
  const result = await runExport({
    deps: rt,
    ...state,
    workDir,
    outFile,
    // Only the egress check opens pages: every page is captured already.
    backend: playwrightRenderBackend(),
    egressCheck,
    signer: projectSigner(rt, state.projectId),
    createdAt: new Date().toISOString(),
    concurrency: 2,
    signal: new AbortController().signal,
    onProgress: (/** @type {{ phase: string }} */ p) => {
      if (p.phase === phase) return;
      phases.push(`${phase} ${((Date.now() - phaseStart) / 1000).toFixed(1)} s (peak ${mb(peak)} MB)`);
      phase = p.phase;
      phaseStart = Date.now();
    },
  }).catch((/** @type {Error} */ error) => {
    console.log(JSON.stringify({ dist: values.dist, pages, failed: error.message, peakRssMB: mb(peak), phases }));
    process.exit(1);
  });
  phases.push(`${phase} ${((Date.now() - phaseStart) / 1000).toFixed(1)} s (peak ${mb(peak)} MB)`);
  const exportPeak = peak;
  const exportMs = Date.now() - started;
  const verifyStart = Date.now();
  const report = await verifyBundle(outFile);
  clearInterval(sampler);
  console.log(
    JSON.stringify({
      dist: values.dist,
      pages: result.pageCount,
      bundleMB: mb(result.sizeBytes),
      baseRssMB: mb(base),
      exportPeakRssMB: mb(exportPeak),
      exportSeconds: Math.round(exportMs / 100) / 10,
      verifyPeakRssMB: mb(peak),
      verifySeconds: Math.round((Date.now() - verifyStart) / 100) / 10,
      verifyOk: report.ok,
      proof,
      problems: report.problems.slice(0, 3),
      phases,
      peakParts,
    }),
  );
  rt.close();
  rmSync(workDir, { recursive: true, force: true });
}

if (!existsSync(dist)) throw new Error(`No compiled Offprint at ${dist}`);
// As the `offprint` CLI and the desktop app run, unless V8's own heap growth is asked for to compare.
if (!values['v8-default-growth']) (await load('server/heapGrowth.js')).limitHeapGrowth();
if (positionals[0] === 'prepare') await prepare();
else if (positionals[0] === 'run') await run();
else throw new Error('usage: exportMemory.js prepare|run --pages N [--dist DIR]');
