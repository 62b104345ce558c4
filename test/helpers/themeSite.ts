/**
 * Test support for the theme (server/sites/theme): renders every page of a project folder with the real
 * loader, the server's page rendering (MDX in the render sandbox, endpoint references) and the theme, and
 * serves the result plus the theme files from a tiny node:http server (the real site server lives in
 * server/sites/serve; these tests exercise the theme on its own). The sandbox child is the built one:
 * `npm run build` first.
 */
import { readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSiteProject, type SitePage, type SiteModel } from '../../server/sites/project/model.js';
import { PAGE_CSP } from '../../server/sites/serve/respond.js';
import type { RenderedPage } from '../../server/sites/render/types.js';
import { siteCssAsset, themeAsset } from '../../server/sites/theme/assets.js';
import { SITE_CSS_URL, UTILITIES_CSS_URL } from '../../server/sites/theme/urls.js';
import { utilityCss } from '../../server/sites/theme/utilityCss.js';
import { renderDocument, renderNotFound } from '../../server/sites/theme/document.js';
import { buildSearchIndex } from '../../server/sites/search/build.js';
import { renderPageSource } from '../../server/sites/sandbox/page.js';
import { searchScript, type SearchIndexData } from '../../server/sites/theme/searchFormat.js';
import { memoryShards } from './searchShards.js';

const require = createRequire(import.meta.url);
const KATEX_DIST = dirname(require.resolve('katex'));
const MERMAID = require.resolve('mermaid/dist/mermaid.min.js');

/** test/fixtures/theme-mini: the theme's own fixture (tabs, nested groups, components, an OpenAPI spec). */
export const THEME_MINI = fileURLToPath(new URL('../fixtures/theme-mini', import.meta.url));

/** One rendered page. */
export interface RenderedSitePage {
  readonly page: SitePage;
  readonly rendered: RenderedPage;
  readonly html: string;
}

/** A project rendered completely. */
export interface RenderedSite {
  readonly site: SiteModel;
  /** By URL path (`/`, `/guides/setup`). */
  readonly pages: ReadonlyMap<string, RenderedSitePage>;
  readonly index: SearchIndexData;
}

/** Loads and renders every page of the project at `root`. */
export async function renderSite(root: string, origin?: string): Promise<RenderedSite> {
  const site = loadSiteProject(root);
  const pages = new Map<string, RenderedSitePage>();
  for (const page of site.pages.values()) {
    const rendered = await renderPageSource(site, site.rootDir, page);
    const html = renderDocument({ site, page, rendered, ...(origin ? { origin } : {}) });
    pages.set(page.url, { page, rendered, html });
  }
  return { site, pages, index: buildSearchIndex(site, [...pages.values()]) };
}

const TYPES: Readonly<Record<string, string>> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.css': 'text/css',
  '.woff2': 'font/woff2',
};

/** A feedback POST the test server received. */
export interface ReceivedFeedback {
  readonly url: string;
  readonly body: unknown;
}

/** The running static server. */
export interface ThemeServer {
  readonly url: string;
  readonly rendered: RenderedSite;
  readonly feedback: ReceivedFeedback[];
  readonly close: () => Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Serves a rendered site on 127.0.0.1:0: pages, `/_offprint/*` theme files (utility classes included), the sharded search index, KaTeX CSS,
 * project files, and stand-in feedback endpoints that record what the client sends and answer like the
 * real ones (server/sites/serve/FEEDBACK-API.md).
 */
export async function startThemeServer(root: string): Promise<ThemeServer> {
  const feedback: ReceivedFeedback[] = [];
  let rendered: RenderedSite | null = null;
  let shards: Map<string, string> | null = null;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const send = (status: number, type: string, body: string | Buffer): void => {
        const csp = type.startsWith('text/html') ? { 'content-security-policy': PAGE_CSP } : {};
        res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...csp });
        res.end(body);
      };
      if (!rendered) return send(503, 'text/plain', 'starting');
      if (req.method === 'POST' && url.pathname.startsWith('/_offprint/feedback/')) {
        const body: unknown = JSON.parse(await readBody(req));
        feedback.push({ url: url.pathname, body });
        const id = `fb${feedback.length}`;
        return send(
          url.pathname.endsWith('/details') ? 200 : 201,
          'application/json',
          JSON.stringify({ id, token: `tok-${id}` }),
        );
      }
      const shard = /^\/_offprint\/search\/(\w+)\.js$/.exec(url.pathname);
      if (shard?.[1]) {
        shards ??= await memoryShards(rendered.index.docs);
        const json = shards.get(shard[1]);
        return json === undefined
          ? send(404, 'text/plain', 'no such shard')
          : send(200, 'text/javascript', searchScript(shard[1], json));
      }
      if (url.pathname === '/_offprint/mermaid.min.js') return send(200, 'text/javascript', readFileSync(MERMAID));
      const katex = /^\/_offprint\/katex\/(katex\.min\.css|fonts\/[\w.-]+)$/.exec(url.pathname);
      if (katex?.[1]) {
        const type = katex[1].endsWith('.css') ? 'text/css' : 'font/woff2';
        return send(200, type, readFileSync(join(KATEX_DIST, katex[1])));
      }
      if (url.pathname === UTILITIES_CSS_URL) return send(200, 'text/css', await utilityCss(rendered.site.classNames));
      if (url.pathname === SITE_CSS_URL) return send(200, 'text/css', (await siteCssAsset(rendered.site)).body);
      if (url.pathname.startsWith('/_offprint/')) {
        const asset = themeAsset(url.pathname.slice('/_offprint/'.length));
        return asset ? send(200, asset.contentType, asset.body) : send(404, 'text/plain', 'no such asset');
      }
      const page = rendered.pages.get(url.pathname);
      if (page) return send(200, 'text/html; charset=utf-8', page.html);
      const file = normalize(join(rendered.site.rootDir, decodeURIComponent(url.pathname)));
      const type = TYPES[extname(file)];
      if (type && file.startsWith(rendered.site.rootDir + sep) && statSync(file, { throwIfNoEntry: false })?.isFile()) {
        return send(200, type, readFileSync(file));
      }
      return send(404, 'text/html; charset=utf-8', renderNotFound(rendered.site));
    })().catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  rendered = await renderSite(root, url);
  return {
    url,
    rendered,
    feedback,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
