/**
 * The seeded data dir: a generated NDJSON file imported through the real `offprint feedback import`, with
 * its wall time and peak RSS recorded. A smaller import of the same data into a scratch dir shows whether
 * the importer's memory grows with the file (it must not: imports are streamed).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateNdjson } from './generate.js';
import { cli, runMeasured } from './proc.js';

/** Bump when the generator changes, so an old seeded data dir is not reused by mistake. */
const DATA_VERSION = 1;
const SEED = 20261122;

/**
 * @typedef {{ lines: number, bytes: number, wallMs: number, peakRssKb: number, sampledPeakKb: number,
 *   userS?: number, sysS?: number, rssSamples: { tMs: number, rssKb: number }[], result: unknown }} ImportRun
 * @typedef {{ version: number, entries: number, seed: number, projectId: string, seededAt: string,
 *   generate: { lines: number, bytes: number, ms: number }, importRun: ImportRun,
 *   scaling?: ImportRun, dbBytes: { db: number, wal: number } }} SeedInfo
 */

/**
 * The default project of a data dir (created by the first CLI command that opens it).
 * @param {string} dataDir
 */
export async function defaultProjectId(dataDir) {
  const { projects } = JSON.parse(await cli(['projects', 'list', '--data-dir', dataDir, '--json']));
  const first = projects[0];
  if (first === undefined) throw new Error(`no project in ${dataDir}`);
  return /** @type {string} */ (first.projectId);
}

/**
 * Sizes of the database file and its WAL, in bytes.
 * @param {string} dataDir
 */
export function databaseBytes(dataDir) {
  const size = (/** @type {string} */ name) => {
    const file = join(dataDir, name);
    return existsSync(file) ? statSync(file).size : 0;
  };
  return { db: size('offprint.db'), wal: size('offprint.db-wal') };
}

/**
 * Imports `file` into a fresh data dir through the CLI, measured.
 * @param {string} dataDir must not exist yet
 * @param {string} file
 * @param {{ lines: number, bytes: number }} generated
 * @returns {Promise<{ projectId: string, run: ImportRun }>}
 */
async function measuredImport(dataDir, file, generated) {
  mkdirSync(dataDir, { recursive: true });
  const projectId = await defaultProjectId(dataDir);
  const res = await runMeasured(['feedback', 'import', '--data-dir', dataDir, '--project', projectId, '--json', file]);
  if (res.code !== 0) throw new Error(`import failed (${res.code}): ${res.stderr.slice(0, 2000)}`);
  const sampledPeakKb = res.samples.reduce((max, s) => Math.max(max, s.rssKb), 0);
  // Keep the RSS curve short in the result file: about 60 points.
  const step = Math.max(1, Math.ceil(res.samples.length / 60));
  return {
    projectId,
    run: {
      lines: generated.lines,
      bytes: generated.bytes,
      wallMs: Math.round(res.wallMs),
      peakRssKb: res.peakRssKb,
      sampledPeakKb,
      ...(res.time === undefined ? {} : { userS: res.time.userS, sysS: res.time.sysS }),
      rssSamples: res.samples.filter((_, i) => i % step === 0),
      result: JSON.parse(res.stdout),
    },
  };
}

/**
 * Returns the seeded data dir's description, seeding it first when it is missing, stale or `reseed`.
 * @param {{ benchDir: string, entries: number, reseed: boolean, scalingEntries: number,
 *   log: (line: string) => void }} options
 * @returns {Promise<{ dataDir: string, info: SeedInfo, reused: boolean }>}
 */
export async function ensureSeeded(options) {
  const { benchDir, entries, log } = options;
  const dataDir = join(benchDir, `data-${entries}`);
  const infoFile = join(benchDir, `seed-${entries}.json`);
  if (!options.reseed && existsSync(infoFile) && existsSync(join(dataDir, 'offprint.db'))) {
    const info = /** @type {SeedInfo} */ (JSON.parse(readFileSync(infoFile, 'utf8')));
    if (info.version === DATA_VERSION && info.entries === entries) {
      log(`Reusing the seeded data dir ${dataDir} (seeded ${info.seededAt}; --reseed to redo)`);
      return { dataDir, info, reused: true };
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(infoFile, { force: true });
  mkdirSync(benchDir, { recursive: true });

  const file = join(benchDir, `feedback-${entries}.ndjson`);
  log(`Generating ${entries.toLocaleString('en-US')} entries into ${file} ...`);
  const generate = generateNdjson(file, entries, SEED);
  log(`  ${(generate.bytes / 2 ** 20).toFixed(1)} MiB in ${(generate.ms / 1000).toFixed(1)} s`);

  log(`Importing through "offprint feedback import" into ${dataDir} ...`);
  const main = await measuredImport(dataDir, file, generate);
  log(`  ${(main.run.wallMs / 1000).toFixed(1)} s, peak RSS ${(main.run.peakRssKb / 1024).toFixed(0)} MiB`);

  /** @type {ImportRun | undefined} */
  let scaling;
  if (options.scalingEntries > 0 && options.scalingEntries < entries) {
    const smallFile = join(benchDir, `feedback-${options.scalingEntries}.ndjson`);
    const smallDir = join(benchDir, `scratch-import-${options.scalingEntries}`);
    rmSync(smallDir, { recursive: true, force: true });
    const small = generateNdjson(smallFile, options.scalingEntries, SEED);
    log(`Importing ${options.scalingEntries.toLocaleString('en-US')} entries for comparison (is memory flat?) ...`);
    scaling = (await measuredImport(smallDir, smallFile, small)).run;
    log(`  ${(scaling.wallMs / 1000).toFixed(1)} s, peak RSS ${(scaling.peakRssKb / 1024).toFixed(0)} MiB`);
    rmSync(smallDir, { recursive: true, force: true });
    rmSync(smallFile, { force: true });
  }
  /** @type {SeedInfo} */
  const info = {
    version: DATA_VERSION,
    entries,
    seed: SEED,
    projectId: main.projectId,
    seededAt: new Date().toISOString(),
    generate: { lines: generate.lines, bytes: generate.bytes, ms: Math.round(generate.ms) },
    importRun: main.run,
    ...(scaling === undefined ? {} : { scaling }),
    dbBytes: databaseBytes(dataDir),
  };
  writeFileSync(infoFile, `${JSON.stringify(info, null, 2)}\n`);
  // The generated file is not needed again (a reseed regenerates it) and is hundreds of MiB.
  rmSync(file, { force: true });
  return { dataDir, info, reused: false };
}
