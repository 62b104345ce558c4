#!/usr/bin/env node
/**
 * `bench/export`: static export of a docs project (default: the novu fixture) with the real pipeline
 * (`runExport`, playwright-core backend, Debian's Chromium), at several concurrencies, against the ceiling
 * of a plain Chromium page-load loop over the same pages served by the same kind of site server. Also
 * times the bundle step against `zip -r` of the same tree. Prints tables; never fails on a missed goal.
 *
 * Usage: node bench/export/run.js [--fixture DIR] [--concurrency 1,2,4] [--pages N]
 * Needs `npm run build` first (it imports dist/).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL, URL } from 'node:url';
import { setInterval, clearInterval } from 'node:timers';
import { parseArgs } from 'node:util';
import { descendants } from '../scale/proc.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dist = (/** @type {string} */ path) => import(pathToFileURL(join(REPO_ROOT, 'dist', path)).href);
const { openRuntime } = await dist('server/runtime.js');
const { silentLogger } = await dist('server/logger.js');
const { defaultOrganizationId } = await dist('server/domain/organizations.js');
const { createProjectWithSite, getCurrentSite } = await dist('server/domain/sites.js');
const { runExport } = await dist('server/export/run.js');
const { resolveExportFeatures } = await dist('server/exportSpec/features.js');
const { listExportPages } = await dist('server/exportSpec/pages.js');
const { projectSigner } = await dist('server/export/signer.js');
const { startExportSite } = await dist('server/export/siteServer.js');
const { playwrightRenderBackend } = await dist('server/render/playwrightBackend.js');
const { launchChromium } = await dist('server/render/chromium.js');
const { writeDeterministicZip } = await dist('server/export/zip.js');

const { values: opts } = parseArgs({
  options: {
    fixture: { type: 'string', default: resolve(REPO_ROOT, '../shared/fixtures/novu-docs') },
    concurrency: { type: 'string', default: '1,2,4' },
    pages: { type: 'string' },
  },
});
const levels = opts.concurrency.split(',').map(Number);
const log = (/** @type {string} */ line) => console.log(line);

/** Proportional set size (shared pages split among their users) of one process, in bytes; 0 if it is gone. */
function pssOf(pid) {
  try {
    const match = /^Pss:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Memory of every process below `pid` (Chromium's browser, renderers, GPU and utility processes): summed
 * RSS, which counts shared pages once per process, and summed PSS, the honest total.
 */
function descendantsMemory(pid) {
  const total = { rss: 0, pss: 0 };
  for (const { pid: below, fields } of descendants(pid)) {
    total.rss += Number(fields[21]) * 4096;
    total.pss += pssOf(below);
  }
  return total;
}

/** Samples this process's RSS and its children's RSS and PSS every 250 ms; `stop()` returns the peaks. */
function sampleMemory() {
  let node = 0;
  let chromium = 0;
  let chromiumPss = 0;
  const tick = () => {
    node = Math.max(node, process.memoryUsage().rss);
    const tree = descendantsMemory(process.pid);
    chromium = Math.max(chromium, tree.rss);
    chromiumPss = Math.max(chromiumPss, tree.pss);
  };
  tick();
  const timer = setInterval(tick, 250);
  return {
    stop: () => {
      clearInterval(timer);
      tick();
      return { node, chromium, chromiumPss };
    },
  };
}

const mib = (bytes) => `${(bytes / 1048576).toFixed(0)} MiB`;

/** The ceiling: load every page in plain Chromium, `concurrency` tabs at once, until the load event. */
async function plainLoop(origin, pages, concurrency) {
  const browser = await launchChromium();
  const memory = sampleMemory();
  const started = performance.now();
  const queue = [...pages];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        await page.goto(`${origin}${path}`, { waitUntil: 'load' });
      }
      await context.close();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const peaks = memory.stop();
  await browser.close();
  return { seconds, pagesPerSecond: pages.length / seconds, ...peaks };
}

async function main() {
  const root = mkdtempSync(join(tmpdir(), 'offprint-bench-export-'));
  const runtime = openRuntime(join(root, 'data'), silentLogger());
  const deps = { ...runtime, dataDir: runtime.dataDir };
  try {
    log(`bench/export: ${opts.fixture}; ${cpus().length} cores; node ${process.version}`);
    let started = performance.now();
    const { project, imported } = createProjectWithSite(
      deps,
      { orgId: defaultOrganizationId(deps), name: 'Bench', domain: 'bench.example.com' },
      opts.fixture,
    );
    log(`import: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const site = getCurrentSite(deps, project.id);
    const all = listExportPages(site.model, null).pages;
    const paths = opts.pages === undefined ? null : all.slice(0, Number(opts.pages));
    const pages = paths ?? all;
    const options = {
      deployment: 'air-gapped',
      features: resolveExportFeatures('air-gapped', undefined, { collectorUrl: null }),
      versionLabel: null,
      paths,
    };
    log(`pages: ${pages.length}`);

    const rows = [];
    for (const concurrency of levels) {
      // Ceiling: the same pages, same export-profile site server, plain page loads.
      const exportSite = await startExportSite(deps, project.id, imported.buildId, options);
      const ceiling = await plainLoop(exportSite.origin, pages, concurrency);
      await exportSite.close();

      const workDir = join(root, `work-${concurrency}`);
      mkdirSync(workDir, { recursive: true });
      const memory = sampleMemory();
      let assemblingAt = 0;
      started = performance.now();
      const result = await runExport({
        deps,
        projectId: project.id,
        buildId: imported.buildId,
        options,
        signer: projectSigner(deps, project.id),
        workDir,
        outFile: join(root, `bundle-${concurrency}.zip`),
        backend: playwrightRenderBackend(),
        concurrency,
        signal: new globalThis.AbortController().signal,
        onProgress: (progress) => {
          if (progress.phase === 'assembling' && assemblingAt === 0) assemblingAt = performance.now();
        },
      });
      const ended = performance.now();
      const peaks = memory.stop();
      const renderSeconds = (assemblingAt - started) / 1000;
      rows.push({
        concurrency,
        exportPps: result.pageCount / renderSeconds,
        totalSeconds: (ended - started) / 1000,
        bundleSeconds: (ended - assemblingAt) / 1000,
        ceilingPps: ceiling.pagesPerSecond,
        node: peaks.node,
        chromium: peaks.chromium,
        chromiumPss: peaks.chromiumPss,
        ceilingChromium: ceiling.chromium,
        ceilingChromiumPss: ceiling.chromiumPss,
        sizeBytes: result.sizeBytes,
        sha256: result.sha256,
      });
    }

    log(
      '\n| concurrency | export pages/s | plain loop pages/s | ratio (goal >= 70%) | total s | peak Node RSS | peak Chromium PSS (export / plain) | peak Chromium summed RSS (export / plain) |',
    );
    log('|---|---|---|---|---|---|---|---|');
    for (const r of rows) {
      const ratio = r.exportPps / r.ceilingPps;
      log(
        `| ${r.concurrency} | ${r.exportPps.toFixed(2)} | ${r.ceilingPps.toFixed(2)} | ${(ratio * 100).toFixed(0)}% ${ratio >= 0.7 ? 'PASS' : 'MISS'} | ${r.totalSeconds.toFixed(1)} | ${mib(r.node)} | ${mib(r.chromiumPss)} / ${mib(r.ceilingChromiumPss)} | ${mib(r.chromium)} / ${mib(r.ceilingChromium)} |`,
      );
    }
    const same = rows.every((r) => r.sha256 === rows[0].sha256);
    log(`\nbundle sha256 identical across concurrencies: ${same ? 'yes' : 'NO'} (${rows[0].sha256})`);

    // The zip step against `zip -r` of the same tree: unzip the bundle, then archive that folder both ways.
    const last = rows[rows.length - 1];
    const tree = join(root, 'tree');
    mkdirSync(tree);
    execFileSync('unzip', ['-q', join(root, `bundle-${last.concurrency}.zip`), '-d', tree]);
    const files = execFileSync('find', ['.', '-type', 'f'], { cwd: tree, encoding: 'utf8' })
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => line.slice(2));
    started = performance.now();
    const ours = await writeDeterministicZip(tree, files, join(root, 'ours.zip'));
    const oursSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    execFileSync('zip', ['-r', '-q', '-X', join(root, 'zip-r.zip'), '.'], { cwd: tree });
    const zipSeconds = (performance.now() - started) / 1000;
    log(
      `bundle step (assemble + manifest + zip) in the run: ${last.bundleSeconds.toFixed(2)} s. ` +
        `Zip of the same tree (${files.length} files): ours ${oursSeconds.toFixed(2)} s (${mib(ours.sizeBytes)}), ` +
        `zip -r ${zipSeconds.toFixed(2)} s (${mib(statSync(join(root, 'zip-r.zip')).size)})`,
    );
  } finally {
    runtime.close();
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
