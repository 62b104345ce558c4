/**
 * The docs-site theme: whole HTML documents around rendered pages, the 404 page, OpenAPI endpoint
 * pages, and the static files served under `/_offprint/`. The client side (tabs,
 * copy, dark mode, search, feedback, ...) is built from `client/` by build.mjs.
 */
export { siteCssAsset, themeAsset, THEME_ASSET_NAMES, type ThemeAsset } from './assets.js';
export { renderDocument, renderNotFound, type DocumentArgs } from './document.js';
export { renderEndpointPage } from './endpoint/endpoint.js';
export { renderSiteCss } from './siteCss.js';
export * from './urls.js';
