/**
 * URLs the theme puts in pages. Everything lives on the site's own origin under `/_offprint/` so that a
 * `'self'`-only Content-Security-Policy covers it; the serve layer maps these paths to
 * {@link themeAsset} (theme files) or to installed packages (KaTeX, Mermaid).
 */

/**
 * The root-relative URL of the project's own file at `path` (a project-root-relative file path, such as a
 * `.css` or `.js` file pages load), each segment percent-encoded.
 */
export function projectFileUrl(path: string): string {
  return `/${path.split('/').map(encodeURIComponent).join('/')}`;
}

/** Prefix of every URL that is not a project file. */
export const ASSET_PREFIX = '/_offprint/';

/** The stylesheet and script bundles built from `client/` (served by `themeAsset`). */
export const THEME_CSS_URL = '/_offprint/theme.css';
/** The main client script (deferred). */
export const THEME_JS_URL = '/_offprint/theme.js';
/** The tiny blocking script that sets dark/light before first paint (no inline script allowed). */
export const THEME_INIT_URL = '/_offprint/theme-init.js';
/** Per-site colours, fonts and code theme from docs.json (served by `siteCssAsset(site)`). */
export const SITE_CSS_URL = '/_offprint/site.css';

/** Tailwind's utility classes the project's pages use (theme/utilityCss.ts); linked only when they use some. */
export const UTILITIES_CSS_URL = '/_offprint/utilities.css';

/** React and the script that runs a page's interactive components (theme/client/islands.ts). */
export const ISLANDS_JS_URL = '/_offprint/islands.js';
/** Where a page's own components are served as a script for the browser (site path of the page, `.js`). */
export const PAGE_ISLANDS_PREFIX = '/_offprint/islands/';

/** The script of the interactive components of page `path` (a page key such as `guides/calculator`). */
export function pageIslandsUrl(path: string): string {
  return `${PAGE_ISLANDS_PREFIX}${path.split('/').map(encodeURIComponent).join('/')}.js`;
}

/** KaTeX stylesheet (fonts alongside it), served by the serve layer from the `katex` package's `dist/`. */
export const KATEX_CSS_URL = '/_offprint/katex/katex.min.css';
/** Mermaid, loaded by the client only on pages that contain a diagram. */
export const MERMAID_JS_URL = '/_offprint/mermaid.min.js';
/** The sharded search index's manifest script (server/sites/search/shards.ts); its files sit beside it. */
export const SEARCH_INDEX_URL = '/_offprint/search/manifest.js';

/** Reader feedback endpoints (serve layer; see server/sites/serve/FEEDBACK-API.md). */
export const FEEDBACK_URLS = {
  vote: '/_offprint/feedback/vote',
  details: '/_offprint/feedback/details',
  code: '/_offprint/feedback/code',
} as const;
