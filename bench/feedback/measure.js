/**
 * The measurements against a running server: warm-up, full walks, the page scenarios with one client and
 * with N clients, by-page aggregates, and the server's memory and CPU along the way.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval } from 'node:timers';
import { URLSearchParams } from 'node:url';
import { createClient, summarize } from './client.js';
import { collectGarbage, runConcurrent, runSequential } from './load.js';
import { cpuMsOf, memoryOf } from './proc.js';
import { buildScenarios, FILTERS, pagePath, walk } from './scenarios.js';

/** Page sizes measured. */
export const LIMITS = [50, 100];

/**
 * @typedef {{ url: string, pid: number }} Server
 * @typedef {{ phase: string, rssKb: number, hwmKb: number, load1: number }} MemorySnapshot
 */

/**
 * @param {{ server: Server, key: string, projectId: string, expectedEntries: number, rounds: number,
 *   concurrency: number, concurrentSeconds: number, log: (line: string) => void }} o
 */
export async function measureApi(o) {
  const { server, projectId, log } = o;
  /** @type {MemorySnapshot[]} */
  const memory = [];
  const snapshot = (/** @type {string} */ phase) => {
    const mem = memoryOf(server.pid);
    if (mem !== undefined) memory.push({ phase, ...mem, load1: Number((loadavg()[0] ?? 0).toFixed(2)) });
  };
  const serverCpu = () => cpuMsOf(server.pid) ?? Number.NaN;
  snapshot('after start');
  let sampledMaxRssKb = 0;
  const sampler = setInterval(() => {
    sampledMaxRssKb = Math.max(sampledMaxRssKb, memoryOf(server.pid)?.rssKb ?? 0);
  }, 250);
  const seq = createClient(server.url, o.key, 1);
  const pool = createClient(server.url, o.key, o.concurrency);
  try {
    // Warm-up: JIT, statement cache and the index pages of every filter shape.
    const warmEnd = performance.now() + 3000;
    for (let i = 0; performance.now() < warmEnd; i++) {
      const filter = /** @type {(typeof FILTERS)[number]} */ (FILTERS[i % FILTERS.length]);
      await seq.getJson(pagePath(projectId, filter, LIMITS[i % LIMITS.length] ?? 50, undefined));
    }
    snapshot('after warm-up');

    /** @type {import('./report.js').WalkResult[]} */
    const walks = [];
    /** @type {Map<string, string[]>} */
    const cursorsByFilter = new Map();
    const measuredWalk = async (/** @type {(typeof FILTERS)[number]} */ filter, /** @type {string} */ pass) => {
      collectGarbage();
      const cpu0 = serverCpu();
      const w = await walk(seq, projectId, filter, 100);
      const cpuMs = serverCpu() - cpu0;
      const { p50, p99 } = summarize(w.pageMs);
      const { entries, pages, ms, bytes, limit } = w;
      walks.push({
        pass,
        filter: filter.name,
        limit,
        entries,
        pages,
        ms,
        bytes,
        pageP50: p50,
        pageP99: p99,
        serverCpuMsPerPage: cpuMs / pages,
      });
      cursorsByFilter.set(filter.name, w.cursors);
      return w;
    };
    log('Walking every entry (L100), twice ...');
    const none = /** @type {(typeof FILTERS)[number]} */ (FILTERS[0]);
    for (const pass of ['pass 1', 'pass 2']) {
      const w = await measuredWalk(none, pass);
      if (w.entries !== o.expectedEntries) {
        throw new Error(`walk saw ${w.entries} entries, the import stored ${o.expectedEntries}`);
      }
      log(`  ${pass}: ${(w.ms / 1000).toFixed(2)} s`);
    }
    snapshot('after full walks');
    log('Walking each filter (L100) to collect deep cursors ...');
    for (const filter of FILTERS.slice(1)) await measuredWalk(filter, 'cursors');

    const scenarios = buildScenarios(projectId, cursorsByFilter, LIMITS);
    log(`Sequential client: ${scenarios.length} scenarios x ${o.rounds} rounds, interleaved ...`);
    const seqCpu0 = serverCpu();
    const sequential = await runSequential(seq, scenarios, o.rounds);
    const sequentialCpuMsPerRequest = (serverCpu() - seqCpu0) / (scenarios.length * o.rounds);
    snapshot('after sequential');

    log(`${o.concurrency} concurrent clients, ${o.concurrentSeconds} s per scenario ...`);
    const pick = (/** @type {string} */ id) => scenarios.find((s) => s.id === id)?.paths ?? [];
    /** @type {[string, string[]][]} */
    const concurrentSets = [
      ['none / first / L50', pick('none / first / L50')],
      ['none / random / L50', pick('none / random / L50')],
      ['none / random / L100', pick('none / random / L100')],
      ['src+st+30d / random / L50', pick('src+st+30d / random / L50')],
      ['all scenarios mixed', scenarios.flatMap((s) => s.paths.slice(0, 16))],
    ];
    const concurrent = [];
    for (const [name, paths] of concurrentSets) {
      const options = { concurrency: o.concurrency, seconds: o.concurrentSeconds, warmupS: 1 };
      const cpu0 = serverCpu();
      const run = await runConcurrent(pool, name, paths, options);
      concurrent.push({ ...run, serverCpuMsPerRequest: (serverCpu() - cpu0) / run.total });
    }
    snapshot('after concurrent');

    log('by-page aggregates (informational, no goal) ...');
    const byPage = [];
    for (const filter of [FILTERS[0], FILTERS[3]]) {
      if (filter === undefined) continue;
      const query = new URLSearchParams(filter.query).toString();
      /** @type {number[]} */
      const times = [];
      for (let i = 0; i < 3; i++) {
        times.push((await seq.getJson(`/v1/analytics/${projectId}/feedback/by-page?${query}`)).ms);
      }
      byPage.push({ filter: filter.name, ...summarize(times) });
    }
    snapshot('at end');
    return { walks, sequential, sequentialCpuMsPerRequest, concurrent, byPage, memory, sampledMaxRssKb };
  } finally {
    clearInterval(sampler);
    seq.close();
    pool.close();
  }
}
