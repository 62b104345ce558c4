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
import { searchScript } from '../theme/searchFormat.js';
import type { ExportProfile } from '../theme/profile.js';
import { ServiceUnavailableError } from '../../errors.js';
import { hasStoredSearchIndex, readStoredSearchFile, SEARCH_FILE_NAME } from '../search/file.js';
import { indexBuildFolder } from '../search/index.js';
import { pageMarkdown } from './agents.js';
import type { SiteBuild } from './build.js';
import type { CachedBody, RenderCache } from './renderCache.js';
import { etagOf } from './respond.js';
import { notFoundDocument, notFoundLanguage, pageDocument, utilitiesFile } from './theme.js';
import { rssFeedXml } from '../theme/feed.js';
import { pageIslandsUrl } from '../theme/urls.js';

/** A bare document for when the theme itself fails: still HTML, still readable. */
function bareDocument(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>` +
    `</head><body><main><h1>${esc(title)}</h1>${body}</main></body></html>`
  );
}

/** `cached` marked incomplete when the render it was made of is (see RenderedPage.incomplete). */
function withIncomplete(cached: CachedBody, rendered: RenderedPage): CachedBody {
  return rendered.incomplete === undefined ? cached : { ...cached, incomplete: rendered.incomplete };
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
    const islands = rendered.islands;
    if (islands !== undefined) {
      // The page's components are asked for next: they need not be rendered again.
      void islandsScriptOf(cache, build, page, () => Promise.resolve(rendered));
    }
    // Project code (third-party scripts, components) runs on the live site only, never in an export's
    // capture: the assembly puts it back into the bundle's pages.
    const live = profile === undefined;
    const runIslands = live && islands !== undefined && build.scripts?.components === true;
    // A project whose class names hold no utility gets no stylesheet of them (it would be empty).
    const utilities = build.model.classNames.length > 0 && (await utilitiesFile(build.model, logger)).body !== '';
    let body: string;
    try {
      body = pageDocument(build.model, page, rendered, origin, {
        profile,
        scripts: live ? build.scripts?.head : undefined,
        islands: runIslands ? pageIslandsUrl(page.path) : undefined,
        utilities,
        markdown: build.model.settings.contextual.some((item) => item.kind === 'copy')
          ? pageMarkdown(build, page)
          : undefined,
      });
    } catch (error) {
      logger.error({ err: error, projectId: build.projectId, page: page.path }, 'page shell failed');
      body = bareDocument(page.title, rendered.html);
    }
    return withIncomplete({ body, etag: etagOf(body) }, rendered);
  });
}

/**
 * The RSS feed of a page's `<Update>` entries (theme/feed.ts), its links on `origin`; cached per build
 * like the page.
 */
export function feedXml(
  cache: RenderCache,
  build: SiteBuild,
  page: SitePage,
  origin: string,
  logger: Logger,
): Promise<CachedBody> {
  return cache.get(`${build.cachePrefix}feed/${origin} ${page.path}`, async () => {
    const rendered = await renderBody(build, page, logger);
    const body = rssFeedXml({ siteName: build.model.settings.name, page, html: rendered.html, origin });
    return withIncomplete({ body, etag: etagOf(body) }, rendered);
  });
}

/** The cached script of a page's components, made from `rendered` (the page's render) when not cached. */
function islandsScriptOf(
  cache: RenderCache,
  build: SiteBuild,
  page: SitePage,
  rendered: () => Promise<RenderedPage>,
): Promise<CachedBody> {
  return cache.get(`${build.cachePrefix}islands/${page.path}`, async () => {
    const body = (await rendered()).islands?.script ?? '';
    return { body, etag: etagOf(body) };
  });
}

/**
 * The script the browser runs page `path`'s interactive components from (render/DOM.md, "Islands"); null
 * when the page has none.
 */
export async function pageIslandsScript(
  cache: RenderCache,
  build: SiteBuild,
  path: string,
  logger: Logger,
): Promise<CachedBody | null> {
  const page = build.model.pages.get(path);
  if (page === undefined) return null;
  const script = await islandsScriptOf(cache, build, page, () => renderBody(build, page, logger));
  return script.body === '' ? null : script;
}

/** A build with its search index: the one stored at import, else built now and stored (once per build). */
function ensureSearchIndex(cache: RenderCache, build: SiteBuild, logger: Logger): Promise<CachedBody> {
  return cache.get(`${build.cachePrefix}search-index`, async () => {
    if (!hasStoredSearchIndex(build.rootDir) && !(await indexBuildFolder(build.rootDir, build.model, logger)).stored) {
      throw ServiceUnavailableError('The search index of this site could not be built in time');
    }
    return { body: '', etag: '' };
  });
}

/**
 * One file of a build's sharded search index, `<name>.js` (the script pages load, which works from
 * file:// too) or `<name>.json` (the data, for the export); null when the index has no such file.
 */
export async function searchIndexFile(
  cache: RenderCache,
  build: SiteBuild,
  file: string,
  logger: Logger,
): Promise<{ body: string; type: string } | null> {
  const [, name = '', ext] = /^(.+)\.(js|json)$/.exec(file) ?? [];
  if (!SEARCH_FILE_NAME.test(name)) return null;
  await ensureSearchIndex(cache, build, logger);
  const json = readStoredSearchFile(build.rootDir, name);
  if (json === null) return null;
  return ext === 'json'
    ? { body: json, type: 'application/json; charset=utf-8' }
    : { body: searchScript(name, json), type: 'text/javascript; charset=utf-8' };
}

/**
 * The themed 404 document of a build (cached like a page); for the URL `path` a reader asked for, in the
 * language it is under (one document per language).
 */
export function notFoundHtml(
  cache: RenderCache,
  build: SiteBuild,
  logger: Logger,
  profile?: ExportProfile,
  path?: string,
): Promise<CachedBody> {
  const language = path === undefined ? undefined : notFoundLanguage(build.model, path);
  const key = `${build.cachePrefix}${profile ? 'export-' : ''}404${language === undefined ? '' : `-${language}`}`;
  return cache.get(key, () => {
    let body: string;
    try {
      body = notFoundDocument(build.model, profile, profile ? undefined : build.scripts?.head, path);
    } catch (error) {
      logger.error({ err: error, projectId: build.projectId }, '404 page failed');
      body = bareDocument('Page not found', '<p><a href="/">Go to the home page</a></p>');
    }
    return Promise.resolve({ body, etag: etagOf(body) });
  });
}
