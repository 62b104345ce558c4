/**
 * Pages as HTML documents: the MDX body from the renderer (and/or the theme's endpoint reference),
 * wrapped in the theme's shell, cached per build. Whatever goes wrong with one page (unreadable file, a
 * renderer or theme bug), the reader gets a document with an error box instead of a 500.
 */
import type { Logger } from '../../logger.js';
import type { SitePage } from '../project/model.js';
import type { RenderedPage } from '../render/types.js';
import { failedBody, INTERNAL_RENDER_FAILURE, renderPageSource } from '../sandbox/page.js';
import { esc } from '../theme/html.js';
import type { ExportProfile } from '../theme/profile.js';
import { ServiceUnavailableError } from '../../errors.js';
import { readStoredSearchIndex } from '../search/file.js';
import { indexBuildFolder } from '../search/index.js';
import type { SiteBuild } from './build.js';
import type { CachedBody, RenderCache } from './renderCache.js';
import { etagOf } from './respond.js';
import { notFoundDocument, pageDocument } from './theme.js';

/** A bare document for when the theme itself fails: still HTML, still readable. */
function bareDocument(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>` +
    `</head><body><main><h1>${esc(title)}</h1>${body}</main></body></html>`
  );
}

/** A page's body, never throwing. */
async function renderBody(build: SiteBuild, page: SitePage, logger: Logger): Promise<RenderedPage> {
  let rendered: RenderedPage;
  try {
    rendered = await renderPageSource(build.model, build.rootDir, page);
  } catch (error) {
    logger.error({ err: error, projectId: build.projectId, page: page.path }, 'page render failed');
    // Content problems come back in the result; a throw is Offprint's own failure, not for readers.
    rendered = failedBody(page, INTERNAL_RENDER_FAILURE);
  }
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
 * The search index of a build: the one stored with the build at import, else built now the one way an
 * import builds it (server/sites/search) and stored for next time.
 */
export function searchIndexJson(cache: RenderCache, build: SiteBuild, logger: Logger): Promise<CachedBody> {
  return cache.get(`${build.cachePrefix}search-index`, async () => {
    const body =
      readStoredSearchIndex(build.rootDir) ?? (await indexBuildFolder(build.rootDir, build.model, logger)).json;
    if (body === null) throw ServiceUnavailableError('The search index of this site could not be built in time');
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
