/**
 * `bench/pageload --egress-check`: the export's own egress check (dist's `proveZeroEgress`, the same
 * probe, workers, target reuse and both modes: file:// and a throwaway static server) over the picked
 * pages of a bundle, with what it costs per load: wall time and each kind of Chromium process's CPU time
 * (renderers the check replaced included), the node side's CPU, and the peak RSS of one process of each
 * kind. A figure to compare bundles with (a real export's against the scale bench's stand-in) and to tell
 * where a load's time goes: also the time the check waited on each kind of CDP command per load (the
 * backend's targets are wrapped, so this is what the check's workers see, round trip included).
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
  const commands = new CommandTimes();
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
    backend: commands.wrap(playwrightRenderBackend()),
    concurrency,
    ...(pagesPerTarget === undefined ? {} : { pagesPerTarget }),
    signal: new globalThis.AbortController().signal,
    logger: silentLogger(),
    // Counted from the check's first load: the browser's start and the static server's are left out.
    onStart: () => {
      commands.reset();
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
  commands.print(loads);
  console.log(
    `  CPU offprint (node)   ${((node.user + node.system) / 1000 / loads).toFixed(0).padStart(5)} ms per load`,
  );
}

/**
 * Wall time of the CDP commands the check sends, by method (a navigation to the page apart from the one
 * to about:blank that ends each load; the Fetch domain's answers to paused requests together).
 */
class CommandTimes {
  /** @type {Map<string, { count: number, ms: number }>} */
  #byKind = new Map();

  reset() {
    this.#byKind.clear();
  }

  /** The backend factory `real`, its targets timing each command they send. */
  wrap(real) {
    return async () => {
      const backend = await real();
      return {
        name: backend.name,
        isConnected: () => backend.isConnected(),
        close: () => backend.close(),
        newTarget: async () => {
          const target = await backend.newTarget();
          const send = target.send.bind(target);
          target.send = async (method, params) => {
            const started = performance.now();
            try {
              return await send(method, params);
            } finally {
              this.#add(CommandTimes.kindOf(method, params), performance.now() - started);
            }
          };
          return target;
        },
      };
    };
  }

  static kindOf(method, params) {
    if (method === 'Page.navigate') return params?.url === 'about:blank' ? 'Page.navigate (about:blank)' : method;
    return method.startsWith('Fetch.') && method !== 'Fetch.enable' ? 'Fetch (answers to paused requests)' : method;
  }

  #add(kind, ms) {
    const entry = this.#byKind.get(kind) ?? { count: 0, ms: 0 };
    entry.count += 1;
    entry.ms += ms;
    this.#byKind.set(kind, entry);
  }

  /** Per load: each kind's calls and wall time, largest first (kinds under 1 ms per load left out). */
  print(loads) {
    console.log('  CDP commands, wall time per load (calls per load):');
    const kinds = [...this.#byKind].sort((a, b) => b[1].ms - a[1].ms);
    for (const [kind, { count, ms }] of kinds) {
      if (ms / loads < 1) continue;
      console.log(`    ${kind.padEnd(36)} ${(ms / loads).toFixed(0).padStart(5)} ms   (${(count / loads).toFixed(1)})`);
    }
  }
}
