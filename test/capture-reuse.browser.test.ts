/**
 * A re-export taking the pages its project's last export captured (server/export/captureCache.ts), in
 * real Chromium on a real import: a page is rendered again exactly when something it loaded from the
 * site changed (its text, an image it shows) or the browser did; an unchanged site gives the same bytes
 * without rendering a page; an export of some pages adds to what is kept, one of the whole site keeps
 * its own pages only; kept captures that cannot be read or written never fail an export.
 */
import AdmZip from 'adm-zip';
import { copyFileSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { importSiteAndIndex } from '../server/domain/sites.js';
import type { ExportProgress, ExportRunInput } from '../server/export/contract.js';
import { createLogger } from '../server/logger.js';
import { PageStore } from '../server/export/workDir.js';
import type { RenderBackendFactory } from '../server/render/cdp.js';
import { tempDir } from './helpers/dataDirs.js';
import {
  AIR_GAPPED,
  countingBackend,
  exportFixture,
  exportOnce,
  importExportFixture,
  mapTargets,
  skippedEgressCheck,
  type ExportSiteFixture,
} from './helpers/exportRun.js';
import { needsChromium } from './helpers/needs.js';
import { ALL_SHAPES } from './helpers/siteProjects.js';

/** What one export did. */
interface Exported {
  /** The pages the browser was sent to while rendering, sorted. */
  readonly rendered: string[];
  /** Pages the last rendering report says were taken from the last export. */
  readonly reused: number;
  readonly pageCount: number;
  readonly sha256: string;
  readonly zip: AdmZip;
}

/** A backend whose browser says it is another version than it is. */
function otherBrowser(factory: RenderBackendFactory): RenderBackendFactory {
  return mapTargets(factory, (target) => ({
    on: (event, listener) => target.on(event, listener),
    onClosed: (listener) => target.onClosed(listener),
    close: () => target.close(),
    send: <T>(method: string, params?: Record<string, unknown>): Promise<T> =>
      method === 'Browser.getVersion'
        ? Promise.resolve({ product: 'Chrome/1.0.0.0' } as T)
        : target.send<T>(method, params),
  }));
}

needsChromium().describe('a re-export takes the pages its last export captured from the same answers', () => {
  let source: string;
  let site: ExportSiteFixture;
  let kept: string;

  beforeAll(async () => {
    source = exportFixture();
    site = await importExportFixture(source);
    kept = join(tempDir('offprint-captures-'), 'captures', site.projectId);
  });
  afterAll(() => {
    site?.rt.close();
  });

  /** Imports the (edited) source again, as `offprint sites import` would. */
  const reimport = async (): Promise<void> => {
    const imported = await importSiteAndIndex(site.rt, site.projectId, source);
    site = { ...site, buildId: imported.buildId };
  };

  const exportSite = async (
    overrides: Partial<ExportRunInput> = {},
    wrap: (factory: RenderBackendFactory) => RenderBackendFactory = (factory) => factory,
  ): Promise<Exported> => {
    const backend = countingBackend();
    let renderingEnd: number | null = null;
    let reused = 0;
    const onProgress = (progress: ExportProgress): void => {
      if (progress.phase === 'rendering') reused = progress.pagesReused ?? 0;
      else renderingEnd ??= backend.navigations.length;
    };
    const { result, outFile } = await exportOnce(site, {
      backend: wrap(backend.factory),
      captureCache: kept,
      onProgress,
      // Rendering is what is tested here; the egress check (two page loads per page) has its own tests.
      egressCheck: skippedEgressCheck,
      ...overrides,
    });
    // Only the rendering's navigations count (the stand-in check opens nothing, a real one would).
    const rendered = backend.navigations.slice(0, renderingEnd ?? 0).filter((path) => path.startsWith('/'));
    return {
      rendered: rendered.sort(),
      reused,
      pageCount: result.pageCount,
      sha256: result.sha256,
      zip: new AdmZip(outFile),
    };
  };

  let first: Exported;

  it('renders every page the first time; the next export renders none and gives the same bytes', async () => {
    first = await exportSite();
    expect(first.rendered).toHaveLength(first.pageCount);
    expect(first.reused).toBe(0);
    expect(existsSync(kept)).toBe(true);

    const again = await exportSite();
    expect(again.rendered).toEqual([]);
    expect(again.reused).toBe(first.pageCount);
    expect(again.sha256).toBe(first.sha256);
  }, 180_000);

  it('renders again only the page whose text changed, and the bundle has the new text', async () => {
    const page = join(source, 'guides/intro.mdx');
    writeFileSync(page, `${readFileSync(page, 'utf8')}\n\nA sentence added after the first export.\n`);
    await reimport();
    const edited = await exportSite();
    expect(edited.rendered).toEqual(['/guides/intro']);
    expect(edited.reused).toBe(first.pageCount - 1);
    expect(edited.zip.readAsText('guides/intro.html')).toContain('A sentence added after the first export.');
    expect(edited.sha256).not.toBe(first.sha256);
  }, 180_000);

  it('renders again the pages that show an image whose bytes changed, and only those, saying why', async () => {
    copyFileSync(join(ALL_SHAPES, 'images/hero.png'), join(source, 'images/logo.png'));
    await reimport();
    const lines: string[] = [];
    const logger = createLogger('debug', { write: (line: string) => void lines.push(line) });
    const changed = await exportSite({ deps: { ...site.rt, logger } });
    // The two pages whose text shows /images/logo.png.
    expect(changed.rendered).toEqual(['/', '/extras/diagram']);
    const why = lines
      .map((line) => JSON.parse(line) as { msg: string; page?: string; changed?: string })
      .filter((entry) => entry.msg.startsWith('export: rendering a page again'))
      .map(({ page, changed }) => ({ page, changed }));
    expect(why.sort((a, b) => String(a.page).localeCompare(String(b.page)))).toEqual([
      { page: '/', changed: '/images/logo.png' },
      { page: '/extras/diagram', changed: '/images/logo.png' },
    ]);
  }, 180_000);

  it('renders again a page whose lazy image changed, though the browser never asked for it', async () => {
    // Far below the first screen: Chromium does not load a lazy image that far down while the page is captured.
    const page = '---\ntitle: Tall\n---\n\n<div style={{ height: "6000px" }}>Spacer</div>\n\n![Far](/images/far.png)\n';
    writeFileSync(join(source, 'extras/tall.mdx'), page);
    copyFileSync(join(source, 'images/logo.svg'), join(source, 'images/far.png'));
    await reimport();
    expect((await exportSite()).rendered).toEqual(['/extras/tall']);
    copyFileSync(join(ALL_SHAPES, 'images/hero.png'), join(source, 'images/far.png'));
    await reimport();
    expect((await exportSite()).rendered).toEqual(['/extras/tall']);
  }, 180_000);

  it('renders again a page whose kept capture is damaged, and only that one', async () => {
    const store = new PageStore({ at: kept });
    const [, html] = store.files('/guides/intro');
    writeFileSync(html, readFileSync(html).subarray(0, 20));
    const repaired = await exportSite();
    expect(repaired.rendered).toEqual(['/guides/intro']);
    expect(repaired.zip.readAsText('guides/intro.html')).toContain('A sentence added after the first export.');
  }, 180_000);

  it('renders every page again with another browser', async () => {
    const other = await exportSite({}, otherBrowser);
    expect(other.rendered).toHaveLength(other.pageCount);
    expect(other.reused).toBe(0);
    // What it captured is kept under its version: the real browser renders every page again too.
    const back = await exportSite();
    expect(back.rendered).toHaveLength(back.pageCount);
  }, 240_000);

  it('adds the pages of a partial export to what is kept; a whole export keeps only the pages it has', async () => {
    const page = join(source, 'guides/intro.mdx');
    writeFileSync(page, `${readFileSync(page, 'utf8')}\n\nAnother sentence.\n`);
    await reimport();
    const some = await exportSite({ options: { ...AIR_GAPPED, paths: ['/guides/intro'] } });
    expect(some.rendered).toEqual(['/guides/intro']);
    const store = new PageStore({ at: kept });
    // What the whole export before it kept is still there.
    expect(store.has('/extras/external')).toBe(true);

    rmSync(join(source, 'extras/external.mdx'));
    await reimport();
    const whole = await exportSite();
    expect(whole.rendered).toEqual([]);
    expect(store.has('/extras/external')).toBe(false);
    expect(store.has('/guides/intro')).toBe(true);
  }, 180_000);

  it('renders every page and completes when the kept captures are not a folder, then keeps its own', async () => {
    const inTheWay = join(tempDir('offprint-captures-'), 'captures');
    writeFileSync(inTheWay, 'not a folder');
    const exported = await exportSite({ captureCache: inTheWay });
    expect(exported.rendered).toHaveLength(exported.pageCount);
    expect(statSync(inTheWay).isDirectory()).toBe(true);
    expect((await exportSite({ captureCache: inTheWay })).rendered).toEqual([]);
  }, 180_000);

  it('renders every page and completes when there is nowhere to keep captures', async () => {
    const file = join(tempDir('offprint-captures-'), 'file');
    writeFileSync(file, 'not a folder');
    const exported = await exportSite({ captureCache: join(file, 'captures', site.projectId) });
    expect(exported.rendered).toHaveLength(exported.pageCount);
    expect(readFileSync(file, 'utf8')).toBe('not a folder');
  }, 180_000);
});
