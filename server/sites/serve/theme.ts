/**
 * The serve layer's view of the theme (server/sites/theme, another helper's folder): whole documents,
 * the 404 page, endpoint pages, the search index and the files under `/_offprint/`. Kept in one place so
 * that the rest of the serve code does not depend on how the theme names things.
 */
import type { SitePage, SiteModel } from '../project/model.js';
import type { RenderedPage } from '../render/types.js';
import { siteCssAsset, themeAsset } from '../theme/assets.js';
import { renderDocument, renderNotFound } from '../theme/document.js';
import { languageOfPath } from '../theme/equivalent.js';
import type { HeadScript } from '../theme/integrations.js';
import type { ExportProfile } from '../theme/profile.js';
import { sharedNavFileOf, sharedNavItems, sharedNavScript } from '../theme/sharedNav.js';
import { renderSidebarTree } from '../theme/sidebar.js';
import { utilityCss } from '../theme/utilityCss.js';
import type { Logger } from '../../logger.js';
import { etagOf } from './respond.js';

/** A generated file of the theme. */
export interface ThemeFile {
  readonly body: string;
  readonly type: string;
  readonly etag: string;
}

/** What a page's document loads besides the theme. */
export interface PageDocumentOptions {
  /** Rendered for a static export bundle. */
  readonly profile?: ExportProfile | undefined;
  /** Third-party scripts an administrator allowed. */
  readonly scripts?: readonly HeadScript[] | undefined;
  /** The script of the page's interactive components, when they run in the browser. */
  readonly islands?: string | undefined;
  /** The site's stylesheet of Tailwind utilities has rules (absent: whenever the project writes class names). */
  readonly utilities?: boolean | undefined;
  /** The page as Markdown, for its "Copy page" action (only when the site has one). */
  readonly markdown?: string | undefined;
}

/** The full HTML document of a page. */
export function pageDocument(
  site: SiteModel,
  page: SitePage,
  rendered: RenderedPage,
  origin: string,
  options: PageDocumentOptions = {},
): string {
  return renderDocument({ site, page, rendered, origin, ...options });
}

/** The site's 404 page (for `path`: in the language the path is under, when it is under one). */
export function notFoundDocument(
  site: SiteModel,
  profile?: ExportProfile,
  scripts?: readonly HeadScript[],
  path?: string,
): string {
  return renderNotFound(site, profile, scripts, path);
}

/** The code of the language `path` is under (the 404 pages differ by it), or undefined. */
export function notFoundLanguage(site: SiteModel, path: string): string | undefined {
  return languageOfPath(site, path)?.label;
}

/** `/_offprint/<name>` files of the theme (`theme.js`, `theme.css`, ...); null for other names. */
export function themeFile(name: string): ThemeFile | null {
  const asset = themeAsset(name);
  return asset === null ? null : { body: asset.body, type: asset.contentType, etag: asset.etag };
}

/** `/_offprint/site.css`: the site's colours, fonts and code theme, made once per site build. */
export async function siteCssFile(site: SiteModel): Promise<ThemeFile> {
  const asset = await siteCssAsset(site);
  return { body: asset.body, type: asset.contentType, etag: asset.etag };
}

const utilityFiles = new WeakMap<SiteModel, Promise<ThemeFile>>();

/**
 * `/_offprint/utilities.css`: Tailwind's utilities among the class names the project writes, made once per
 * site build. Classes Tailwind cannot make a stylesheet of leave it empty (logged), never a failed page.
 */
export function utilitiesFile(site: SiteModel, logger: Logger): Promise<ThemeFile> {
  let made = utilityFiles.get(site);
  if (made === undefined) {
    made = utilityCss(site.classNames)
      .catch((error: unknown) => {
        logger.warn({ err: error, site: site.settings.name }, 'site: utility classes could not be made into CSS');
        return '';
      })
      .then((body) => ({ body, type: 'text/css; charset=utf-8', etag: etagOf(body) }));
    utilityFiles.set(site, made);
  }
  return made;
}

const sharedFiles = new WeakMap<SiteModel, Map<string, ThemeFile>>();

/**
 * `/_offprint/nav/<key>.js` (or `.html`, the bare tree): the whole sidebar of a large section
 * (theme/sharedNav.ts), built, packed and hashed once per site build (every page load asks for it);
 * null when no section has that key.
 */
export function sharedNavFile(site: SiteModel, name: string): ThemeFile | null {
  let files = sharedFiles.get(site);
  if (files === undefined) sharedFiles.set(site, (files = new Map<string, ThemeFile>()));
  const known = files.get(name);
  if (known !== undefined) return known;
  const file = sharedNavFileOf(name);
  const items = file === null ? undefined : sharedNavItems(site, file.key);
  if (file === null || items === undefined) return null;
  const tree = renderSidebarTree(site, items);
  const body = file.format === 'html' ? tree : sharedNavScript(file.key, tree);
  // The bare tree is for the export to read, never for a browser to show: plain text.
  const type = file.format === 'html' ? 'text/plain; charset=utf-8' : 'text/javascript; charset=utf-8';
  const made = { body, type, etag: etagOf(body) };
  files.set(name, made);
  return made;
}
