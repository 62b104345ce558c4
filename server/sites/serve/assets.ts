/**
 * `/_offprint/*`: the theme's files, the per-site files generated from the build (site CSS, utility
 * classes, search index), KaTeX's stylesheet and fonts and Mermaid's browser bundle, straight from the installed
 * packages so that no page ever needs the network.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { Context } from 'koa';
import type { SiteBuild } from './build.js';
import { ASSET_PREFIX, PAGE_ISLANDS_PREFIX, SITE_CSS_URL, UTILITIES_CSS_URL } from '../theme/urls.js';
import { statInside } from '../project/read.js';
import { contentTypeOf } from '../project/servedFiles.js';
import type { Logger } from '../../logger.js';
import { pageIslandsScript, searchIndexFile } from './pages.js';
import type { RenderCache } from './renderCache.js';
import { sendBody, sendFile } from './respond.js';
import { sharedNavFile, siteCssFile, themeFile, utilitiesFile } from './theme.js';

const require = createRequire(import.meta.url);

/** Where an installed package file is, or null when the package is missing (the asset is then a 404). */
function resolveInstalled(specifier: string): string | null {
  try {
    return require.resolve(specifier);
  } catch {
    return null;
  }
}

const katexMain = resolveInstalled('katex');
/** `node_modules/katex/dist` (the package's main file lives there). */
export const KATEX_DIST = katexMain === null ? null : dirname(katexMain);
/** Mermaid's self-contained browser build. */
export const MERMAID_BUNDLE = resolveInstalled('mermaid/dist/mermaid.min.js');

const MERMAID_NAME = 'mermaid.min.js';
const UTILITIES_NAME = UTILITIES_CSS_URL.slice(ASSET_PREFIX.length);
const SITE_CSS_NAME = SITE_CSS_URL.slice(ASSET_PREFIX.length);
const SEARCH_DIR = 'search';
const SHARED_NAV_DIR = 'nav';
const ISLANDS_DIR = PAGE_ISLANDS_PREFIX.slice(ASSET_PREFIX.length, -1);

/**
 * Serves `/_offprint/<segments>`; false when nothing is there (the caller answers 404). Segments are
 * already decoded and checked (see `parseSitePath`). `islands`: pages' components are served as scripts
 * (where they may run, and to an export, whose assembly decides).
 */
export async function serveAsset(
  ctx: Context,
  build: SiteBuild,
  segments: readonly string[],
  cache: RenderCache,
  logger: Logger,
  islands: boolean,
): Promise<boolean> {
  const [first, ...rest] = segments;
  if (first === undefined) return false;
  if (first === 'katex') {
    // Only the stylesheet and its fonts: the rest of the package is not for pages.
    const allowed = (rest.length === 1 && rest[0] === 'katex.min.css') || (rest.length === 2 && rest[0] === 'fonts');
    const found = allowed && KATEX_DIST !== null ? statInside(KATEX_DIST, rest) : null;
    const type = found === null ? undefined : contentTypeOf(found.file);
    if (found === null || type === undefined) return false;
    sendFile(ctx, found.file, found.stats, type);
    return true;
  }
  if (first === 'integrations') {
    // Start-up code of the third-party integrations allowed for this site (theme/integrations.ts).
    const file = rest.length === 1 ? rest[0] : undefined;
    const name = file?.endsWith('.js') ? file.slice(0, -'.js'.length) : undefined;
    const init = name === undefined ? undefined : build.scripts?.initFiles.get(name);
    if (init === undefined) return false;
    sendBody(ctx, init, { type: 'text/javascript; charset=utf-8' });
    return true;
  }
  if (first === 'emoji' && rest.length === 1) {
    // Content emoji images (theme/emoji.ts), for machines without an emoji font.
    const image = themeFile(`emoji/${rest[0] ?? ''}`);
    if (image === null) return false;
    sendBody(ctx, image.body, { type: image.type, etag: image.etag });
    return true;
  }
  if (first === SEARCH_DIR && rest.length === 1) {
    // The sharded search index (theme/searchFormat.ts), built on first use when the import did not.
    const found = await searchIndexFile(cache, build, rest[0] ?? '', logger);
    if (found === null) return false;
    sendBody(ctx, found.body, { type: found.type });
    return true;
  }
  if (first === SHARED_NAV_DIR && rest.length === 1) {
    // The whole sidebar of a large section, which its pages load instead of each carrying it.
    const nav = sharedNavFile(build.model, rest[0] ?? '');
    if (nav === null) return false;
    sendBody(ctx, nav.body, { type: nav.type, etag: nav.etag });
    return true;
  }
  if (first === ISLANDS_DIR && rest.length > 0 && islands) {
    // A page's interactive components, for the browser (render/DOM.md, "Islands").
    const joined = rest.join('/');
    const script = joined.endsWith('.js') ? await pageIslandsScript(cache, build, joined.slice(0, -3), logger) : null;
    if (script === null) return false;
    sendBody(ctx, script.body, { type: 'text/javascript; charset=utf-8', etag: script.etag });
    return true;
  }
  if (rest.length > 0) return false;
  if (first === UTILITIES_NAME) {
    const css = await utilitiesFile(build.model, logger);
    sendBody(ctx, css.body, { type: css.type, etag: css.etag });
    return true;
  }
  if (first === SITE_CSS_NAME) {
    const css = await siteCssFile(build.model);
    sendBody(ctx, css.body, { type: css.type, etag: css.etag });
    return true;
  }
  if (first === MERMAID_NAME) {
    const found = MERMAID_BUNDLE === null ? null : statInside(dirname(MERMAID_BUNDLE), [MERMAID_NAME]);
    if (found === null) return false;
    sendFile(ctx, found.file, found.stats, 'text/javascript; charset=utf-8');
    return true;
  }
  const file = themeFile(first);
  if (file === null) return false;
  sendBody(ctx, file.body, { type: file.type, etag: file.etag });
  return true;
}
