/**
 * Assembly: the captured pages become a folder that works served over HTTP and opened from disk. Page
 * `/guides/x` is `guides/x.html` (`index.html` for `/`); internal links become relative `.html` paths
 * (anchors kept); every local file a page loads is copied as a content-hashed asset; redirects become
 * static redirect pages; `404.html`, `sitemap.xml` and `robots.txt` are added (sitemap and canonical
 * URLs stay extensionless, on the published origin).
 */
import type { HTMLElement } from 'node-html-parser';
import type { Logger } from '../logger.js';
import { EXPORT_NOT_FOUND_PATH } from '../sites/serve/app.js';
import { matchRedirect } from '../sites/project/redirects.js';
import { pageIslandsUrl, projectFileUrl } from '../sites/theme/urls.js';
import { entryPageUrl } from '../sites/project/entry.js';
import { AnchorIndex, type BrokenAnchorLink } from './anchors.js';
import { BundleRefs } from './bundleRefs.js';
import { NOT_FOUND_FILE, type LanguageNotFoundPage } from './notFoundPage.js';
import { exportedLanguageFolders } from './languageFolders.js';
import { encodePath, listBundleFiles, pageFile, relativeUrl, writeBundleFile } from './bundleFiles.js';
import { ExportFailedError, type ExportOptions } from './contract.js';
import { connectOrigins } from './csp.js';
import type { ExternalLinksSummary } from './externalLinks.js';
import type { MemoryGuard } from './memoryGuard.js';
import { addAllowedScripts, addIslandScripts, applyBundlePolicy, stripActiveContent } from './pageSecurity.js';
import { writeBundleSearch } from './searchBundle.js';
import { comparePaths, findExportPage } from '../exportSpec/pages.js';
import { isExternalReference, parseHtml, visitHtmlRefs } from './refs.js';
import type { ExportSite } from './siteServer.js';
import { fetchFromSite } from './siteFetch.js';
import { redirectPageHtml, robotsTxt, sitemapXml } from './staticPages.js';
import { planRedirectPages, type RedirectPage } from './redirectPlan.js';
import { eachLimited, yieldToEventLoop } from './pacing.js';
import type { PageStore } from './workDir.js';

export type { RedirectPage } from './redirectPlan.js';

/** Inputs of {@link assembleBundle}. */
export interface AssembleInput {
  readonly site: ExportSite;
  readonly pages: readonly string[];
  readonly store: PageStore;
  /** An empty folder the bundle is written into. */
  readonly bundleDir: string;
  readonly options: ExportOptions;
  readonly logger: Logger;
  /** Asked between pages: stops the run, not the process, when the heap is past its budget. */
  readonly guard?: MemoryGuard;
  /** Checked between pages: a cancel need not wait for the rest of a large bundle. */
  readonly signal?: AbortSignal;
  /** A page was written (the job's liveness: a long assembly is not a stalled one). */
  readonly onPage?: (path: string) => void;
}

/** What was assembled. */
export interface AssembledBundle {
  /** Every file of the bundle folder, bundle-relative, in byte order. */
  readonly files: string[];
  readonly redirects: RedirectPage[];
  /** The languages' own 404 pages (`fr/404.html`), for the manifest. */
  readonly notFoundPages: readonly LanguageNotFoundPage[];
  /** Links to a missing anchor, repaired to lead to the top of their page (warnings in the log). */
  readonly missingAnchors: number;
  /** Those links: the bundle file they are in and the original `href`. */
  readonly missingAnchorLinks: readonly BrokenAnchorLink[];
  /** Site paths pages refer to that the site does not have (warnings in the log). */
  readonly missingFiles: readonly string[];
  /** Where the pages link outside the bundle (for the manifest). */
  readonly externalLinks: ExternalLinksSummary;
  /** Sources of redirect patterns that lead to no exported page: no redirect page came of them. */
  readonly redirectsLeftOut: readonly string[];
  /** Bundle files of the pages whose interactive components run (render/DOM.md, "Islands"). */
  readonly islandPages: readonly string[];
}

class Assembler {
  private readonly anchors: AnchorIndex;
  private readonly refs: BundleRefs;
  private readonly pageFiles = new Map<string, string>();
  /** Bundle files of the pages whose components run (setting `allowedScripts`: `components`). */
  private readonly islandPages: string[] = [];
  /** Sources of redirect patterns that lead to no exported page (planRedirects). */
  private redirectsLeftOut: string[] = [];
  /** Site paths of the project scripts an administrator allowed (the only project code a bundle page runs). */
  private readonly allowedScripts: readonly string[];
  /** Origins the pages may contact (collectors, API playground bases). */
  private readonly connect: readonly string[];

  constructor(private readonly input: AssembleInput) {
    this.anchors = new AnchorIndex(input.logger);
    for (const path of input.pages) this.pageFiles.set(path, pageFile(path));
    const { site, bundleDir, logger } = input;
    const rewrite = (root: HTMLElement, sitePath: string, file: string): Promise<void> =>
      this.rewriteRefs(root, sitePath, file);
    this.refs = new BundleRefs({ site, bundleDir, logger, pageFiles: this.pageFiles, rewrite });
    this.allowedScripts = input.site.scripts.files.map(projectFileUrl);
    this.connect = connectOrigins(input.options.features);
  }

  async run(): Promise<AssembledBundle> {
    const { options, logger } = this.input;
    const started = Date.now();
    if (options.features.search) {
      await this.writeSearchIndex();
      logger.debug({ ms: Date.now() - started }, 'export: search index written');
    }
    const redirects = this.planRedirects();
    const notFoundPages = this.planNotFound(redirects);
    this.refs.notFoundPages = notFoundPages;
    await eachLimited(this.input.pages, 4, async (path) => {
      this.input.signal?.throwIfAborted();
      this.input.guard?.check(`assembling ${path}`);
      const html = await this.rewriteDocument(this.input.store.html(path), path, pageFile(path));
      writeBundleFile(this.input.bundleDir, pageFile(path), html);
      this.input.onPage?.(path);
      // Once every asset is known, a page needs no I/O: without this the whole assembly would run in
      // one turn of the event loop, and the server would answer nothing (not even /health) until done.
      await yieldToEventLoop();
    });
    logger.debug({ ms: Date.now() - started, pages: this.input.pages.length }, 'export: pages assembled');
    await this.writeNotFound(notFoundPages);
    const missingAnchors = this.anchors.repair(this.input.bundleDir);
    for (const redirect of redirects) writeBundleFile(this.input.bundleDir, redirect.file, this.redirectPage(redirect));
    this.writeMachineFiles();
    const missingFiles = [...this.refs.assets.missing].sort(comparePaths);
    for (const missing of missingFiles) {
      this.input.logger.warn({ path: missing }, 'export: a page refers to a file the site does not have');
    }
    const externalLinks = this.refs.externalLinks.summary();
    return {
      files: listBundleFiles(this.input.bundleDir).sort(comparePaths),
      redirects,
      notFoundPages,
      missingAnchors,
      missingAnchorLinks: this.anchors.brokenLinks,
      missingFiles,
      externalLinks,
      redirectsLeftOut: this.redirectsLeftOut,
      islandPages: this.islandPages.sort(comparePaths),
    };
  }

  /** A captured document with the export's feature choices applied and every reference rewritten. */
  private async rewriteDocument(html: string, sitePath: string, file: string): Promise<string> {
    const root = parseHtml(html);
    const { features } = this.input.options;
    if (!features.search) for (const el of root.querySelectorAll('[data-op-search-open]')) el.remove();
    if (features.feedback === null) {
      for (const el of root.querySelectorAll('[data-op-feedback], [data-op-code-feedback]')) el.remove();
    }
    stripActiveContent(root);
    addAllowedScripts(root, this.allowedScripts);
    const page = this.input.site.scripts.components ? findExportPage(this.input.site.build.model, sitePath) : undefined;
    if (page !== undefined && addIslandScripts(root, pageIslandsUrl(page.path))) this.islandPages.push(file);
    await this.rewriteRefs(root, sitePath, file);
    applyBundlePolicy(root, this.connect);
    this.anchors.record(file, root);
    return root.toString();
  }

  /** Rewrites every reference of a parsed document at bundle file `file` (site path `sitePath`). */
  private async rewriteRefs(root: HTMLElement, sitePath: string, file: string): Promise<void> {
    const found = new Map<string, Promise<string | null>>();
    visitHtmlRefs(root, (url, kind) => {
      const key = `${kind} ${url}`;
      if (!found.has(key)) found.set(key, this.refs.resolve(url, kind, sitePath, file));
      return url;
    });
    const resolved = new Map<string, string | null>();
    for (const [key, value] of found) resolved.set(key, await value);
    visitHtmlRefs(root, (url, kind) => {
      const next = resolved.get(`${kind} ${url}`);
      return next === undefined ? url : next;
    });
  }

  private async writeSearchIndex(): Promise<void> {
    const { site, bundleDir, logger } = this.input;
    this.refs.searchIndexFile = await writeBundleSearch({ origin: site.origin, logger }, bundleDir, this.pageFiles);
  }

  private planRedirects(): RedirectPage[] {
    const taken = new Set(this.pageFiles.values());
    const plan = planRedirectPages(this.input.site.build, this.input.pages, taken);
    for (const page of plan.pages) this.refs.redirectFiles.set(page.source, page.file);
    this.redirectsLeftOut = plan.leftOut;
    for (const source of plan.leftOut) {
      this.input.logger.warn({ source }, 'export: a redirect pattern leads to no exported page, left out');
    }
    const out = [...plan.pages];
    const entry = this.rootEntry(taken);
    if (entry !== null) out.push(entry);
    return out.sort((a, b) => comparePaths(a.file, b.file));
  }

  /**
   * `index.html` when the export has no root page, so the bundle has an entry point (opened from disk,
   * or `/` on a static host): it leads where `/` leads on the live site (its redirect), else to the
   * entry page the live site redirects to ({@link entryPageUrl}), among the exported pages.
   */
  private rootEntry(taken: ReadonlySet<string>): RedirectPage | null {
    const file = pageFile('/');
    if (taken.has(file)) return null;
    const { model, redirects } = this.input.site.build;
    const redirected = matchRedirect(redirects, '/');
    let destination: string | undefined;
    if (redirected !== null && this.refs.navigationTarget('/') !== null) destination = redirected.location;
    else destination = entryPageUrl(model, (url) => this.pageFiles.has(url));
    if (destination === undefined) return null;
    this.refs.redirectFiles.set('/', file);
    return { source: '/', file, destination };
  }

  private redirectPage(redirect: RedirectPage): string {
    const { destination, file } = redirect;
    let href: string;
    let canonical: string;
    if (destination.startsWith('/') && !destination.startsWith('//')) {
      const [path = '/', ...rest] = destination.split('#');
      const hash = rest.length > 0 ? `#${rest.join('#')}` : '';
      const clean = path.split('?')[0] ?? '/';
      const target = this.refs.navigationTarget(clean);
      href =
        target === null
          ? relativeUrl(file, this.refs.notFoundFile(clean))
          : relativeUrl(file, target.file) + (hash || target.hash);
      canonical = this.input.site.canonicalOrigin + encodePath(clean);
    } else {
      href = destination;
      canonical = destination;
      if (isExternalReference(destination)) this.refs.externalLinks.record(destination, file);
    }
    return redirectPageHtml(href, canonical);
  }

  /**
   * The 404 page of each language whose pages sit in a folder of their own (`fr/404.html`, in the
   * language's words, as the live site answers a miss under `/fr/`): the bundle's servers answer a miss
   * with its language's (manifest `notFoundPages`), and links to a page the bundle lacks lead to it. A
   * folder whose `404.html` is a page or a redirect keeps it, and its misses get `404.html`.
   */
  private planNotFound(redirects: readonly RedirectPage[]): LanguageNotFoundPage[] {
    const taken = new Set([...this.pageFiles.values(), ...redirects.map((redirect) => redirect.file)]);
    return exportedLanguageFolders(this.input.site.build.model, this.input.pages)
      .map((folder) => ({ prefix: `/${folder}`, file: `${folder}${NOT_FOUND_FILE}` }))
      .filter((page) => !taken.has(page.file));
  }

  /** `404.html` and the languages' 404 pages. */
  private async writeNotFound(pages: readonly LanguageNotFoundPage[]): Promise<void> {
    await this.writeNotFoundPage('', NOT_FOUND_FILE);
    for (const page of pages) await this.writeNotFoundPage(page.prefix, page.file);
  }

  /** The site's 404 page for a miss under site path `under` ('' for the default language's) as `file`. */
  private async writeNotFoundPage(under: string, file: string): Promise<void> {
    const query = under === '' ? '' : `?path=${encodeURIComponent(under)}`;
    const response = await fetchFromSite(
      this.input.site.origin + EXPORT_NOT_FOUND_PATH + query,
      'The 404 page',
      this.input.logger,
    );
    if (!response.ok) throw new ExportFailedError(`The 404 page could not be rendered (HTTP ${response.status})`);
    const html = await this.rewriteDocument(await response.text(), `${under || '/'}404`, file);
    writeBundleFile(this.input.bundleDir, file, html);
  }

  private writeMachineFiles(): void {
    const { build, canonicalOrigin } = this.input.site;
    writeBundleFile(this.input.bundleDir, 'sitemap.xml', sitemapXml(build, canonicalOrigin, new Set(this.input.pages)));
    writeBundleFile(this.input.bundleDir, 'robots.txt', robotsTxt(build, canonicalOrigin));
  }
}

/** Writes the bundle folder from the captured pages; returns its file list. */
export function assembleBundle(input: AssembleInput): Promise<AssembledBundle> {
  return new Assembler(input).run();
}
