/**
 * The static export pipeline on a small real site (serve-mini plus pages with a diagram, math, links of
 * every kind and an external image), in real Chromium: every page captured, links and assets rewritten so
 * that the folder works from disk, a correct manifest, a bundle `verify` accepts, the same bytes from two
 * runs, resumption without re-rendering, and blocked requests reported.
 */
import { CAPTURED_HTML } from '../server/export/workDir.js';
import AdmZip from 'adm-zip';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, posix } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { getCurrentSite } from '../server/domain/sites.js';
import type { ExportResult } from '../server/export/contract.js';
import { pageFile } from '../server/export/bundleFiles.js';
import { listExportPages } from '../server/exportSpec/pages.js';
import { verifyBundle } from '../server/export/verify.js';
import { launchChromium, type Page } from '../server/render/chromium.js';
import { OFFPRINT_VERSION } from '../server/version.js';
import { folderBase, visitManifest } from './helpers/bundleCheck.js';
import {
  countingBackend,
  exportFixture,
  exportOnce,
  importExportFixture,
  type ExportSiteFixture,
} from './helpers/exportRun.js';
import { needsChromium } from './helpers/needs.js';

/** Lightness (0 dark to 1 light) of the shown diagram's first node label, as the reader sees it. */
async function labelLightness(page: Page): Promise<number> {
  const color = await page
    .locator('[data-op-mermaid] svg:visible .nodeLabel')
    .first()
    .evaluate((el) => getComputedStyle(el).color);
  const [r = 0, g = 0, b = 0] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return (Math.max(r, g, b) + Math.min(r, g, b)) / 2 / 255;
}

interface Manifest {
  offprintVersion: string;
  domain: string;
  deployment: string;
  versionLabel: string | null;
  features: Record<string, unknown>;
  pages: { path: string; file: string }[];
  redirects: { source: string; file: string }[];
  blockedRequests: { page: string; url: string }[];
  files: { path: string; size: number; sha256: string }[];
}

const sha256 = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');

needsChromium().describe('static export pipeline', () => {
  let site: ExportSiteFixture;
  let first: { result: ExportResult; outFile: string; workDir: string };
  let zip: AdmZip;
  let manifest: Manifest;
  let pages: string[];
  const text = (name: string): string => zip.readAsText(name);

  beforeAll(async () => {
    site = await importExportFixture(exportFixture());
    const current = getCurrentSite(site.rt, site.projectId);
    if (current === null) throw new Error('the fixture has no site');
    pages = listExportPages(current.model, null).pages;
    first = await exportOnce(site);
    zip = new AdmZip(first.outFile);
    manifest = JSON.parse(text('manifest.json')) as Manifest;
  }, 60_000);

  it('captures every page of the site, in and out of the navigation, at its .html path', () => {
    expect(pages).toEqual(expect.arrayContaining(['/', '/guides/intro', '/orphan', '/guides/hidden-page']));
    expect(first.result.pageCount).toBe(pages.length);
    expect(manifest.pages).toEqual(pages.map((path) => ({ path, file: pageFile(path) })));
    for (const page of manifest.pages) {
      const html = text(page.file);
      expect(html.startsWith('<!doctype html><html'), page.file).toBe(true);
    }
    expect(text('guides/intro.html')).toContain('<h1 class="op-page-title" id="page-title">Introduction</h1>');
  });

  it('rewrites internal links to relative .html paths, keeping anchors and following redirects', () => {
    const links = text('extras/links.html');
    expect(links).toContain('href="../guides/intro.html#setup"');
    expect(links).toContain('href="../guides/post-one.html"'); // /beta/:slug* -> /guides/:slug*
    expect(links).toContain('href="../404.html"'); // no such page
    expect(links).toMatch(/href="\.\.\/_assets\/sheet\.[0-9a-f]{12}\.pdf"/);
    expect(links).toContain('href="https://example.com/docs"');
    expect(links).toContain('href="mailto:docs@example.com"');
    // No link is left absolute (data-page-href, the page's own path that project CSS matches, is no link).
    expect(links).not.toMatch(/(?<![\w-])href="\/(?!\/)/);
    // Anchors the target page does not have are dropped: the link leads to the page (or its top).
    expect(links).toMatch(/<a href="\.\.\/guides\/intro\.html">Gone anchor<\/a>/);
    expect(links).toMatch(/<a href="#">Gone here<\/a>/);
    expect(text('index.html')).toContain('href="guides/intro.html"');
    expect(text('guides/intro.html')).toContain('href="../index.html"');
  });

  it('hashes every asset by its content and rewrites stylesheet references, fonts included', () => {
    // The search index's scripts sit in one fixed folder (checked below).
    const assets = zip
      .getEntries()
      .filter((e) => e.entryName.startsWith('_assets/') && !e.entryName.startsWith('_assets/search/'));
    expect(assets.length).toBeGreaterThan(5);
    for (const entry of assets) {
      const hash = /\.([0-9a-f]{12})(\.[a-z0-9]+)?$/.exec(entry.entryName)?.[1];
      expect(hash, entry.entryName).toBe(sha256(entry.getData()).slice(0, 12));
    }
    const katex = assets.find((e) => /^_assets\/katex-min\.[0-9a-f]{12}\.css$/.test(e.entryName));
    expect(katex).toBeDefined();
    const css = katex?.getData().toString('utf8') ?? '';
    const fonts = [...css.matchAll(/url\("([^"]+)"\)/g)].map((m) => m[1] ?? '');
    expect(fonts.length).toBeGreaterThan(10);
    for (const font of fonts) expect(zip.getEntry(posix.join('_assets', font)), font).not.toBeNull();
    expect(assets.some((e) => e.entryName.includes('mermaid'))).toBe(false);
  });

  it('saves diagrams drawn, so the bundle never loads Mermaid', () => {
    const diagram = text('extras/diagram.html');
    expect(diagram).toMatch(/data-op-mermaid=""[^>]*data-state="rendered"|data-state="rendered"[^>]*data-op-mermaid/);
    expect(diagram).toContain('<svg');
    expect(diagram).toContain('class="katex');
    expect(diagram).toMatch(/src="\.\.\/_assets\/logo\.[0-9a-f]{12}\.png"/);
  });

  it('blocks and reports requests that leave the site, and leaves the resource out of the page', () => {
    expect(first.result.blockedRequests).toContainEqual({
      page: '/extras/external',
      url: 'https://example.com/pixel.png',
    });
    expect(manifest.blockedRequests).toEqual(first.result.blockedRequests);
    expect(text('extras/external.html')).not.toContain('https://example.com/pixel.png');
  });

  it('writes a manifest describing the bundle and every file in it', () => {
    expect(manifest).toMatchObject({
      offprintVersion: OFFPRINT_VERSION,
      domain: site.domain,
      deployment: 'air-gapped',
      versionLabel: null,
      features: { search: true, feedback: null, analytics: null, apiPlayground: null, assistant: false },
    });
    // The manifest lists every entry but itself and the two files made from it (signature, manifest script).
    const unlisted = ['manifest.json', 'manifest.json.sig', 'manifest.js'];
    expect(unlisted.every((name) => zip.getEntry(name) !== null)).toBe(true);
    const entries = zip.getEntries().filter((e) => !unlisted.includes(e.entryName));
    expect(manifest.files.map((f) => f.path)).toEqual(entries.map((e) => e.entryName));
    for (const entry of entries) {
      const described = manifest.files.find((f) => f.path === entry.entryName);
      expect(described).toEqual({ path: entry.entryName, size: entry.header.size, sha256: sha256(entry.getData()) });
    }
    expect(first.result.sizeBytes).toBe(readFileSync(first.outFile).length);
  });

  it('adds 404.html, redirect pages, an extensionless sitemap and canonical URLs, and robots.txt', () => {
    expect(text('404.html')).toContain('Lost in the docs');
    const oldIntro = text('old-intro.html');
    expect(oldIntro).toContain('content="0; url=guides/intro.html"');
    expect(oldIntro).toContain(`<link rel="canonical" href="https://${site.domain}/guides/intro">`);
    // The pattern rules (/beta/:slug* -> /guides/:slug*, /legacy/post-* -> /guides/post-*) read backwards:
    // a redirect page for each exported page they lead to, from the path that leads there.
    expect(manifest.redirects.map((r) => r.source)).toEqual([
      '/beta/broken',
      '/beta/hidden-page',
      '/beta/intro',
      '/beta/post-one',
      '/beta/quiet',
      '/guides/moved',
      '/legacy/post-one',
      '/old-intro',
    ]);
    expect(text('beta/intro.html')).toContain('content="0; url=../guides/intro.html"');
    expect(text('legacy/post-one.html')).toContain('content="0; url=../guides/post-one.html"');
    const sitemap = text('sitemap.xml');
    expect(sitemap).toContain(`<loc>https://${site.domain}/guides/intro</loc>`);
    expect(sitemap).not.toContain('.html');
    expect(text('guides/intro.html')).toContain(`<link rel="canonical" href="https://${site.domain}/guides/intro">`);
    expect(text('robots.txt')).toContain(`Sitemap: https://${site.domain}/sitemap.xml`);
  });

  it('ships the search index as scripts with bundle-relative page URLs, in one fixed folder', () => {
    const files = zip.getEntries().map((e) => e.entryName);
    const manifestFile = files.find((name) => /^_assets\/search\/manifest\.js$/.test(name));
    expect(manifestFile).toBeDefined();
    const folder = manifestFile?.slice(0, -'manifest.js'.length) ?? '';
    expect(text(`${folder}manifest.js`).startsWith('__offprintSearchShard("manifest",{"version":3,')).toBe(true);
    expect(files.some((name) => name === `${folder}t0.js`)).toBe(true);
    const chunks = files.filter((name) => name.startsWith(`${folder}d`)).map(text);
    expect(chunks.join('')).toContain('"u":"../../guides/intro.html"');
    expect(text('index.html')).toContain(`<link rel="op-search-index" href="${manifestFile ?? ''}">`);
  });

  it('works from disk: no request leaves the bundle, no broken link, search finds pages, diagrams stay drawn', async () => {
    const dir = join(first.workDir, '..', 'unzipped');
    zip.extractAllTo(dir, true);
    const base = folderBase(dir);
    const browser = await launchChromium();
    try {
      const visit = await visitManifest(browser, base, manifest);
      expect(visit).toMatchObject({ pagesOpened: pages.length, blocked: [], failed: [], brokenLinks: [] });
      expect(visit.consoleErrors).toEqual([]);
      const page = await browser.newPage();
      const requested: string[] = [];
      page.on('request', (r) => requested.push(r.url()));
      await page.goto(`${base}guides/intro.html`);
      await page.keyboard.press('Control+k');
      await page.keyboard.type('intro');
      await page.waitForSelector('.op-search-result');
      const hrefs = await page.$$eval('.op-search-result a', (links) =>
        links.map((a) => (a as HTMLAnchorElement).href),
      );
      expect(hrefs).toContain(`${base}guides/intro.html`);
      await page.goto(`${base}extras/diagram.html`, { waitUntil: 'load' });
      expect(await page.locator('[data-op-mermaid] svg:visible').count()).toBe(1);
      expect(await labelLightness(page)).toBeLessThan(0.5);
      // Mermaid is not there to redraw the diagram in the reader's mode: the bundle carries both drawings.
      await page.click('[data-op-theme-toggle]');
      expect(await page.locator('[data-op-mermaid] svg:visible').count()).toBe(1);
      expect(await labelLightness(page)).toBeGreaterThan(0.5);
      expect(requested.every((url) => url.startsWith(base))).toBe(true);
      expect(requested.some((url) => url.includes('mermaid'))).toBe(false);
    } finally {
      await browser.close();
    }
  }, 30_000);

  it('passes verify', async () => {
    expect(await verifyBundle(first.outFile)).toMatchObject({ ok: true, problems: [] });
  });

  it('gives the same bytes on a second run in another work dir, on targets replaced every few pages', async () => {
    const counting = countingBackend();
    const second = await exportOnce(site, { concurrency: 1, backend: counting.factory, pagesPerTarget: 3 });
    expect(second.result.sha256).toBe(first.result.sha256);
    expect(sha256(readFileSync(second.outFile))).toBe(first.result.sha256);
    // One worker renders every page, then the egress check opens each twice: a fresh target every 3 pages.
    expect(Math.max(...counting.pagesPerTarget)).toBe(3);
    const loads = counting.pagesPerTarget.reduce((sum, n) => sum + n, 0);
    expect(counting.pagesPerTarget.length).toBeGreaterThanOrEqual(Math.ceil(pages.length / 3) * 2);
    expect(loads).toBeGreaterThan(pages.length * 3);
  }, 60_000);

  it('resumes: pages an earlier run captured are not rendered again, and the bytes are the same', async () => {
    const dir = join(first.workDir, '..', 'resumed');
    cpSync(join(first.workDir, 'pages'), join(dir, 'pages'), { recursive: true });
    const captured = readdirSync(join(dir, 'pages')).filter((f) => f.endsWith(CAPTURED_HTML));
    const removed = captured.slice(0, 3);
    for (const file of removed) rmSync(join(dir, 'pages', file));
    const counting = countingBackend();
    const progress: number[] = [];
    // Navigations of the rendering only: the egress check then opens every page of the bundle.
    let rendered: number | null = null;
    const resumed = await exportOnce(site, {
      workDir: dir,
      backend: counting.factory,
      onProgress: (p) => {
        progress.push(p.pagesDone);
        if (p.phase === 'proving') rendered ??= counting.navigations.length;
      },
    });
    expect(rendered).toBe(removed.length);
    expect(progress[0]).toBe(pages.length - removed.length);
    expect(resumed.result.sha256).toBe(first.result.sha256);
    expect(existsSync(join(dir, 'bundle'))).toBe(false);
    // The egress check opens every page of the bundle twice after the rendering.
  }, 60_000);
});
