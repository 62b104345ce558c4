#!/usr/bin/env node
/**
 * `bench/browsers`: static export of a docs project (default: the novu fixture, used in place) rendered
 * through 1, 2, 3... Playwright browser servers on loopback (`--browser`: the render pool), each with the
 * same page slots, plus a local-browser baseline at the first level's concurrency. Prints the rendering
 * throughput (pages/s) per level and whether every bundle has the local export's content (its manifest, which
 * names every file's SHA-256, less the egress proof and Chromium version: a remote browser cannot open the
 * bundle from disk, so its proof records the http pass alone). On a machine
 * with few cores the gain stops once the cores are spent; across machines each browser brings its own.
 *
 * Usage: node bench/browsers/run.js [--fixture DIR] [--browsers 1,2,3] [--slots 2] [--pages N]
 * Needs `npm run build` first (it imports dist/).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL, URL } from 'node:url';
import { parseArgs } from 'node:util';
import AdmZip from 'adm-zip';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dist = (/** @type {string} */ path) => import(pathToFileURL(join(REPO_ROOT, 'dist', path)).href);
const { openRuntime } = await dist('server/runtime.js');
const { silentLogger } = await dist('server/logger.js');
const { defaultOrganizationId } = await dist('server/domain/organizations.js');
const { createProjectWithSite, getCurrentSite } = await dist('server/domain/sites.js');
const { runExport } = await dist('server/export/run.js');
const { resolveExportFeatures } = await dist('server/exportSpec/features.js');
const { listExportPages } = await dist('server/exportSpec/pages.js');
const { lazyPlaywrightBackend, renderSetup } = await dist('server/jobs/backend.js');
const { launchChromiumServer } = await dist('server/render/chromium.js');
const { BrowserUrlSchema } = await dist('server/render/endpoints.js');
const { projectSigner } = await dist('server/export/signer.js');

const { values: opts } = parseArgs({
  options: {
    fixture: { type: 'string', default: resolve(REPO_ROOT, '../shared/fixtures/novu-docs') },
    browsers: { type: 'string', default: '1,2,3' },
    slots: { type: 'string', default: '2' },
    pages: { type: 'string' },
  },
});
const levels = opts.browsers.split(',').map(Number);
const slots = Number(opts.slots);
const log = (/** @type {string} */ line) => console.log(line);

/**
 * The digest of a bundle's content: its manifest (every file's path, size and SHA-256, the pages, the
 * features) less the egress proof and the Chromium version, which say how it was checked, not what it holds.
 */
function contentDigest(zipFile) {
  const manifest = JSON.parse(new AdmZip(zipFile).readAsText('manifest.json'));
  delete manifest.egressProof;
  delete manifest.chromiumVersion;
  return createHash('sha256').update(JSON.stringify(manifest)).digest('hex');
}

/** One export run; returns its rendering throughput and content digest. */
async function exportWith(deps, site, render, label) {
  const workDir = mkdtempSync(join(tmpdir(), 'offprint-bench-browsers-work-'));
  let renderingAt = 0;
  let assemblingAt = 0;
  const started = performance.now();
  const result = await runExport({
    deps,
    projectId: site.projectId,
    buildId: site.buildId,
    options: site.options,
    signer: projectSigner(deps, site.projectId),
    workDir,
    outFile: join(workDir, 'bundle.zip'),
    ...render,
    signal: new globalThis.AbortController().signal,
    onProgress: (progress) => {
      if (progress.phase === 'rendering' && renderingAt === 0) renderingAt = performance.now();
      if (progress.phase === 'assembling' && assemblingAt === 0) assemblingAt = performance.now();
    },
  });
  const content = contentDigest(join(workDir, 'bundle.zip'));
  rmSync(workDir, { recursive: true, force: true });
  const renderSeconds = (assemblingAt - renderingAt) / 1000;
  return {
    label,
    concurrency: render.concurrency,
    pps: result.pageCount / renderSeconds,
    renderSeconds,
    totalSeconds: (performance.now() - started) / 1000,
    content,
  };
}

async function main() {
  const root = mkdtempSync(join(tmpdir(), 'offprint-bench-browsers-'));
  const runtime = openRuntime(join(root, 'data'), silentLogger());
  const deps = { ...runtime, dataDir: runtime.dataDir };
  const servers = [];
  try {
    log(`bench/browsers: ${opts.fixture}; ${availableParallelism()} cores; ${slots} page slots per browser`);
    const { project, imported } = createProjectWithSite(
      deps,
      { orgId: defaultOrganizationId(deps), name: 'Bench', domain: 'bench.example.com' },
      opts.fixture,
    );
    const all = listExportPages(getCurrentSite(deps, project.id).model, null).pages;
    const paths = opts.pages === undefined ? null : all.slice(0, Number(opts.pages));
    const options = {
      deployment: 'air-gapped',
      features: resolveExportFeatures('air-gapped', undefined, { collectorUrl: null }),
      versionLabel: null,
      paths,
    };
    const site = { projectId: project.id, buildId: imported.buildId, options };
    log(`pages: ${(paths ?? all).length}`);

    const rows = [await exportWith(deps, site, { backend: lazyPlaywrightBackend(), concurrency: slots }, 'local')];
    for (const count of levels) {
      while (servers.length < count) servers.push(await launchChromiumServer());
      const endpoints = servers.slice(0, count).map((server) => BrowserUrlSchema.parse(server.wsEndpoint()));
      const render = renderSetup(lazyPlaywrightBackend(), endpoints, slots, silentLogger());
      rows.push(await exportWith(deps, site, render, `${count} browser server${count === 1 ? '' : 's'}`));
    }
    const baseline = rows[0];
    log('');
    log('run                  pages at once  render s  pages/s  vs 1 server  total s  same content as local');
    const one = rows[1] ?? baseline;
    for (const row of rows) {
      log(
        [
          row.label.padEnd(20),
          String(row.concurrency).padStart(13),
          row.renderSeconds.toFixed(1).padStart(8),
          row.pps.toFixed(2).padStart(7),
          `${(row.pps / one.pps).toFixed(2)}x`.padStart(11),
          row.totalSeconds.toFixed(1).padStart(7),
          row.content === baseline.content ? '  yes' : `  NO (${row.content.slice(0, 12)})`,
        ].join('  '),
      );
    }
  } finally {
    await Promise.all(servers.map((server) => server.close()));
    runtime.close();
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
