/**
 * `bench/pageload --egress-check`: the export's own egress check (dist's `proveZeroEgress`, the same
 * probe, workers, target reuse and both modes: file:// and a throwaway static server) over the picked
 * pages of a bundle, with what it costs per load: wall time and each kind of Chromium process's CPU time
 * (renderers the check replaced included), the node side's CPU, and the peak RSS of one process of each
 * kind. A figure to compare bundles with (a real export's against the scale bench's stand-in) and to tell
 * where a load's time goes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ProcessWatch, printProcesses } from './processes.js';

/**
 * Runs the check over `pages` (bundle-relative files) of the bundle in `dir` with `concurrency` workers
 * (each taking a fresh target every `pagesPerTarget` loads; undefined: the export's default) and prints
 * its figures. `dist` imports a module of the build.
 */
export async function benchEgressCheck({ dir, pages, concurrency, pagesPerTarget, dist }) {
  const { proveZeroEgress } = await dist('server/export/egress/prove.js');
  const { playwrightRenderBackend } = await dist('server/render/playwrightBackend.js');
  const { silentLogger } = await dist('server/logger.js');
  const { listBundleFiles } = await dist('server/export/bundleFiles.js');
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  const picked = new Set(pages);
  // The other pages are left out of the file list: the check opens every `.html` file it is given.
  const files = listBundleFiles(dir).filter((file) => !/\.html?$/i.test(file) || picked.has(file));
  const watch = new ProcessWatch();
  let started = 0;
  /** When the loads of the first mode were done: the check opens every page from disk, then over HTTP. */
  let firstHalf = 0;
  let cpuAtStart = process.cpuUsage();
  const proof = await proveZeroEgress({
    bundleDir: dir,
    files,
    redirects: [],
    features: manifest.features,
    allowEgress: true,
    time: new Date().toISOString(),
    backend: playwrightRenderBackend(),
    concurrency,
    ...(pagesPerTarget === undefined ? {} : { pagesPerTarget }),
    signal: new globalThis.AbortController().signal,
    logger: silentLogger(),
    // Counted from the check's first load: the browser's start and the static server's are left out.
    onStart: () => {
      watch.start();
      cpuAtStart = process.cpuUsage();
      started = performance.now();
    },
    onPage: (_file, done) => {
      if (done === picked.size) firstHalf = performance.now();
    },
  });
  const wall = performance.now() - started;
  watch.stop();
  const node = process.cpuUsage(cpuAtStart);
  const loads = proof.pagesChecked * proof.modes.length;
  console.log(
    `bench/pageload --egress-check: ${proof.pagesChecked} pages of ${dir}, modes ${proof.modes.join('+')}, ` +
      `${concurrency} worker(s)${pagesPerTarget === undefined ? '' : `, a fresh target every ${pagesPerTarget} loads`}`,
  );
  console.log(
    `  ${loads} loads in ${(wall / 1000).toFixed(1)} s: ${((loads / wall) * 1000).toFixed(2)} loads/s, ` +
      `${(wall / loads).toFixed(0)} ms per load; ${proof.blocked} requests blocked`,
  );
  if (proof.modes.length === 2 && firstHalf > 0) {
    const halves = [firstHalf - started, started + wall - firstHalf];
    const rates = halves.map((ms, i) => `${proof.modes[i]} ${((picked.size / ms) * 1000).toFixed(2)} loads/s`);
    console.log(`  by mode (the other's last loads overlap each switch): ${rates.join(', ')}`);
  }
  printProcesses(watch, loads);
  console.log(
    `  CPU offprint (node)   ${((node.user + node.system) / 1000 / loads).toFixed(0).padStart(5)} ms per load`,
  );
}
