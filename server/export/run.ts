/**
 * One static export run: serve the pinned build privately, capture every page in Chromium (skipping
 * pages an interrupted run already captured, and taking those the project's last export captured from the
 * same answers of the site server), assemble the bundle folder, check it for egress (going on
 * from the page loads an interrupted run already checked), write the manifest, zip it
 * deterministically. The output depends only on the site build, the options and the project scripts
 * the `allowedScripts` setting names when the run starts: an interrupted and resumed run gives the same
 * bytes as an uninterrupted one.
 */
import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { OFFPRINT_VERSION } from '../version.js';
import { assembleBundle } from './assemble.js';
import { DEFAULT_CAPTURE_TIMEOUTS } from './capture.js';
import { CaptureCache, keepCaptures } from './captureCache.js';
import { ExportFailedError, type ExportProgress, type ExportResult, type ExportRunInput } from './contract.js';
import { MemoryGuard } from './memoryGuard.js';
import { describeFiles, MANIFEST_FILE, manifestJson } from './manifest.js';
import { manifestSigning, signedManifestFiles } from './signature.js';
import { isPortableFile, pageFile } from './bundleFiles.js';
import { listExportPages } from '../exportSpec/pages.js';
import { matchRedirect } from '../sites/project/redirects.js';
import type { SiteBuild } from '../sites/serve/build.js';
import { renderPages } from './render.js';
import { SiteDigests } from './siteDigests.js';
import { startExportSite } from './siteServer.js';
import { PageStore, writeAtomic } from './workDir.js';
import { writeDeterministicZip } from './zip.js';
import { addVerifyPage } from './verifyPage/write.js';
import { runEgressCheck } from './egress/index.js';
import { bundleDigest } from './egress/journal.js';

/**
 * The listed pages the export renders, and those it leaves out by name. A page a project redirect shadows
 * is not rendered: the live site sends its readers on (its file is a redirect page, redirectPlan.ts), and
 * a capture of it would leave the site. A page whose file some reader could not unpack (bundleFiles.ts's
 * isPortableFile) is left out, named, and links to it lead to the 404 page.
 */
function pagesToRender(build: SiteBuild, listed: readonly string[]): { pages: string[]; pagesLeftOut: string[] } {
  const pages: string[] = [];
  const pagesLeftOut: string[] = [];
  for (const path of listed) {
    if (matchRedirect(build.redirects, path) !== null) continue;
    (isPortableFile(pageFile(path)) ? pages : pagesLeftOut).push(path);
  }
  if (listed.length > 0 && pages.length === 0 && pagesLeftOut.length === 0) {
    throw new ExportFailedError("Every page to export is redirected elsewhere by the project's redirects");
  }
  return { pages, pagesLeftOut };
}

/**
 * Runs an export to `input.outFile`. Throws ExportFailedError when the run cannot finish (naming the page
 * at fault when there is one), and the signal's reason when aborted.
 */
export async function runExport(input: ExportRunInput): Promise<ExportResult> {
  const { deps, options, signal } = input;
  signal.throwIfAborted();
  mkdirSync(input.workDir, { recursive: true });
  const site = await startExportSite(deps, input.projectId, input.buildId, options);
  const guard = new MemoryGuard(input.heapBudgetBytes);
  try {
    const listed = listExportPages(site.build.model, options.paths);
    if (listed.missing.length > 0) {
      const { missing } = listed;
      throw new ExportFailedError(`These pages are no longer in the site: ${missing.join(', ')}`, missing[0] ?? null);
    }
    const { pages, pagesLeftOut } = pagesToRender(site.build, listed.pages);
    if (pages.length === 0) throw new ExportFailedError('The site has no pages to export');
    const store = new PageStore(input.workDir);
    const total = pages.length;
    let done = pages.filter((path) => store.has(path)).length;
    let reused = 0;
    const rendering = (currentPage: string | null): ExportProgress => ({
      phase: 'rendering',
      pagesDone: done,
      pagesTotal: total,
      currentPage,
      ...(reused > 0 ? { pagesReused: reused } : {}),
    });
    input.onProgress(rendering(null));
    const renderStart = Date.now();
    await renderPages({
      pages,
      store,
      origin: site.origin,
      backend: input.backend,
      concurrency: input.concurrency,
      timeouts: { ...DEFAULT_CAPTURE_TIMEOUTS, ...input.captureTimeouts },
      signal,
      logger: deps.logger,
      ...(input.pagesPerTarget === undefined ? {} : { pagesPerTarget: input.pagesPerTarget }),
      ...(input.captureCache === undefined
        ? {}
        : {
            reuse: { cache: CaptureCache.open(input.captureCache, deps.logger), digests: new SiteDigests(site.origin) },
          }),
      onStart: (path) => input.onProgress(rendering(path)),
      onDone: (path) => {
        guard.check(`rendering ${path}`);
        done += 1;
        input.onProgress(rendering(path));
      },
      onReused: (path) => {
        done += 1;
        reused += 1;
        input.onProgress(rendering(path));
      },
    });
    signal.throwIfAborted();
    site.forgetRenderedPages();
    deps.logger.info({ ms: Date.now() - renderStart, pages: total, reused }, 'export: pages rendered');
    input.onProgress({ phase: 'assembling', pagesDone: total, pagesTotal: total, currentPage: null });

    const bundleDir = join(input.workDir, 'bundle');
    await rm(bundleDir, { recursive: true, force: true });
    mkdirSync(bundleDir, { recursive: true });
    const assembleStart = Date.now();
    const assembled = await assembleBundle({
      site,
      pages,
      store,
      bundleDir,
      options,
      logger: deps.logger,
      guard,
      signal,
      onPage: (path) =>
        input.onProgress({ phase: 'assembling', pagesDone: total, pagesTotal: total, currentPage: path }),
    });
    deps.logger.info({ ms: Date.now() - assembleStart, files: assembled.files.length }, 'export: bundle assembled');
    // The in-bundle verifier: a listed file like any page (written before the manifest that lists it).
    const bundleFiles = addVerifyPage(bundleDir, assembled.files, deps.logger);
    signal.throwIfAborted();
    // Described before the check: the manifest lists them, and their digest keys the check's journal.
    const files = await describeFiles(bundleDir, bundleFiles, () => guard.check('describing the bundle'));
    // Proof of zero egress: every page opened in Chromium, every request outside the bundle blocked and counted.
    const egressProof = await (input.egressCheck ?? runEgressCheck)(
      input,
      {
        bundleDir,
        files: bundleFiles,
        redirects: assembled.redirects,
        digest: bundleDigest(files),
        digests: new Map(files.map((file) => [file.path, file.sha256])),
      },
      total,
    );
    signal.throwIfAborted();

    const blockedRequests: { page: string; url: string }[] = [];
    const pageErrors: { page: string; message: string }[] = [];
    for (const path of pages) {
      const notes = store.notes(path);
      for (const url of new Set(notes.blocked)) blockedRequests.push({ page: path, url });
      for (const message of notes.errors) pageErrors.push({ page: path, message });
    }
    const manifest = manifestJson({
      offprintVersion: OFFPRINT_VERSION,
      siteName: site.siteName,
      domain: site.domain,
      origin: site.publicOrigin,
      options,
      pages: pages.map((path) => ({ path, file: pageFile(path) })),
      redirects: assembled.redirects,
      notFoundPages: assembled.notFoundPages,
      blockedRequests,
      externalLinks: assembled.externalLinks,
      files,
      createdAt: input.createdAt,
      chromiumVersion: egressProof.chromiumVersion,
      signing: manifestSigning(input.signer),
      egressProof,
    });
    writeAtomic(join(bundleDir, MANIFEST_FILE), manifest);
    const signed = signedManifestFiles(manifest, input.signer);
    for (const [name, text] of signed) writeAtomic(join(bundleDir, name), text);
    signal.throwIfAborted();
    input.onProgress({ phase: 'zipping', pagesDone: total, pagesTotal: total, currentPage: null });
    const zipStart = Date.now();
    const zip = await writeDeterministicZip(
      bundleDir,
      [...bundleFiles, MANIFEST_FILE, ...signed.keys()],
      input.outFile,
    );
    deps.logger.info({ ms: Date.now() - zipStart, bytes: zip.sizeBytes }, 'export: archive written');
    await rm(bundleDir, { recursive: true, force: true });
    if (input.captureCache !== undefined) keepCaptures(store, input.captureCache, options.paths === null, deps.logger);
    deps.logger.info(
      {
        projectId: input.projectId,
        pages: total,
        files: files.length + 1,
        bytes: zip.sizeBytes,
        missingAnchors: assembled.missingAnchors,
      },
      'export: bundle written',
    );
    const { missingAnchors, missingAnchorLinks, missingFiles } = assembled;
    return {
      sha256: zip.sha256,
      sizeBytes: zip.sizeBytes,
      pageCount: total,
      signingFingerprint: input.signer.fingerprint,
      blockedRequests,
      pageErrors,
      missingAnchors,
      missingAnchorLinks,
      missingFiles,
      egressFailures: egressProof.failures,
      egressPageErrors: egressProof.pageErrors ?? [],
      scriptsCarried: site.scripts.files,
      componentPages: assembled.islandPages,
      integrationsLeftOut: site.scripts.loaded.filter((name) => !site.scripts.files.includes(name)),
      redirectsLeftOut: assembled.redirectsLeftOut,
      pagesLeftOut,
    };
  } finally {
    guard.close();
    await site.close();
  }
}
