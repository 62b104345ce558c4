/**
 * Where each reference of an assembled document leads in the bundle: a link to a site page becomes the
 * relative path of its `.html` file (after the site's redirects, as the live site follows them), a
 * changelog feed its copy, a download or a loaded file a content-hashed asset, the search index and a
 * shared sidebar their bundle files; a link out of the bundle is kept and recorded for the manifest, a
 * resource from elsewhere is left out (it would need the network), and a page the bundle lacks is its
 * 404 page.
 */
import type { Logger } from '../logger.js';
import { locationPath, matchRedirect } from '../sites/project/redirects.js';
import { SEARCH_INDEX_URL } from '../sites/theme/urls.js';
import { findExportPage } from '../exportSpec/pages.js';
import { AssetStore } from './assets.js';
import { encodePath, relativeUrl } from './bundleFiles.js';
import { ExternalLinks } from './externalLinks.js';
import { FeedFiles } from './feeds.js';
import { hasScheme, isExternalReference, isSelfContained, type RefKind } from './refs.js';
import { NOT_FOUND_FILE, notFoundFileFor, type LanguageNotFoundPage } from './notFoundPage.js';
import { isSharedNavPath, SharedNavFiles, type RefRewriter } from './sharedNav.js';
import type { ExportSite } from './siteServer.js';

/** What the references of one bundle resolve against. */
export interface BundleRefsInput {
  readonly site: ExportSite;
  readonly bundleDir: string;
  readonly logger: Logger;
  /** Bundle file of each exported page, by site path. */
  readonly pageFiles: ReadonlyMap<string, string>;
  /** Rewrites the references of a shared sidebar's tree like a page's. */
  readonly rewrite: RefRewriter;
}

/** The references of one bundle, and the files they bring into it. */
export class BundleRefs {
  readonly assets: AssetStore;
  readonly externalLinks = new ExternalLinks();
  /** Static redirect pages by the site path they stand for (set as the assembly plans them). */
  readonly redirectFiles = new Map<string, string>();
  /** The languages' own 404 pages (set as the assembly plans them): a link to a missing page leads to its language's. */
  notFoundPages: readonly LanguageNotFoundPage[] = [];
  /** The bundle's search index file, once written. */
  searchIndexFile: string | null = null;
  private readonly sharedNavs: SharedNavFiles;
  private readonly feeds: FeedFiles;

  constructor(private readonly input: BundleRefsInput) {
    const { site, bundleDir, logger, pageFiles } = input;
    this.assets = new AssetStore(site.origin, bundleDir, logger);
    this.sharedNavs = new SharedNavFiles(site.origin, bundleDir, logger, input.rewrite);
    this.feeds = new FeedFiles(site.origin, bundleDir, site.build.model, (path) => pageFiles.has(path), logger);
  }

  /**
   * Where a reader following a link to site path `path` should land: the exported page, after following
   * the site's redirects like the live site would (with the anchor a redirect adds), else the static
   * redirect page; null when nothing in the bundle answers.
   */
  navigationTarget(path: string): { file: string; hash: string } | null {
    const { build } = this.input.site;
    let current = path;
    let hash = '';
    for (let hop = 0; hop < 8; hop++) {
      const page = findExportPage(build.model, current);
      const file = page === undefined ? undefined : this.input.pageFiles.get(page.url);
      if (file !== undefined) return { file, hash };
      const next = matchRedirect(build.redirects, current);
      if (next === null || !next.location.startsWith('/') || next.location.startsWith('//')) break;
      const at = next.location.indexOf('#');
      if (at >= 0) hash = next.location.slice(at);
      current = locationPath(next.location);
    }
    const redirectFile = this.redirectFiles.get(path);
    return redirectFile === undefined ? null : { file: redirectFile, hash: '' };
  }

  private isPublished(url: string): boolean {
    const { publicOrigin, canonicalOrigin } = this.input.site;
    return [publicOrigin, canonicalOrigin].some((origin) => url === origin || url.startsWith(`${origin}/`));
  }

  /** The new value of one reference found in the document at `file` (site path `sitePath`). */
  async resolve(url: string, kind: RefKind, sitePath: string, file: string): Promise<string | null> {
    const { site } = this.input;
    const leaves = isExternalReference(url) && !url.startsWith(site.origin);
    // The site's own published URLs (canonical, og:url) are not links out for review.
    if (kind === 'link' && leaves && !this.isPublished(url)) this.externalLinks.record(url, file);
    if (isSelfContained(url)) return url;
    const base = site.origin + encodePath(sitePath);
    const local = this.assets.localPath(url, base);
    if (local === null) {
      // Links may leave the bundle; a resource from elsewhere would need the network: it is left out. A
      // path that cannot be decoded (`50%-off`) names no page: the live site answers it with an error.
      if (kind !== 'link') return null;
      return leaves || hasScheme(url) ? url : relativeUrl(file, NOT_FOUND_FILE);
    }
    const hash = new URL(url, base).hash;
    if (kind === 'link') return this.resolveLink(local, hash, file);
    if (local === SEARCH_INDEX_URL)
      return this.searchIndexFile === null ? null : relativeUrl(file, this.searchIndexFile);
    if (isSharedNavPath(local)) {
      const shared = await this.sharedNavs.file(local);
      return shared === null ? null : relativeUrl(file, shared);
    }
    const asset = await this.assets.asset(local);
    return asset === null ? null : relativeUrl(file, asset) + hash;
  }

  /** A link to site path `local` (anchor `hash`) from bundle file `file`. */
  private async resolveLink(local: string, hash: string, file: string): Promise<string> {
    const target = this.navigationTarget(local);
    if (target !== null) return relativeUrl(file, target.file) + (hash || target.hash);
    const feed = await this.feeds.file(local);
    if (feed !== null) return relativeUrl(file, feed);
    // A site page left out of this export, or a path the site does not have: the bundle's 404 page.
    // Anything else with a file name (a PDF, an image) is a download the bundle carries. A name ending in
    // digits only is a version (`/changelog/0xtrails-0.16.0`, a page the project lacks), not a file type,
    // and a page's source (`./gpu.mdx`, which the import reports) is no file the site serves.
    const fileLike =
      /\.(?=[A-Za-z0-9]{1,8}$)[0-9]*[A-Za-z]/.test(local) && !/\.mdx$/i.test(local) && !local.startsWith('/_offprint/');
    const page = findExportPage(this.input.site.build.model, local);
    const asset = fileLike && page === undefined ? await this.assets.asset(local) : null;
    return relativeUrl(file, asset ?? this.notFoundFile(local)) + (asset === null ? '' : hash);
  }

  /** The 404 page a server answers site path `path` with: the page of the language it is under, else 404.html. */
  notFoundFile(path: string): string {
    return notFoundFileFor(encodePath(path), this.notFoundPages, () => true) ?? NOT_FOUND_FILE;
  }
}
