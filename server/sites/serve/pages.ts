/**
 * Pages as HTML documents: the MDX body from the renderer (and/or the theme's endpoint reference),
 * wrapped in the theme's shell, cached per build. Whatever goes wrong with one page (unreadable file, a
 * renderer or theme bug), the reader gets a document with an error box instead of a 500.
 */
import type { Logger } from '../../logger.js';
import type { SitePage, SiteModel } from '../project/model.js';
import type { RenderedPage } from '../render/types.js';
import { SandboxFailure } from '../sandbox/pool.js';
import { renderSandbox } from '../sandbox/shared.js';
import { esc } from '../theme/html.js';
import type { ExportProfile } from '../theme/profile.js';
import type { SiteBuild } from './build.js';
import type { CachedBody, RenderCache } from './renderCache.js';
import { etagOf } from './respond.js';
import { readStoredSearchIndex, storeSearchIndex } from './searchIndexFile.js';
import { endpointBody, notFoundDocument, pageDocument, searchable, searchIndex } from './theme.js';

/** What the search index keeps of a rendered page. */
type PageSummary = Pick<RenderedPage, 'headings' | 'text'>;

/** The error box's text when rendering threw: the exception is logged, never shown to readers. */
export const INTERNAL_RENDER_FAILURE =
  'An internal error stopped this page from rendering (the server log has the details)';

/** The renderer's error box (server/sites/render/DOM.md, "Render errors"). */
export function errorBox(reason: string): string {
  return (
    `<div class="op-render-error" data-op-render-error=""><p class="op-render-error-title">` +
    `This page could not be rendered</p><pre class="op-render-error-message">${esc(reason)}</pre></div>`
  );
}

/** A body that is only the error box, with the reason the page could not be rendered. */
export function failedBody(page: SitePage, reason: string): RenderedPage {
  return {
    html: errorBox(reason),
    headings: [],
    unknownComponents: [],
    missingImports: [],
    assets: [],
    text: '',
    frontmatter: page.frontmatter,
    warnings: [`render failed: ${reason}`],
  };
}

/** A bare document for when the theme itself fails: still HTML, still readable. */
function bareDocument(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>` +
    `</head><body><main><h1>${esc(title)}</h1>${body}</main></body></html>`
  );
}

/**
 * A page's body from its sources: the MDX, rendered in a sandbox process that may read only the
 * project's folder `rootDir` (server/sites/sandbox), and, for OpenAPI pages, the endpoint reference.
 * A page its sandbox could not render (unreadable file, too slow, out of memory) gets the error box
 * with the reason; renderer bugs throw.
 */
export async function renderPageSource(model: SiteModel, rootDir: string, page: SitePage): Promise<RenderedPage> {
  let content: RenderedPage | undefined;
  if (page.file !== null) {
    try {
      content = await renderSandbox().render(rootDir, {
        file: page.file,
        variables: model.settings.variables,
        iconLibrary: model.settings.iconLibrary,
      });
    } catch (error) {
      if (!(error instanceof SandboxFailure)) throw error;
      return failedBody(page, error.message);
    }
  }
  if (page.operation !== undefined) return endpointBody(model, page.operation, content);
  return content ?? failedBody(page, 'The page has neither a file nor an OpenAPI operation');
}

function summaries(build: SiteBuild): Map<string, PageSummary> {
  return build.memo('page summaries', () => new Map<string, PageSummary>());
}

/** A page's body, never throwing; its headings and text are kept for the search index. */
async function renderBody(build: SiteBuild, page: SitePage, logger: Logger): Promise<RenderedPage> {
  let rendered: RenderedPage;
  try {
    rendered = await renderPageSource(build.model, build.rootDir, page);
  } catch (error) {
    logger.error({ err: error, projectId: build.projectId, page: page.path }, 'page render failed');
    // Content problems come back in the result; a throw is Offprint's own failure, not for readers.
    rendered = failedBody(page, INTERNAL_RENDER_FAILURE);
  }
  summaries(build).set(page.path, { headings: rendered.headings, text: rendered.text });
  return rendered;
}

/**
 * The HTML document of a page, rendered on first request and cached under the build (`profile`: for a
 * static export's capture).
 */
export function pageHtml(
  cache: RenderCache,
  build: SiteBuild,
  page: SitePage,
  origin: string,
  logger: Logger,
  profile?: ExportProfile,
): Promise<CachedBody> {
  return cache.get(`${build.cachePrefix}${profile ? 'export-' : ''}page/${page.path}`, async () => {
    const rendered = await renderBody(build, page, logger);
    let body: string;
    try {
      // Third-party scripts are for the live site only, never for an export's capture.
      body = pageDocument(build.model, page, rendered, origin, profile, profile ? undefined : build.scripts?.head);
    } catch (error) {
      logger.error({ err: error, projectId: build.projectId, page: page.path }, 'page shell failed');
      body = bareDocument(page.title, rendered.html);
    }
    return { body, etag: etagOf(body) };
  });
}

/**
 * The search index of a build: the one stored with the build (see searchIndexFile.ts), else built from
 * every searchable page's rendered body (pages already rendered for readers are not rendered again)
 * and stored for next time.
 */
export function searchIndexJson(cache: RenderCache, build: SiteBuild, logger: Logger): Promise<CachedBody> {
  return cache.get(`${build.cachePrefix}search-index`, async () => {
    const stored = readStoredSearchIndex(build.rootDir);
    if (stored !== null) return { body: stored, etag: etagOf(stored) };
    const known = summaries(build);
    const pages: { page: SitePage; rendered: PageSummary }[] = [];
    for (const page of build.model.pages.values()) {
      if (!searchable(page)) continue;
      let rendered = known.get(page.path);
      if (rendered === undefined) {
        rendered = await renderBody(build, page, logger);
        // Rendering a large site takes a while: let readers' requests in between pages.
        await new Promise((resolve) => setImmediate(resolve));
      }
      pages.push({ page, rendered });
    }
    const body = searchIndex(build.model, pages);
    storeSearchIndex(build.rootDir, body, logger);
    return { body, etag: etagOf(body) };
  });
}

/** The themed 404 document of a build (cached like a page). */
export function notFoundHtml(
  cache: RenderCache,
  build: SiteBuild,
  logger: Logger,
  profile?: ExportProfile,
): Promise<CachedBody> {
  return cache.get(`${build.cachePrefix}${profile ? 'export-' : ''}404`, () => {
    let body: string;
    try {
      body = notFoundDocument(build.model, profile, profile ? undefined : build.scripts?.head);
    } catch (error) {
      logger.error({ err: error, projectId: build.projectId }, '404 page failed');
      body = bareDocument('Page not found', '<p><a href="/">Go to the home page</a></p>');
    }
    return Promise.resolve({ body, etag: etagOf(body) });
  });
}
