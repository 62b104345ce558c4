/**
 * The private site server of one export run: the pinned build (not whatever build is current: a
 * re-import during the run changes nothing), rendered in the export profile, on a loopback port of its
 * own. One per run, shared by every page capture and by the assembly's asset reads.
 */
import { existsSync } from 'node:fs';
import { findProject } from '../db/projects.js';
import { buildDir } from '../dataPaths.js';
import type { SiteDeps } from '../deps.js';
import { buildModel } from '../sites/project/buildModels.js';
import { allowedScriptsOf, newBuild, type SiteBuild } from '../sites/serve/build.js';
import { listenPrivateSite } from '../sites/serve/privateSite.js';
import { RenderCache } from '../sites/serve/renderCache.js';
import type { SiteScripts } from '../sites/serve/scripts.js';
import type { ExportProfile } from '../sites/theme/profile.js';
import { canonicalOrigin } from '../sites/theme/head.js';
import { ExportFailedError, type ExportOptions } from './contract.js';

/** Render cache of an export's site server (the live site servers keep 256 MiB). */
const EXPORT_CACHE_BYTES = 16 * 1024 * 1024;

/** A running export site server. */
export interface ExportSite {
  /** The pinned build, served without the scripts an administrator allowed (see `scripts`). */
  readonly build: SiteBuild;
  /**
   * The scripts the `allowedScripts` setting names, read when the run starts. Pages are captured without
   * them, so that what a script does to its page is not captured and then done again by the same script in
   * the bundle; assembly puts the project's own ones back into every page (an integration loads from its
   * provider's servers and is left out).
   */
  readonly scripts: SiteScripts;
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  /** `https://<domain>`: where the bundle will be published (the pages' links to it are the bundle's own). */
  readonly publicOrigin: string;
  /**
   * Where its pages say they are published (their canonical URLs, the sitemap, redirect pages): the
   * project's `seo.metatags.canonical`, else {@link publicOrigin}.
   */
  readonly canonicalOrigin: string;
  readonly domain: string;
  readonly siteName: string;
  /**
   * Forgets the pages rendered so far: once the rendering is over no page is asked for twice (the
   * assembly reads the 404 page, the search index, shared sidebars and files), and at 10,000 pages the
   * 16 MB of bodies kept were a tenth of the live heap through the assembly and the check (issue 13).
   */
  readonly forgetRenderedPages: () => void;
  /** Pages rendered and kept (or being rendered). */
  readonly renderedPagesKept: () => number;
  readonly close: () => Promise<void>;
}

/** The export profile of a run's options. */
export function exportProfile(options: ExportOptions, publicOrigin: string): ExportProfile {
  return {
    deployment: options.deployment,
    origin: publicOrigin,
    search: options.features.search,
    feedbackCollector: options.features.feedback?.collectorUrl ?? null,
    analyticsCollector: options.features.analytics?.collectorUrl ?? null,
  };
}

/** Loads the pinned build (failing clearly when it is gone) and serves it on 127.0.0.1:0. */
export async function startExportSite(
  deps: SiteDeps,
  projectId: string,
  buildId: string,
  options: ExportOptions,
): Promise<ExportSite> {
  const project = findProject(deps.db, projectId);
  if (project === undefined) throw new ExportFailedError(`Project ${projectId} no longer exists`);
  const rootDir = buildDir(deps.dataDir, projectId, buildId);
  if (!existsSync(rootDir)) {
    throw new ExportFailedError(`The site build ${buildId} no longer exists (the site was imported again)`);
  }
  let build: SiteBuild;
  let scripts: SiteScripts;
  try {
    // The model the process already holds for this build, if any (the live site's, the job's check).
    build = newBuild(projectId, buildId, rootDir, buildModel(rootDir));
    scripts = allowedScriptsOf(deps, rootDir, build.model);
  } catch (error) {
    throw new ExportFailedError(
      `The site build ${buildId} cannot be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const publicOrigin = `https://${project.domain}`;
  // Each page is captured once: a large cache would only hold memory. Small pages still share renders.
  const cache = new RenderCache(EXPORT_CACHE_BYTES);
  const server = await listenPrivateSite({
    deps,
    projectId,
    builds: { current: () => build },
    cache,
    profile: exportProfile(options, publicOrigin),
  });
  return {
    build,
    scripts,
    origin: `http://127.0.0.1:${server.port}`,
    publicOrigin,
    canonicalOrigin: canonicalOrigin(build.model, publicOrigin) ?? publicOrigin,
    domain: project.domain,
    siteName: build.model.settings.name,
    forgetRenderedPages: () => cache.clear(),
    renderedPagesKept: () => cache.size,
    close: () => server.close(500),
  };
}
