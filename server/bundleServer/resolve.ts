/**
 * How a static host serves a bundle's files, shared by `offprint preview` (files in a zip) and `offprint
 * serve-bundle` (files unpacked in a cache): path resolution and content types (export/staticPaths.ts,
 * also used by the egress check's host), and each file's caching policy.
 */

export { bundleContentType, HTML, matchesIfNoneMatch, resolveBundlePath } from '../export/staticPaths.js';

/**
 * `Cache-Control` of a bundle file: the export names its theme files by content hash (`_assets/x.HASH.js`),
 * so they never change under one name and are cached for a year; everything else (pages, images kept under
 * their author's names, the manifest) is revalidated with its ETag on every use, so a new bundle shows at once.
 */
export function cacheControlOf(name: string): string {
  return /^_assets\/.+\.[0-9a-f]{8,}\.[a-z0-9]+$/i.test(name)
    ? 'public, max-age=31536000, immutable'
    : 'public, max-age=0, must-revalidate';
}

/** Types worth compressing: text formats (images, fonts, archives are compressed already). */
export function isCompressible(name: string): boolean {
  return /\.(html?|css|m?js|json|svg|xml|txt|md|map|webmanifest)$/i.test(name);
}
