/**
 * Opening an unzipped static-export bundle the way its users do: from disk (file://) and from a plain
 * static file server, in real Chromium, with every request that leaves the bundle blocked and counted,
 * and every internal link and anchor checked against the bundle's files and element ids.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from '../../server/render/chromium.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
};

/** A plain static file server (no rewriting: `/a/b.html` is the file a/b.html; `/` is index.html). */
export async function serveStatic(root: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** What opening every page of a bundle found. */
export interface BundleVisit {
  readonly pagesOpened: number;
  /** Requests to anything outside the bundle (blocked). */
  readonly blocked: string[];
  /** Requests inside the bundle that failed or answered >= 400. */
  readonly failed: string[];
  /** Links to bundle files that do not exist, or to anchors missing from their page. */
  readonly brokenLinks: string[];
  readonly consoleErrors: string[];
}

interface PageLinks {
  readonly ids: string[];
  readonly links: string[];
}

/** URL of a bundle file as the visit opens it (base ends with `/`). */
function fileUrl(base: string, file: string): string {
  return new URL(file, base).href;
}

/** Strips the base and the hash: the bundle-relative file a URL points to ('' for outside). */
function bundleFileOf(base: string, href: string): string | null {
  if (!href.startsWith(base)) return null;
  const rest = decodeURIComponent(href.slice(base.length).split('#')[0]?.split('?')[0] ?? '');
  return rest === '' || rest.endsWith('/') ? `${rest}index.html` : rest;
}

/**
 * Opens each of `files` (bundle-relative `.html` paths) under `base` (`file:///dir/` or `http://host/`),
 * `concurrency` at a time, and checks requests, console errors, links and anchors.
 */
export async function visitBundle(
  browser: Browser,
  base: string,
  files: readonly string[],
  bundleFiles: ReadonlySet<string>,
  concurrency = 3,
): Promise<BundleVisit> {
  const blocked: string[] = [];
  const failed: string[] = [];
  const consoleErrors: string[] = [];
  const found = new Map<string, PageLinks>();
  const context = await browser.newContext();
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (url.startsWith(base) || url.startsWith('data:') || url.startsWith('blob:')) await route.continue();
    else {
      blocked.push(url);
      await route.abort('blockedbyclient');
    }
  });
  const openOne = async (page: Page, file: string): Promise<void> => {
    await page.goto(fileUrl(base, file), { waitUntil: 'load', timeout: 30_000 });
    const links = await page.evaluate(() => ({
      ids: [...document.querySelectorAll('[id]')].map((e) => e.id),
      links: [...document.querySelectorAll('a[href]')].map((a) => (a as HTMLAnchorElement).href),
    }));
    found.set(file, links);
  };
  const queue = [...files];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      const page = await context.newPage();
      page.on('console', (m) => {
        if (m.type() === 'error') consoleErrors.push(`${page.url()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => consoleErrors.push(`${page.url()}: ${e.message}`));
      page.on('requestfailed', (r) => {
        if (!r.url().startsWith(base)) return;
        const error = r.failure()?.errorText ?? 'failed';
        // A request still in flight when the visit moves on to the next page is aborted by that
        // navigation: no fault of the bundle, provided the file is in it (a missing one fails otherwise).
        const file = bundleFileOf(base, r.url());
        if (error === 'net::ERR_ABORTED' && file !== null && bundleFiles.has(file)) return;
        failed.push(`${r.url()} (${error})`);
      });
      page.on('response', (r) => {
        if (r.url().startsWith(base) && r.status() >= 400) failed.push(`${r.url()} (HTTP ${r.status()})`);
      });
      for (let file = queue.shift(); file !== undefined; file = queue.shift()) await openOne(page, file);
      await page.close();
    }),
  );
  await context.close();
  const brokenLinks: string[] = [];
  for (const [file, { links }] of found) {
    for (const href of links) {
      const target = bundleFileOf(base, href);
      if (target === null) continue;
      if (!bundleFiles.has(target)) {
        brokenLinks.push(`${file} -> ${href} (no such file)`);
        continue;
      }
      const hash = href.includes('#') ? decodeURIComponent(href.slice(href.indexOf('#') + 1)) : '';
      const targetIds = found.get(target)?.ids;
      if (hash !== '' && targetIds !== undefined && !targetIds.includes(hash)) {
        brokenLinks.push(`${file} -> ${href} (no #${hash})`);
      }
    }
  }
  return { pagesOpened: found.size, blocked, failed, brokenLinks, consoleErrors };
}

/** `file:///dir/` for a folder. */
export function folderBase(dir: string): string {
  return pathToFileURL(dir + sep).href;
}

/** The parts of a bundle's manifest a visit needs. */
export interface VisitedManifest {
  readonly pages: readonly { readonly file: string }[];
  readonly files: readonly { readonly path: string }[];
}

/** {@link visitBundle} over every page a bundle's manifest lists, checking links against its files. */
export function visitManifest(browser: Browser, base: string, manifest: VisitedManifest): Promise<BundleVisit> {
  return visitBundle(
    browser,
    base,
    manifest.pages.map((p) => p.file),
    new Set(manifest.files.map((f) => f.path)),
  );
}
