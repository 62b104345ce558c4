/**
 * How an export run fails and recovers, in real Chromium: a page whose renderer hangs is retried, then
 * fails the run naming the page; an abort stops the run at once; a browser that dies is relaunched and
 * the run completes.
 */
import { existsSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { ExportFailedError } from '../server/export/contract.js';
import { PAGE_ATTEMPTS } from '../server/export/render.js';
import { verifyBundle } from '../server/export/verify.js';
import { startCaptureServer, capturePages } from './helpers/captureServer.js';
import { tempDir } from './helpers/dataDirs.js';
import {
  AIR_GAPPED,
  countingBackend,
  EXTRA_PAGES,
  exportFixture,
  exportOnce,
  importExportFixture,
  type ExportSiteFixture,
} from './helpers/exportRun.js';
import { needsChromium } from './helpers/needs.js';

needsChromium().describe('static export failures', () => {
  let site: ExportSiteFixture;

  beforeAll(async () => {
    site = await importExportFixture(exportFixture(EXTRA_PAGES));
  });

  it('retries a page whose renderer hangs, then fails the run naming the page', async () => {
    // A site page can no longer hang its renderer (no script of its own runs): a page of the capture
    // server does, through the same capture, retries and failure as a run.
    const server = await startCaptureServer();
    try {
      const counting = countingBackend();
      // With one worker the run stops at the failure: /ok, a page the server answers well, is never captured.
      const { store, error } = await capturePages(server.origin, ['/extras/hang', '/ok'], counting.factory, {
        navigationMs: 1_500,
        pageMs: 2_000,
      });
      expect(error).toBeInstanceOf(ExportFailedError);
      expect((error as ExportFailedError).page).toBe('/extras/hang');
      expect((error as ExportFailedError).message).toMatch(/^Page \/extras\/hang could not be rendered \(3 attempts\)/);
      expect(counting.navigations).toEqual(Array.from({ length: PAGE_ATTEMPTS }, () => '/extras/hang'));
      expect(server.requests.filter((path) => path === '/extras/hang')).toHaveLength(PAGE_ATTEMPTS);
      expect(store.has('/extras/hang')).toBe(false);
      expect(store.has('/ok')).toBe(false);
    } finally {
      await server.close();
    }
  }, 30_000);

  it('stops at once when aborted, closing the browser and writing no bundle', async () => {
    const controller = new AbortController();
    const counting = countingBackend();
    const outFile = `${tempDir('offprint-export-abort-')}/bundle.zip`;
    let abortedAt = 0;
    const run = exportOnce(site, {
      options: { ...AIR_GAPPED, paths: ['/', '/guides/intro', '/guides/quiet', '/orphan', '/extras/links'] },
      backend: counting.factory,
      concurrency: 1,
      signal: controller.signal,
      outFile,
      onProgress: (p) => {
        if (p.pagesDone === 1 && abortedAt === 0) {
          abortedAt = Date.now();
          controller.abort();
        }
      },
    });
    const error = await run.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe('AbortError');
    expect(Date.now() - abortedAt).toBeLessThan(5_000);
    expect(counting.navigations.length).toBeLessThanOrEqual(2);
    expect(counting.launched[0]?.isConnected()).toBe(false);
    expect(existsSync(outFile)).toBe(false);
  }, 30_000);

  it('relaunches a browser that died and completes the run', async () => {
    const counting = countingBackend();
    let killed = false;
    // Launches of the rendering only: the egress check then launches its own.
    let rendering: number | null = null;
    const { outFile, result } = await exportOnce(site, {
      options: { ...AIR_GAPPED, paths: ['/', '/guides/intro', '/guides/quiet', '/orphan'] },
      backend: counting.factory,
      concurrency: 1,
      onProgress: (p) => {
        if (p.phase === 'proving') rendering ??= counting.launches();
        if (p.pagesDone === 1 && !killed) {
          killed = true;
          void counting.launched[0]?.close();
        }
      },
    });
    expect(killed).toBe(true);
    expect(rendering).toBe(2);
    expect(result.pageCount).toBe(4);
    expect((await verifyBundle(outFile)).ok).toBe(true);
    // The egress check opens every page of the bundle twice after the rendering.
  }, 60_000);
});
