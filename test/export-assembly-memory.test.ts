/**
 * Issue 13, flat memory of export: assembly, manifest and zip of a few thousand pages keep only small
 * per-page records. A project of 3,000 tiny generated pages is imported once; each export's page store is
 * filled with captured-like HTML (one page served by the export's own site server, made distinct per page)
 * so nothing is rendered, then the real pipeline runs. The live heap (after a full collection) is sampled
 * while it runs: its growth for 3,000 pages stays within a bound of its growth for 500.
 * Also: a run past its heap budget fails as an export (ExportFailedError naming the limit), not as the
 * process (the same data then exports fine under the default budget); and a cancel stops the assembly
 * between pages (with a page reported per page assembled, a long assembly is not mistaken for a stall).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportFailedError, type ExportRunInput } from '../server/export/contract.js';
import { runExport } from '../server/export/run.js';
import { projectSigner } from '../server/export/signer.js';
import { startExportSite } from '../server/export/siteServer.js';
import { PageStore } from '../server/export/workDir.js';
import { verifyBundle } from '../server/export/verify.js';
import { tempDir } from './helpers/dataDirs.js';
import { gc } from './helpers/gc.js';
import {
  AIR_GAPPED,
  FIXED_EXPORT_TIME,
  importExportFixture,
  skippedEgressCheck,
  type ExportSiteFixture,
} from './helpers/exportRun.js';
import { writeProject } from './helpers/siteProjects.js';

const PAGES = 3000;
/** Pages per navigation group (a page's sidebar shows its tab only: page size does not grow with N). */
const PER_TAB = 50;
const MB = 1024 * 1024;

const name = (i: number): string => `p/${String(i).padStart(5, '0')}`;

function tinyProject(): string {
  const files: Record<string, unknown> = {};
  const tabs: { tab: string; pages: string[] }[] = [];
  for (let i = 0; i < PAGES; i++) {
    const next = name((i + 1) % PAGES);
    files[`${name(i)}.mdx`] = [
      '---',
      `title: Page ${i}`,
      '---',
      '',
      `## Section ${i}`,
      '',
      `Text of page ${i}. [Next](/${next}#section-${(i + 1) % PAGES}), [gone](/${next}#no-such-anchor),`,
      `[here](#section-${i}), [nowhere here](#missing-${i}), [out](https://example.com/${i}), [shared](https://example.org/x).`,
      '',
    ].join('\n');
    const tab = Math.floor(i / PER_TAB);
    (tabs[tab] ??= { tab: `Tab ${tab}`, pages: [] }).pages.push(name(i));
  }
  files['docs.json'] = {
    name: 'Scale',
    theme: 'mint',
    colors: { primary: '#112233' },
    navigation: { tabs: tabs.map((t) => ({ tab: t.tab, groups: [{ group: t.tab, pages: t.pages }] })) },
  };
  return writeProject(files);
}

/** A work dir whose page store holds `count` captured-like pages (page 0's HTML, renumbered). */
async function filledWorkDir(site: ExportSiteFixture, count: number): Promise<{ workDir: string; paths: string[] }> {
  const running = await startExportSite(site.rt, site.projectId, site.buildId, AIR_GAPPED);
  const template = await (await fetch(`${running.origin}/${name(0)}`)).text();
  await running.close();
  expect(template).toContain('Section 0');
  const workDir = join(tempDir('offprint-export-mem-'), 'work');
  const store = new PageStore(workDir);
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    const next = (i + 1) % PAGES;
    const html = template
      .replace(/p\/00001/g, '@@next@@')
      .replace(/p\/00000/g, name(i))
      .replace(/@@next@@/g, name(next))
      .replace(/(section|missing)-([01])\b/g, (_m, kind: string, n: string) => `${kind}-${n === '0' ? i : next}`);
    store.save({ path: `/${name(i)}`, blocked: [], errors: [] }, html);
    paths.push(`/${name(i)}`);
  }
  return { workDir, paths };
}

/** Runs an export of the first `count` pages; returns the peak live-heap growth over the start (bytes). */
async function exportGrowth(site: ExportSiteFixture, count: number, extra: Partial<ExportRunInput> = {}) {
  const { workDir, paths } = await filledWorkDir(site, count);
  gc();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const sampler = setInterval(() => {
    gc();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 250);
  const outFile = join(workDir, '..', 'bundle.zip');
  try {
    const result = await runExport({
      deps: site.rt,
      projectId: site.projectId,
      buildId: site.buildId,
      options: { ...AIR_GAPPED, paths },
      workDir,
      outFile,
      backend: () => Promise.reject(new Error('every page is already captured')),
      // Assembly is measured here; the egress check (a browser per page) has its own tests.
      egressCheck: skippedEgressCheck,
      signer: projectSigner(site.rt, site.projectId),
      createdAt: FIXED_EXPORT_TIME,
      concurrency: 2,
      signal: new AbortController().signal,
      onProgress: () => undefined,
      ...extra,
    });
    return { growth: peak - base, result, outFile };
  } finally {
    clearInterval(sampler);
  }
}

describe('export memory at scale', () => {
  let site: ExportSiteFixture;

  beforeAll(async () => {
    site = await importExportFixture(tinyProject());
  }, 600_000);

  afterAll(() => site?.rt.close());

  it('holds memory flat from 500 to 3,000 pages (live heap growth within 24 MB)', async () => {
    const small = await exportGrowth(site, 500);
    const large = await exportGrowth(site, PAGES);
    console.log(
      `live heap growth during export: 500 pages ${(small.growth / MB).toFixed(1)} MB, ` +
        `${PAGES} pages ${(large.growth / MB).toFixed(1)} MB`,
    );
    expect(large.result.pageCount).toBe(PAGES);
    // Each page links to a missing anchor on its own page and on the next one: both repaired.
    expect(large.result.missingAnchors).toBe(2 * PAGES);
    expect(large.result.missingAnchorLinks).toHaveLength(2 * PAGES);
    const report = await verifyBundle(large.outFile);
    expect(report.problems).toEqual([]);
    // Before (every page's HTML kept alive by its anchor ids), 2,500 more pages held ~15 KB each more.
    expect(large.growth - small.growth).toBeLessThan(24 * MB);
  }, 900_000);

  it('fails the run (ExportFailedError naming the limit), not the process, past its heap budget', async () => {
    const failure = await exportGrowth(site, 300, { heapBudgetBytes: 1 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ExportFailedError);
    expect(String(failure)).toMatch(/ran out of memory while (assembling|rendering|writing).*OFFPRINT_EXPORT_HEAP_MB/);
    const ok = await exportGrowth(site, 300);
    expect(ok.result.pageCount).toBe(300);
  }, 600_000);

  it('stops assembling at a cancel instead of finishing the bundle first', async () => {
    const controller = new AbortController();
    const assembled: string[] = [];
    const failure = await exportGrowth(site, 1000, {
      signal: controller.signal,
      onProgress: (progress) => {
        if (progress.phase !== 'assembling' || progress.currentPage === null) return;
        assembled.push(progress.currentPage);
        if (assembled.length === 10) controller.abort(new Error('cancelled by the test'));
      },
    }).catch((error: unknown) => error);
    expect(String(failure)).toContain('cancelled by the test');
    // The pages already being rewritten (up to 4 at once) finish; no other page is started.
    expect(assembled.length).toBeGreaterThanOrEqual(10);
    expect(assembled.length).toBeLessThan(20);
  }, 600_000);
});
