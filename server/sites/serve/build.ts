/**
 * The build a site listener serves. Every request asks the `sites` table which build is current (one
 * primary-key read): an import by this process or by the CLI in another one is picked up by the next
 * request, never half-way through one. Everything derived from a build (model, compiled redirects,
 * rendered pages, generated files) hangs off its {@link SiteBuild} and goes away with it. The same
 * holds for the `allowedScripts` setting: a change makes a new SiteBuild of the same build, with the
 * scripts its pages load, so no page cached under the old list is served again.
 */
import { findSite } from '../../db/sites.js';
import { ServiceUnavailableError } from '../../errors.js';
import { allowedScripts } from '../../domain/settings.js';
import { getCurrentSite } from '../../domain/sites.js';
import type { SiteDeps } from '../../deps.js';
import type { SiteModel } from '../project/model.js';
import { readProjectText } from '../project/read.js';
import { compileRedirects, type CompiledRedirect } from '../project/redirects.js';
import type { RenderCache } from './renderCache.js';
import { resolveSiteScripts, type SiteScripts } from './scripts.js';

/** One loaded build of a site. */
export interface SiteBuild {
  readonly projectId: string;
  readonly buildId: string;
  /** The build folder (`<dataDir>/sites/<projectId>/<buildId>`). */
  readonly rootDir: string;
  readonly model: SiteModel;
  readonly redirects: readonly CompiledRedirect[];
  /** Prefix of this build's keys in the render cache. */
  readonly cachePrefix: string;
  /** Reads a project text file by its root-relative path (no escapes, no dotfiles); null when absent. */
  readonly readText: (relPath: string) => string | null;
  /**
   * A generated text kept for the life of the build (`llms-full.txt` per origin). Texts only, so the
   * cache needs no cast: a cache of other values would get its own typed map.
   */
  readonly memoText: (key: string, make: () => string) => string;
  /** Third-party scripts the pages load (allowed by the `allowedScripts` setting); none when absent. */
  readonly scripts?: SiteScripts;
}

/** Cache prefix of a build: pages rendered with other allowed scripts are other entries. */
function cachePrefixOf(projectId: string, buildId: string, scripts: SiteScripts | undefined): string {
  const names = [...(scripts?.loaded ?? []), ...(scripts?.components === true ? ['(components)'] : [])];
  if (names.length === 0) return `${projectId}/${buildId}/`;
  return `${projectId}/${buildId}/scripts:${names.join(',')}/`;
}

/** A build object for a loaded model (also used by static exports to pin one build). */
export function newBuild(
  projectId: string,
  buildId: string,
  rootDir: string,
  model: SiteModel,
  scripts?: SiteScripts,
): SiteBuild {
  const texts = new Map<string, string>();
  return {
    projectId,
    buildId,
    rootDir,
    model,
    redirects: compileRedirects(model.redirects),
    cachePrefix: cachePrefixOf(projectId, buildId, scripts),
    readText: (relPath) => readProjectText(rootDir, relPath),
    memoText: (key, make) => {
      const known = texts.get(key);
      if (known !== undefined) return known;
      const made = make();
      texts.set(key, made);
      return made;
    },
    ...(scripts === undefined ? {} : { scripts }),
  };
}

/**
 * The scripts the `allowedScripts` setting lets pages of the build in `rootDir` load, as the setting is
 * now: what a static export carries into its bundle (its own site server renders pages without them).
 */
export function allowedScriptsOf(deps: SiteDeps, rootDir: string, model: SiteModel): SiteScripts {
  return resolveSiteScripts(rootDir, model, allowedScripts(deps.db));
}

/** Follows the current build of one project's site. */
export class BuildTracker {
  private held: SiteBuild | null = null;
  /** The `allowedScripts` list `held` was made with. */
  private heldAllowed = '';

  constructor(
    private readonly deps: SiteDeps,
    readonly projectId: string,
    private readonly cache: RenderCache,
  ) {}

  /** The build being served, without asking the database (null before the first request). */
  get loaded(): SiteBuild | null {
    return this.held;
  }

  /**
   * The current build, loaded when the `sites` row names another one than last time; null when the
   * project no longer has a site. A build that cannot be loaded is a 503: the import validated it, so
   * this means its folder was damaged or removed underneath us.
   */
  current(): SiteBuild | null {
    const row = findSite(this.deps.db, this.projectId);
    if (row === undefined) {
      this.replace(null);
      return null;
    }
    const allowed = allowedScripts(this.deps.db);
    const allowKey = allowed.join(',');
    if (this.held?.buildId === row.buildId && this.heldAllowed === allowKey) return this.held;
    let next: SiteBuild | null;
    try {
      const site = getCurrentSite(this.deps, this.projectId);
      next =
        site === null
          ? null
          : newBuild(
              this.projectId,
              site.buildId,
              site.rootDir,
              site.model,
              this.scripts(site.rootDir, site.model, allowed),
            );
    } catch (error) {
      this.deps.logger.error({ err: error, projectId: this.projectId, buildId: row.buildId }, 'site build unreadable');
      throw ServiceUnavailableError('This site cannot be served right now: its files could not be read', [
        'Import the site again',
      ]);
    }
    this.replace(next);
    this.heldAllowed = allowKey;
    return next;
  }

  /** The scripts of a build under `allowed`; what is loaded and skipped goes to the log once per build. */
  private scripts(rootDir: string, model: SiteModel, allowed: readonly string[]): SiteScripts {
    const scripts = resolveSiteScripts(rootDir, model, allowed);
    if (scripts.loaded.length > 0 || scripts.skipped.length > 0) {
      this.deps.logger.info(
        { projectId: this.projectId, loaded: scripts.loaded, skipped: scripts.skipped },
        'site scripts: only those in the allowedScripts setting are loaded',
      );
    }
    return scripts;
  }

  private replace(next: SiteBuild | null): void {
    const old = this.held;
    if (old !== null && old !== next) {
      this.cache.dropPrefix(old.cachePrefix);
      if (old.buildId !== next?.buildId) {
        this.deps.logger.info(
          { projectId: this.projectId, from: old.buildId, to: next?.buildId ?? null },
          'site build switched',
        );
      }
    }
    this.held = next;
  }
}
