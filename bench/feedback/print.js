/** Prints a benchmark result as the tables the README describes. */
import { describeCalibration } from './calibrate.js';
import { concurrentTable, mib, scenarioTable, table, walkTable } from './report.js';

/**
 * @param {number} value
 * @param {number} digits
 */
const fixed = (value, digits) => Number(value.toFixed(digits));

/**
 * @typedef {import('./seed.js').ImportRun} ImportRun
 * @typedef {Awaited<ReturnType<typeof import('./calibrate.js').calibrate>>} Calibration
 * @typedef {{
 *   machine: { loadStart: number[], loadEnd: number[], calibration: { before: Calibration, after: Calibration } },
 *   options: { rounds: number },
 *   seed: import('./seed.js').SeedInfo & { reused: boolean },
 *   database: { db: number, wal: number },
 *   walks: import('./report.js').WalkResult[],
 *   sequential: import('./report.js').ScenarioResult[],
 *   sequentialCpuMsPerRequest: number,
 *   concurrent: import('./report.js').ConcurrentResult[],
 *   byPage: { filter: string, n: number, p50: number, max: number }[],
 *   serverMemory: { snapshots: { phase: string, rssKb: number, hwmKb: number, load1: number }[], sampledMaxRssKb: number },
 *   goals: { goal: string, measured: string, verdict: string }[],
 * }} Result
 */

/**
 * @param {Result} r
 * @param {(line: string) => void} log
 */
export function printReport(r, log) {
  const { seed } = r;
  /** @type {ImportRun[]} */
  const imports = [seed.importRun, ...(seed.scaling === undefined ? [] : [seed.scaling])];
  const entries = /** @type {{ imported: number }} */ (seed.importRun.result).imported;
  log('');
  log(
    `== Import: offprint feedback import (${seed.reused ? `measured when seeded, ${seed.seededAt}` : 'this run'}) ==`,
  );
  log(
    table(
      ['lines', 'file MiB', 'wall s', 'lines/s', 'peak RSS MiB', 'user s', 'sys s'],
      imports.map((i) => [
        i.lines,
        fixed(i.bytes / 2 ** 20, 1),
        fixed(i.wallMs / 1000, 1),
        Math.round(i.lines / (i.wallMs / 1000)),
        mib(i.peakRssKb),
        i.userS ?? '-',
        i.sysS ?? '-',
      ]),
    ),
  );
  const db = r.database;
  log(
    `database: ${(db.db / 2 ** 20).toFixed(1)} MiB + WAL ${(db.wal / 2 ** 20).toFixed(1)} MiB ` +
      `(${Math.round(db.db / entries)} B/entry)`,
  );
  log('');
  log('== Walks, one keep-alive client (client time includes JSON.parse and the order/filter checks) ==');
  log(walkTable(r.walks));
  log('');
  log(`== Pages, one sequential keep-alive client (${r.options.rounds} requests per scenario, interleaved) ==`);
  log(scenarioTable(r.sequential));
  log(`server CPU per request over all of these: ${r.sequentialCpuMsPerRequest.toFixed(2)} ms`);
  log('');
  log('== Concurrent keep-alive clients (one client process; it shares the 2 cores with the server) ==');
  log(concurrentTable(r.concurrent));
  log('');
  log('== by-page aggregates (informational; no goal) ==');
  log(
    table(
      ['filter', 'n', 'p50 ms', 'max ms'],
      r.byPage.map((b) => [b.filter, b.n, fixed(b.p50, 1), fixed(b.max, 1)]),
    ),
  );
  log('');
  log('== Server memory (/proc/<pid>/status) ==');
  log(
    table(
      ['phase', 'VmRSS MiB', 'VmHWM MiB', 'load avg 1m'],
      r.serverMemory.snapshots.map((m) => [m.phase, mib(m.rssKb), mib(m.hwmKb), m.load1]),
    ),
  );
  log(`max VmRSS sampled every 250 ms: ${mib(r.serverMemory.sampledMaxRssKb)} MiB`);
  log('');
  log('== Goals ==');
  log(
    table(
      ['goal', 'measured', 'verdict'],
      r.goals.map((g) => [g.goal, g.measured, g.verdict]),
    ),
  );
  const load = (/** @type {number[]} */ l) => l.map((x) => x.toFixed(2)).join(' ');
  log(
    `load average: ${load(r.machine.loadStart)} at start, ${load(r.machine.loadEnd)} at end ` +
      '(2 cores: anything else running skews every number above)',
  );
  log(`machine speed before: ${describeCalibration(r.machine.calibration.before)}`);
  log(`machine speed after:  ${describeCalibration(r.machine.calibration.after)}`);
}
