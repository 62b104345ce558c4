#!/usr/bin/env node
/**
 * `bench/feedback`: seeds 1,000,000 feedback entries through the real CLI import, serves them with the real
 * `offprint serve`, and measures the feedback API over HTTP (page latency at every depth with and without
 * filters, one and N clients, a full walk of every entry, server RSS). Prints tables and PASS/MISS per
 * goal, writes JSON under bench/.data/feedback/. It reports; it never fails on a missed goal.
 *
 * Usage: node --expose-gc bench/feedback/run.js [--reseed] [--entries N] [--rounds N] [--concurrency N]
 *        [--concurrent-seconds S] [--scaling-entries N] [--cpu-prof] [--cli PATH]
 * Needs `npm run build` first (it runs dist/server/cli/main.js).
 */
import { Buffer } from 'node:buffer';
import { closeSync, existsSync, mkdirSync, openSync, readSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { calibrate, describeCalibration } from './calibrate.js';
import { LIMITS, measureApi } from './measure.js';
import { printReport } from './print.js';
import { CLI_BIN, cli, REPO_ROOT, startServer, useCli } from './proc.js';
import { goalVerdicts } from './report.js';
import { databaseBytes, ensureSeeded } from './seed.js';

const { values: opts } = parseArgs({
  options: {
    reseed: { type: 'boolean', default: false },
    entries: { type: 'string', default: '1000000' },
    rounds: { type: 'string', default: '300' },
    concurrency: { type: 'string', default: '10' },
    'concurrent-seconds': { type: 'string', default: '5' },
    'scaling-entries': { type: 'string', default: '100000' },
    'cpu-prof': { type: 'boolean', default: false },
    cli: { type: 'string' },
  },
});
const entries = Number(opts.entries);
const rounds = Number(opts.rounds);
const concurrency = Number(opts.concurrency);
const concurrentSeconds = Number(opts['concurrent-seconds']);
const BENCH_DIR = join(REPO_ROOT, 'bench/.data/feedback');
const log = (/** @type {string} */ line) => console.log(line);

/**
 * Reads the database once so measurements start from the page cache: this machine pages out files idle
 * for about a minute (perf-baselines section 0).
 * @param {string} dataDir
 */
function preRead(dataDir) {
  const started = performance.now();
  const buffer = Buffer.allocUnsafe(8 << 20);
  let bytes = 0;
  for (const name of ['offprint.db', 'offprint.db-wal']) {
    const file = join(dataDir, name);
    if (!existsSync(file)) continue;
    const fd = openSync(file, 'r');
    try {
      for (let n; (n = readSync(fd, buffer, 0, buffer.length, null)) > 0;) bytes += n;
    } finally {
      closeSync(fd);
    }
  }
  return { bytes, ms: performance.now() - started };
}

async function main() {
  const cliBin = opts.cli === undefined ? CLI_BIN : resolve(opts.cli);
  if (!existsSync(cliBin)) {
    console.error(`${cliBin} is missing: run "npm run build" first.`);
    return 1;
  }
  useCli(cliBin);
  log(`offprint: ${cliBin}`);
  const startedAt = new Date();
  const loadStart = loadavg();
  log(`bench/feedback: ${entries.toLocaleString('en-US')} entries, node ${process.version}, ${cpus().length} CPUs`);
  log(`load average at start: ${loadStart.map((l) => l.toFixed(2)).join(' ')}`);
  mkdirSync(BENCH_DIR, { recursive: true });

  const seeded = await ensureSeeded({
    benchDir: BENCH_DIR,
    entries,
    reseed: opts.reseed,
    scalingEntries: Number(opts['scaling-entries']),
    log,
  });
  const { dataDir, info } = seeded;
  const read = preRead(dataDir);
  log(`pre-read ${(read.bytes / 2 ** 20).toFixed(0)} MiB of database in ${(read.ms / 1000).toFixed(2)} s`);

  const calibrationBefore = await calibrate(dataDir, info.projectId);
  log(`machine speed before: ${describeCalibration(calibrationBefore)}`);

  const created = JSON.parse(await cli(['keys', 'create', '--data-dir', dataDir, '--name', 'bench', '--json']));
  const profDir = join(BENCH_DIR, 'cpu-prof');
  const server = await startServer(dataDir, {
    nodeArgs: opts['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', profDir] : [],
  });
  log(`server pid ${server.pid} at ${server.url}`);
  let measured;
  try {
    measured = await measureApi({
      server,
      key: /** @type {string} */ (created.key),
      projectId: info.projectId,
      expectedEntries: /** @type {{ imported: number }} */ (info.importRun.result).imported,
      rounds,
      concurrency,
      concurrentSeconds,
      log,
    });
  } finally {
    const code = await server.stop();
    if (code !== 0) console.error(`server exited with ${code}: ${server.stderrTail().slice(-2000)}`);
  }
  if (opts['cpu-prof']) log(`server CPU profile in ${profDir}`);
  const calibrationAfter = await calibrate(dataDir, info.projectId);

  const goals = goalVerdicts({
    scenarios: measured.sequential,
    concurrent: measured.concurrent,
    fullWalks: measured.walks.filter((w) => w.pass !== 'cursors'),
    serverPeakKb: Math.max(...measured.memory.map((m) => m.hwmKb)),
    importPeakKb: info.importRun.peakRssKb,
    scalingPeakKb: info.scaling?.peakRssKb,
    entries,
    scalingEntries: info.scaling?.lines,
  });
  const result = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: {
      node: process.version,
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model,
      loadStart,
      loadEnd: loadavg(),
      calibration: { before: calibrationBefore, after: calibrationAfter },
    },
    options: { entries, rounds, concurrency, concurrentSeconds, limits: LIMITS, cli: cliBin },
    seed: { ...info, reused: seeded.reused },
    database: databaseBytes(dataDir),
    preRead: read,
    walks: measured.walks,
    sequential: measured.sequential,
    sequentialCpuMsPerRequest: measured.sequentialCpuMsPerRequest,
    concurrent: measured.concurrent,
    byPage: measured.byPage,
    serverMemory: { snapshots: measured.memory, sampledMaxRssKb: measured.sampledMaxRssKb },
    goals,
  };
  printReport(result, log);
  const file = join(BENCH_DIR, `result-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  const json = `${JSON.stringify(result, null, 2)}\n`;
  writeFileSync(file, json);
  writeFileSync(join(BENCH_DIR, 'latest.json'), json);
  log(`results written to ${file} (and latest.json)`);
  return 0;
}

process.exitCode = await main();
