#!/usr/bin/env node
/**
 * `bench/render`: the docs-site numbers of issue 3 on the real novu fixture (used in place).
 * - import: `projects create --source` through its domain function (`createProjectWithSite`: copy,
 *   validate, commit) into a new data dir, then a fresh model load of the build (what a restart costs);
 * - pages/s rendered cold (first render of every page in a fresh process: compile caches empty),
 *   by the renderer alone (through the render sandbox, one page at a time) and over HTTP from a fresh
 *   `offprint serve`;
 * - pages/s warm: the renderer's second pass (process caches warm), and HTTP again (render cache hits);
 * - peak RSS of this process (import) and of the server (neither counts the sandbox processes, where
 *   pages now render).
 * It prints a table and exits 0; it never fails on a slow number (non-zero only if something breaks).
 *
 * Usage: node bench/render/run.js [--source DIR] [--concurrency N] [--keep]
 * Needs `npm run build` first (it runs dist/).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { CLI_BIN, cli, cpuMsOf, memoryOf, REPO_ROOT, startServer } from '../feedback/proc.js';
import { mib, table } from '../feedback/report.js';

const { values: opts } = parseArgs({
  options: {
    source: { type: 'string', default: resolve(REPO_ROOT, '../shared/fixtures/novu-docs') },
    concurrency: { type: 'string', default: '1' },
    keep: { type: 'boolean', default: false },
  },
});
const log = (/** @type {string} */ line) => console.log(line);
const round = (/** @type {number} */ n, digits = 1) => Number(n.toFixed(digits));

async function main() {
  if (!existsSync(CLI_BIN)) {
    console.error(`${CLI_BIN} is missing: run "npm run build" first.`);
    return 1;
  }
  const source = resolve(opts.source);
  const concurrency = Number(opts.concurrency);
  // After the dist/ check: passes.js loads built modules as it is imported.
  const passes = await import('./passes.js');
  const { dist } = passes;
  const { openRuntime } = await dist('server/runtime.js');
  const { silentLogger } = await dist('server/logger.js');
  const { defaultOrganizationId } = await dist('server/domain/organizations.js');
  const { createProjectWithSite } = await dist('server/domain/sites.js');
  const { loadSiteProject } = await dist('server/sites/project/load.js');
  const { renderPass, httpPass } = passes;

  log(`bench/render: ${source}, node ${process.version}, ${cpus().length} CPUs`);
  log(
    `load average at start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'offprint-bench-render-'));
  try {
    // Import, as `projects create --name Novu --domain ... --source DIR` does it.
    const runtime = openRuntime(dataDir, silentLogger());
    const t0 = performance.now();
    const { imported } = createProjectWithSite(
      runtime,
      { orgId: defaultOrganizationId(runtime), name: 'Bench', domain: 'bench.docs.example' },
      source,
    );
    const importMs = performance.now() - t0;
    runtime.close();
    const t1 = performance.now();
    const model = loadSiteProject(imported.model.rootDir);
    const loadMs = performance.now() - t1;
    const pages = model.counts.pages;
    log(`imported ${pages} pages (${imported.model.problems.length} problems) in ${round(importMs)} ms`);

    const coldRender = await renderPass(model);
    const warmRender = await renderPass(model);
    const benchRssKb = process.resourceUsage().maxRSS;

    const server = await startServer(dataDir);
    let serverCpu = { cold: 0, warm: 0 };
    let serverHwmKb = 0;
    /** @type {Awaited<ReturnType<typeof httpPass>>} */
    let coldHttp;
    /** @type {Awaited<ReturnType<typeof httpPass>>} */
    let warmHttp;
    try {
      const listed = JSON.parse(await cli(['projects', 'list', '--json', '--data-dir', dataDir]));
      const project = listed.projects.find(
        (/** @type {{ projectId: string }} */ p) => p.projectId === imported.projectId,
      );
      if (!project?.siteUrl) throw new Error('the server does not list the site');
      const urls = [...model.pages.values()].map((p) => p.url);
      const cpu0 = cpuMsOf(server.pid) ?? 0;
      coldHttp = await httpPass(project.siteUrl, urls, concurrency);
      const cpu1 = cpuMsOf(server.pid) ?? 0;
      warmHttp = await httpPass(project.siteUrl, urls, concurrency);
      const cpu2 = cpuMsOf(server.pid) ?? 0;
      serverCpu = { cold: (cpu1 - cpu0) / urls.length, warm: (cpu2 - cpu1) / urls.length };
      serverHwmKb = memoryOf(server.pid)?.hwmKb ?? 0;
    } finally {
      await server.stop();
    }

    log('');
    log('== Import (novu) ==');
    log(
      table(
        ['step', 'ms'],
        [
          ['createProjectWithSite (copy, load, validate, commit)', round(importMs)],
          ['model load of the build (loadSiteProject)', round(loadMs)],
        ],
      ),
    );
    log('');
    log(`== Rendering ${pages} pages (HTTP: ${concurrency} client${concurrency === 1 ? '' : 's'}) ==`);
    const row = (/** @type {string} */ name, /** @type {Awaited<ReturnType<typeof httpPass>>} */ p, cpu = '') => [
      name,
      round(p.pagesPerS),
      round(p.ms / 1000, 2),
      round(p.p50),
      round(p.p95),
      round(p.max),
      round(p.bytes / p.pages / 1024),
      cpu,
      p.failed.length,
    ];
    log(
      table(
        ['pass', 'pages/s', 'total s', 'p50 ms', 'p95 ms', 'max ms', 'KiB/page', 'server CPU ms/page', 'failed'],
        [
          row('renderer via sandbox, cold (first render)', coldRender),
          row('renderer via sandbox, second pass', warmRender),
          row('HTTP, cold (first request)', coldHttp, String(round(serverCpu.cold))),
          row('HTTP, warm (render cache hit)', warmHttp, String(round(serverCpu.warm, 2))),
        ],
      ),
    );
    log('');
    log(
      table(
        ['peak RSS', 'MiB'],
        [
          ['this process (import; sandboxes not counted)', mib(benchRssKb)],
          ['offprint serve (both HTTP passes)', mib(serverHwmKb)],
        ],
      ),
    );
    const failed = [...coldRender.failed, ...coldHttp.failed, ...warmHttp.failed];
    if (failed.length > 0) log(`\nfailed pages: ${[...new Set(failed)].slice(0, 20).join(', ')}`);
    log(
      `\nload average at end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    return failed.length > 0 ? 1 : 0;
  } finally {
    if (opts.keep) log(`data dir kept: ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
