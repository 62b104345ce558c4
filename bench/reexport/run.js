#!/usr/bin/env node
/**
 * `bench/reexport/run.js`: what a re-export costs once the project's last export can be reused: its
 * captures (server/export/captureCache.ts) and its egress check (server/export/egress/proofStore.ts).
 * With the built CLI on a fresh data dir: imports a docs project (a copy in a temporary folder, since it
 * is edited), exports it, exports it again unchanged, then changes the text of `--edit` pages, imports
 * that and exports a third time. For each export it prints the wall time, each phase's time
 * (bench/scale/exportPhases.js), the pages rendered and those taken from the last export, the page loads
 * the check opened and those the last export proved, and the peak RSS of the Offprint process; and
 * whether the unchanged export's bundle has the same bytes as the first (SOURCE_DATE_EPOCH is fixed, so
 * it must). Never fails on a figure.
 *
 * Usage: node bench/reexport/run.js [--project DIR] [--edit N] [--concurrency N] [--keep]
 * Default project: ../shared/fixtures/novu-docs. Needs `npm run build` first (it runs dist/).
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { parseArgs } from 'node:util';
import { ExportPhases, formatSeconds, phaseSummary } from '../scale/exportPhases.js';
import { runSampled } from '../scale/proc.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLI = join(REPO_ROOT, 'dist/server/cli/main.js');

const { values: opts } = parseArgs({
  options: {
    project: { type: 'string', default: join(REPO_ROOT, '../shared/fixtures/novu-docs') },
    edit: { type: 'string', default: '1' },
    concurrency: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
/** A fixed bundle time, so that exports of the same site give the same bytes. */
const SOURCE_DATE_EPOCH = '1767225600';
const sha256 = (/** @type {string} */ file) => createHash('sha256').update(readFileSync(file)).digest('hex');
const log = (/** @type {string} */ line) => console.log(line);
const mb = (/** @type {number} */ bytes) => `${Math.round(bytes / 2 ** 20)} MB`;
const REUSED = /page loads \((\d+) proved by the last export\)/;
const PAGES_REUSED = /pages \((\d+) from the last export\)/;
const CHECK = /^Checking that no page reaches outside the bundle\.\.\. (\d+)\/(\d+) page loads/;

/** The project's MDX pages, sorted (snippets are not pages). */
function mdxPages(/** @type {string} */ root) {
  /** @type {string[]} */
  const found = [];
  const walk = (/** @type {string} */ dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules' || entry.name === 'snippets') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.mdx')) found.push(relative(root, path));
    }
  };
  walk(root);
  return found.sort();
}

/** Runs the CLI with `args` on `dataDir`; exits the bench when it fails. */
async function cli(/** @type {string} */ dataDir, /** @type {string[]} */ args) {
  const result = await runSampled(process.execPath, [CLI, ...args], {
    env: { ...process.env, OFFPRINT_DATA_DIR: dataDir, OFFPRINT_LOG_LEVEL: 'warn' },
  });
  if (result.code !== 0) {
    log(
      `offprint ${args.join(' ')} failed (exit ${result.code}):\n${result.stderr.trim().split('\n').slice(-20).join('\n')}`,
    );
    process.exit(1);
  }
  return result;
}

/** The disk the kept captures in `dir` take (page HTML gzipped, notes as JSON), and how many pages they are. */
function keptCaptures(/** @type {string} */ dir) {
  if (!existsSync(dir)) return 'no kept captures';
  const names = readdirSync(dir);
  const bytes = names.reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
  const pages = names.filter((name) => name.endsWith('.json')).length;
  return `kept captures ${mb(bytes)} (${pages} pages, ${Math.round(bytes / Math.max(1, pages) / 1024)} KB each)`;
}

/** Exports the project once; prints and returns its figures. */
async function exportOnce(
  /** @type {string} */ label,
  /** @type {string} */ dataDir,
  /** @type {string} */ out,
  /** @type {string} */ captures,
) {
  const phases = new ExportPhases(() => undefined, 3600);
  const check = { reused: 0, done: 0, total: 0 };
  let pagesReused = 0;
  const args = ['export', '--domain', 'reexport.localhost', '--out', out];
  if (opts.concurrency !== undefined) args.push('--concurrency', opts.concurrency);
  const result = await runSampled(process.execPath, [CLI, ...args], {
    env: { ...process.env, OFFPRINT_DATA_DIR: dataDir, OFFPRINT_LOG_LEVEL: 'warn', SOURCE_DATE_EPOCH },
    onStderrLine: (line, seconds, peaks) => {
      phases.line(line, seconds, peaks.rss);
      const counted = CHECK.exec(line);
      if (counted !== null) Object.assign(check, { done: Number(counted[1]), total: Number(counted[2]) });
      const reused = REUSED.exec(line);
      if (reused !== null) check.reused = Number(reused[1]);
      const kept = PAGES_REUSED.exec(line);
      if (kept !== null) pagesReused = Number(kept[1]);
    },
  });
  const figures = phases.finish(result.seconds);
  const opened = check.total - check.reused;
  log(
    `${label.padEnd(22)} ${result.code === 0 ? 'ok' : `FAILED (exit ${result.code})`}  ${formatSeconds(result.seconds).padStart(6)}` +
      `  ${(figures.find((f) => f.phase === 'render')?.total ?? 0) - pagesReused} pages rendered, ${pagesReused} taken from the last export;` +
      ` check opened ${opened} of ${check.total} page loads (${check.reused} proved by the last export)` +
      `  peak RSS ${mb(result.peaks.rss)}`,
  );
  log(`${''.padEnd(22)} ${phaseSummary(figures)}${result.code === 0 ? `; bundle ${mb(statSync(out).size)}` : ''}`);
  log(`${''.padEnd(22)} ${keptCaptures(captures)}`);
  if (result.code !== 0) log(result.stderr.trim().split('\n').slice(-20).join('\n'));
  return { seconds: result.seconds, opened, total: check.total, sha256: sha256(out) };
}

if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first`);
const work = mkdtempSync(join(tmpdir(), 'offprint-reexport-'));
try {
  const project = join(work, 'project');
  const dataDir = join(work, 'data');
  cpSync(opts.project, project, { recursive: true });
  const pages = mdxPages(project);
  const edits = Math.min(Number(opts.edit), pages.length);
  log(`bench/reexport: ${opts.project} (${pages.length} MDX files); data dir ${dataDir}; ${edits} page(s) edited`);
  const created = await cli(dataDir, [
    'projects',
    'create',
    '--name',
    'Re-export',
    '--domain',
    'reexport.localhost',
    '--source',
    project,
    '--json',
  ]);
  const projectId = JSON.parse(created.stdout).projectId;
  const captures = join(dataDir, 'exports', 'captures', projectId);
  const first = await exportOnce('first export', dataDir, join(work, '1.zip'), captures);
  const unchanged = await exportOnce('unchanged', dataDir, join(work, '2.zip'), captures);
  log(`unchanged export's bundle has the first one's bytes: ${unchanged.sha256 === first.sha256 ? 'yes' : 'NO'}`);
  // Evenly spread pages get a sentence more, as an edit of their text would.
  const step = Math.max(1, Math.floor(pages.length / Math.max(1, edits)));
  for (let i = 0; i < edits; i++) {
    const file = join(project, pages[i * step]);
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n\nThis sentence was added by bench/reexport (${i}).\n`);
  }
  await cli(dataDir, ['sites', 'import', '--project', projectId, project]);
  const edited = await exportOnce(`${edits} page(s) edited`, dataDir, join(work, '3.zip'), captures);
  log(`check opened ${edited.opened} of ${edited.total} page loads after the edit (first export: ${first.opened})`);
} finally {
  if (!opts.keep) rmSync(work, { recursive: true, force: true });
}
