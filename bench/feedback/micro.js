#!/usr/bin/env node
/**
 * `bench/feedback/micro.js`: in-process timings of the feedback request path's parts on a large data dir,
 * without HTTP: the entry presenter, the key and project lookups every request makes, a whole first page
 * (authenticate + project + page + present), and the by-page counts per filter. Seconds, not minutes.
 * With `--baseline DIST` it also runs another build's same functions on the same handle, alternating
 * rounds between the two builds so that machine noise (other work on the 2 cores) hits both alike.
 *
 * Usage: node bench/feedback/micro.js [--data-dir DIR] [--baseline DIST] [--rounds N]
 *   --data-dir  a data dir holding offprint.db (default: a copy of the seeded 1M data dir, made once
 *               with VACUUM INTO under bench/.data/feedback/micro-1000000/, so the bench's own seed is
 *               never migrated by this script); this build opens and migrates it
 *   --baseline  an older build's dist/ folder (copy dist/ aside before rebuilding); its functions run on
 *               this build's database handle, so schema changes (indexes) help both: compare those
 *               against a run of the older build alone on a copy it migrated itself
 * Needs `npm run build` (or `tsc -p tsconfig.build.json`) first.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from './proc.js';

const { values: opts } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    baseline: { type: 'string' },
    rounds: { type: 'string', default: '7' },
  },
});
const rounds = Number(opts.rounds);

/**
 * The functions measured, from one build.
 * @param {string} dist
 */
async function loadBuild(dist) {
  /** @param {string} path */
  const load = (path) => import(pathToFileURL(join(resolve(dist), path)).href);
  return {
    ...(await load('server/db/apiKeys.js')),
    ...(await load('server/db/projects.js')),
    ...(await load('server/db/feedback.js')),
    ...(await load('server/domain/apiKeys.js')),
    ...(await load('server/domain/feedback/entry.js')),
    ...(await load('server/domain/feedback/query.js')),
  };
}

const current = await loadBuild(join(REPO_ROOT, 'dist'));
const baseline = opts.baseline === undefined ? undefined : await loadBuild(opts.baseline);
const { openDatabase } = await import(pathToFileURL(join(REPO_ROOT, 'dist/server/db/connection.js')).href);
const { hashApiKey } = await import(pathToFileURL(join(REPO_ROOT, 'dist/server/domain/apiKeyToken.js')).href);
const { silentLogger } = await import(pathToFileURL(join(REPO_ROOT, 'dist/server/logger.js')).href);
const { openRuntime } = await import(pathToFileURL(join(REPO_ROOT, 'dist/server/runtime.js')).href);

const dataDir = resolve(opts['data-dir'] ?? ensureCopy());
const log = (/** @type {string} */ line) => process.stderr.write(`${line}\n`);

/** The default copy of the seeded 1M data dir; made once (about 10 s, 450 MB). */
function ensureCopy() {
  const bench = join(REPO_ROOT, 'bench', '.data', 'feedback');
  const copy = join(bench, 'micro-1000000');
  if (existsSync(join(copy, 'offprint.db'))) return copy;
  const seeded = join(bench, 'data-1000000', 'offprint.db');
  if (!existsSync(seeded)) {
    throw new Error(`no data: run bench/feedback/run.js once (it seeds ${seeded}) or pass --data-dir`);
  }
  log(`copying ${seeded} to ${copy} (once) ...`);
  const source = openDatabase(seeded, { skipMigrations: true });
  try {
    source.prepare('VACUUM INTO ?').run(join(copy, 'offprint.db'));
  } finally {
    source.close();
  }
  return copy;
}

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/**
 * Median per-call time of `make(build)()` run `n` times, for each build, rounds alternating between them.
 * @param {string} name
 * @param {number} n calls per round
 * @param {(build: typeof current) => () => void} make
 * @param {number} scale 1000 for microseconds, 1 for milliseconds
 */
function measure(name, n, make, scale = 1000) {
  const builds = baseline === undefined ? [current] : [baseline, current];
  const fns = builds.map(make);
  const times = builds.map(() => /** @type {number[]} */ ([]));
  for (const fn of fns) for (let i = 0; i < Math.min(n, 200); i++) fn();
  for (let r = 0; r < rounds; r++) {
    fns.forEach((fn, b) => {
      const start = performance.now();
      for (let i = 0; i < n; i++) fn();
      times[b]?.push(((performance.now() - start) * scale) / n);
    });
  }
  const medians = times.map(median);
  const [before, after] = medians;
  const change =
    after === undefined || before === undefined ? '' : `  (${(((after - before) / before) * 100).toFixed(0)}%)`;
  console.log(`${name.padEnd(48)} ${medians.map((m) => m.toFixed(2).padStart(9)).join(' ->')}${change}`);
}

const t0 = performance.now();
const runtime = openRuntime(dataDir, silentLogger());
log(`opened ${dataDir} in ${(performance.now() - t0).toFixed(0)} ms (includes any pending migration)`);
try {
  const db = runtime.db;
  const projectId = db.prepare('SELECT project_id FROM feedback LIMIT 1').pluck().get();
  const orgId = db.prepare('SELECT org_id FROM projects WHERE id = ?').pluck().get(projectId);
  const { key } = current.createApiKey(runtime, { orgId, name: 'micro-bench' });
  const hash = hashApiKey(key);

  // 10,000 stored rows of every variant, as the page query returns them.
  const rows = [];
  let page = current.listFeedback(runtime, orgId, projectId, { limit: 100 });
  while (rows.length < 10_000) {
    rows.push(...page.rows);
    if (page.nextCursor === null) break;
    page = current.listFeedback(runtime, orgId, projectId, { limit: 100, cursor: page.nextCursor });
  }
  console.log(`${'median per call'.padEnd(48)} ${baseline === undefined ? 'this build' : 'baseline -> this build'}`);
  let i = 0;
  const nextRow = () => rows[i++ % rows.length];
  measure('presentFeedbackEntry (us/entry)', 100_000, (b) => () => b.presentFeedbackEntry(nextRow()));
  measure('findApiKeyByHash (us)', 20_000, (b) => () => b.findApiKeyByHash(db, hash));
  measure('findProjectInOrg (us)', 20_000, (b) => () => b.findProjectInOrg(db, orgId, projectId));
  measure('first page L50: auth+project+page+present (us)', 1_000, (b) => () => {
    const principal = b.authenticate(runtime, key);
    b.listFeedback(runtime, principal.orgId, projectId, { limit: 50 }).rows.map(b.presentFeedbackEntry);
  });
  const filters = {
    none: {},
    'status=pending,in_progress': { statuses: ['pending', 'in_progress'] },
    'source=code_snippet': { source: 'code_snippet' },
    '30 days': { fromMs: Date.UTC(2025, 8, 1), toMs: Date.UTC(2025, 9, 1) },
    'dateFrom, last year': { fromMs: Date.UTC(2025, 10, 1) },
    'dateTo, first year': { toMs: Date.UTC(2025, 0, 1) },
  };
  for (const [name, filter] of Object.entries(filters)) {
    const rowFilter = { projectId, ...filter };
    measure(`by-page ${name} (ms)`, 1, (b) => () => b.selectFeedbackByPath(db, rowFilter, 11), 1);
  }
} finally {
  runtime.close();
}
