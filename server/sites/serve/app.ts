/**
 * The Koa app of one docs site, served on its own loopback port so that the project's absolute paths
 * (`/guides/x`, `/images/a.png`) work unchanged. It never listens itself (see servers.ts). Order of
 * resolution for a GET: `/_offprint/*` assets, machine files (llms.txt, sitemap, robots), redirects,
 * Markdown views, pages, project files, then the 404 page.
 */
import Koa, { type Context } from 'koa';
import { MethodNotAllowedError, NotFoundError, ValidationError } from '../../errors.js';
import type { SiteDeps } from '../../deps.js';
import { errorHandler } from '../../http/middleware/errorHandler.js';
import { hostCheck, type HostPolicy } from '../../http/middleware/hostCheck.js';
import type { RateLimiter } from '../../http/rateLimit.js';
import type { SitePage } from '../project/model.js';
import type { ExportProfile } from '../theme/profile.js';
import { llmsFullTxt, llmsTxt, markdownView, robotsTxt, sitemapXml } from './agents.js';
import { serveAsset } from './assets.js';
import type { BuildTracker, SiteBuild } from './build.js';
import { handleFeedback, isFeedbackPath } from './feedback.js';
import { feedXml, notFoundHtml, pageHtml } from './pages.js';
import { feedPageOf } from '../theme/feed.js';
import { languageHome } from '../theme/equivalent.js';
import { hasDotSegment, statInside } from '../project/read.js';
import { findPage, parseSitePath, type SitePath } from './paths.js';
import { contentTypeOf, isServedFile } from '../project/servedFiles.js';
import { entryRedirect, matchRedirect } from '../project/redirects.js';
import type { CachedBody, RenderCache } from './renderCache.js';
import { refuseServiceWorkers, sendBody, sendFile, siteHeaders, type BodyOptions } from './respond.js';

/** What one site app needs. */
export interface SiteAppDeps {
  readonly deps: SiteDeps;
  readonly projectId: string;
  /** Host names answered (the port is filled in once listening). */
  readonly hostPolicy: HostPolicy;
  /** The build to serve: the current one (BuildTracker), or one pinned by a static export. */
  readonly builds: Pick<BuildTracker, 'current'>;
  readonly cache: RenderCache;
  /** Limits the public feedback endpoints per remote address. */
  readonly limiter: RateLimiter;
  /** Limits them for the whole site, whatever the addresses (absent on an export's private server). */
  readonly siteBudget?: RateLimiter;
  /**
   * Set only on a static export's private site server: pages are rendered for the bundle (server/export),
   * machine files use the published origin, and `/_offprint/404.html` serves the 404 document (with
   * `?path=/fr/`, in the language of that path).
   */
  readonly profile?: ExportProfile;
}

/** Where an export profile's server serves the 404 document (the live site has no such path). */
export const EXPORT_NOT_FOUND_PATH = '/_offprint/404.html';

const TEXT = 'text/plain; charset=utf-8';
const MARKDOWN = 'text/markdown; charset=utf-8';
/** When a reader may ask again for a page whose render ran out of time (seconds, `Retry-After`). */
const INCOMPLETE_RETRY_SECONDS = 5;

function originOf(ctx: Context, profile?: ExportProfile): string {
  return profile?.origin ?? `http://${ctx.get('Host')}`;
}

function redirect(ctx: Context, location: string, status: 307 | 308): void {
  ctx.status = status;
  ctx.set('Location', location);
  ctx.set('Cache-Control', 'no-cache');
  ctx.body = `Redirecting to ${location}\n`;
  ctx.type = TEXT;
}

function encodeUrlPath(path: string): string {
  return encodeURI(path).replace(/[?#]/g, encodeURIComponent);
}

function wantsMarkdown(ctx: Context): boolean {
  const accept = ctx.get('Accept');
  return /\btext\/markdown\b/i.test(accept) && !/\btext\/html\b/i.test(accept);
}

async function servePage(ctx: Context, app: SiteAppDeps, build: SiteBuild, page: SitePage): Promise<void> {
  ctx.set('Link', '</llms.txt>; rel="llms-txt"');
  ctx.set('X-Llms-Txt', '/llms.txt');
  ctx.vary('Accept');
  if (wantsMarkdown(ctx)) {
    sendBody(ctx, markdownView(build, page, originOf(ctx, app.profile)), { type: MARKDOWN });
    return;
  }
  const doc = await pageHtml(app.cache, build, page, originOf(ctx, app.profile), app.deps.logger, app.profile);
  sendRendered(ctx, doc, { type: 'text/html; charset=utf-8', html: true, csp: build.scripts?.csp });
}

/**
 * Answers with a rendered body. An incomplete render (time ran out) is the machine's, not the page's:
 * 503, so that a reload, or an export (whose capture keeps only a 2xx page, whose feed fetch retries a
 * 5xx), asks again instead of keeping the error box.
 */
function sendRendered(ctx: Context, doc: CachedBody, options: Omit<BodyOptions, 'etag' | 'status'>): void {
  const incomplete = doc.incomplete !== undefined;
  sendBody(ctx, doc.body, { ...options, etag: doc.etag, ...(incomplete ? { status: 503 } : {}) });
  if (incomplete) {
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Retry-After', String(INCOMPLETE_RETRY_SECONDS));
  }
}

/** Machine-readable files at fixed paths; false when `path` is none of them. */
function serveMachineFile(ctx: Context, build: SiteBuild, path: string, profile?: ExportProfile): boolean {
  const origin = originOf(ctx, profile);
  if (path === '/llms.txt' || path === '/.well-known/llms.txt') sendBody(ctx, llmsTxt(build, origin), { type: TEXT });
  else if (path === '/llms-full.txt' || path === '/.well-known/llms-full.txt') {
    sendBody(
      ctx,
      build.memoText(`llms-full ${origin}`, () => llmsFullTxt(build, origin)),
      { type: TEXT },
    );
  } else if (path === '/sitemap.xml') {
    sendBody(ctx, sitemapXml(build, origin), { type: 'application/xml; charset=utf-8' });
  } else if (path === '/robots.txt') sendBody(ctx, robotsTxt(build, origin), { type: TEXT });
  else return false;
  return true;
}

function serveProjectFile(ctx: Context, build: SiteBuild, site: SitePath): boolean {
  const file = site.segments.join('/');
  const type = contentTypeOf(file);
  const found = isServedFile(file) ? statInside(build.rootDir, site.segments) : null;
  if (found === null || type === undefined) return false;
  // A project script the allowedScripts setting does not name is text: browsers refuse to run it (nosniff).
  const runnable = !type.startsWith('text/javascript') || build.scripts?.loaded.includes(file);
  sendFile(ctx, found.file, found.stats, runnable === true ? type : TEXT);
  return true;
}

async function notFound(ctx: Context, app: SiteAppDeps, build: SiteBuild, site: SitePath): Promise<void> {
  const last = site.segments[site.segments.length - 1] ?? '';
  const pageLike = !last.includes('.');
  if (!pageLike) throw NotFoundError(`No file at ${site.path}`);
  const entry = entryRedirect(build.model, ctx.search);
  if (site.path === '/' && entry !== null) {
    redirect(ctx, entry.location, entry.status);
    return;
  }
  // A language's root (`/ja`) is no miss: it leads to that language's first page, as `/` leads to the default's.
  const home = languageHome(build.model, site.path);
  if (home !== undefined && home !== site.path) {
    redirect(ctx, encodeURI(home), 307);
    return;
  }
  const { notFound: settings } = build.model.settings;
  // errors.404.redirect (default true) sends unknown pages home, when home leads somewhere.
  if (settings.redirect && site.path !== '/') {
    if (findPage(build.model, '/') !== undefined || matchRedirect(build.redirects, '/') !== null || entry !== null) {
      redirect(ctx, '/', 307);
      return;
    }
  }
  // The export captures one 404 page (EXPORT_NOT_FOUND_PATH); the live site answers in the path's language.
  const path = app.profile === undefined ? site.path : undefined;
  const doc = await notFoundHtml(app.cache, build, app.deps.logger, app.profile, path);
  sendBody(ctx, doc.body, {
    type: 'text/html; charset=utf-8',
    etag: doc.etag,
    status: 404,
    html: true,
    csp: build.scripts?.csp,
  });
}

async function handleGet(ctx: Context, app: SiteAppDeps, build: SiteBuild, site: SitePath): Promise<void> {
  const [first, ...rest] = site.segments;
  if (app.profile !== undefined && site.path === EXPORT_NOT_FOUND_PATH) {
    // `?path=/fr/`: the 404 page of the language that path is under (one per language folder in a bundle).
    const under = typeof ctx.query['path'] === 'string' ? ctx.query['path'] : undefined;
    const doc = await notFoundHtml(app.cache, build, app.deps.logger, app.profile, under);
    sendBody(ctx, doc.body, { type: 'text/html; charset=utf-8', etag: doc.etag, html: true });
    return;
  }
  if (first === '_offprint') {
    const islands = app.profile !== undefined || build.scripts?.components === true;
    if (!(await serveAsset(ctx, build, rest, app.cache, app.deps.logger, islands)))
      throw NotFoundError(`No asset at ${site.path}`);
    return;
  }
  if (serveMachineFile(ctx, build, site.path, app.profile)) return;
  const target = matchRedirect(build.redirects, site.path, ctx.search);
  if (target !== null) {
    redirect(ctx, target.location, target.status);
    return;
  }
  if (hasDotSegment(site.segments)) {
    await notFound(ctx, app, build, site);
    return;
  }
  if (site.path.endsWith('.md')) {
    const page = findPage(build.model, site.path === '/index.md' ? '/' : site.path.slice(0, -3));
    if (page !== undefined) {
      sendBody(ctx, markdownView(build, page, originOf(ctx, app.profile)), { type: MARKDOWN });
      return;
    }
  }
  const page = findPage(build.model, site.path);
  if (page !== undefined) {
    if (site.trailingSlash || site.path !== page.url) {
      redirect(ctx, encodeUrlPath(page.url) + ctx.search, 308);
      return;
    }
    await servePage(ctx, app, build, page);
    return;
  }
  if (serveProjectFile(ctx, build, site)) return;
  if (await serveFeed(ctx, app, build, site.path)) return;
  if (site.path === '/favicon.ico') {
    // Browsers ask every site for one: a site without a favicon answers "nothing", not an error that
    // every page's console would show.
    ctx.status = 204;
    return;
  }
  await notFound(ctx, app, build, site);
}

/** A changelog page's RSS feed at `<page-url>/rss.xml` (theme/feed.ts); false when `path` is no feed. */
async function serveFeed(ctx: Context, app: SiteAppDeps, build: SiteBuild, path: string): Promise<boolean> {
  const page = feedPageOf(path, (pagePath) => findPage(build.model, pagePath));
  if (page === undefined) return false;
  const feed = await feedXml(app.cache, build, page, originOf(ctx, app.profile), app.deps.logger);
  sendRendered(ctx, feed, { type: 'application/rss+xml; charset=utf-8' });
  return true;
}

/** Creates the Koa app of one site. */
export function createSiteApp(app: SiteAppDeps): Koa {
  const koa = new Koa({ proxy: false });
  koa.silent = true;
  koa.use(errorHandler(app.deps.logger, [app.deps.dataDir]));
  koa.use(siteHeaders());
  koa.use(hostCheck(app.hostPolicy));
  koa.use(refuseServiceWorkers());
  koa.use(async (ctx) => {
    if (isFeedbackPath(ctx.path)) {
      await handleFeedback(ctx, {
        deps: app.deps,
        projectId: app.projectId,
        limiter: app.limiter,
        siteBudget: app.siteBudget,
        model: () => app.builds.current()?.model ?? null,
      });
      return;
    }
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      throw MethodNotAllowedError(['GET', 'HEAD']);
    }
    const site = parseSitePath(ctx.path);
    if (site === null) throw ValidationError('Bad request path', [`path: ${ctx.path} is not a valid site path`]);
    const build = app.builds.current();
    if (build === null) throw NotFoundError('This project has no site any more');
    await handleGet(ctx, app, build, site);
  });
  return koa;
}
