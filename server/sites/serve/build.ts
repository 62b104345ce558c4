/**
 * The build a site listener serves. Every request asks the `sites` table which build is current (one
 * primary-key read): an import by this process or by the CLI in another one is picked up by the next
 * request, never half-way through one. Everything derived from a build (model, compiled redirects,
 * rendered pages, generated files) hangs off its {@link SiteBuild} and goes away with it.
 */
import { findSite } from '../../db/sites.js';
import { AppError } from '../../domain/errors.js';
import { getCurrentSite, type SiteDeps } from '../../domain/sites.js';
import type { SiteModel } from '../project/model.js';
import { readProjectText } from './paths.js';
import { compileRedirects, type CompiledRedirect } from './redirects.js';
import type { RenderCache } from './renderCache.js';

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
  /** A value computed once per build (sitemap, search index, site CSS). */
  readonly memo: <T>(key: string, make: () => T) => T;
}

function newBuild(projectId: string, buildId: string, rootDir: string, model: SiteModel): SiteBuild {
  const memos = new Map<string, unknown>();
  return {
    projectId,
    buildId,
    rootDir,
    model,
    redirects: compileRedirects(model.redirects),
    cachePrefix: `${projectId}/${buildId}/`,
    readText: (relPath) => readProjectText(rootDir, relPath),
    memo: <T>(key: string, make: () => T): T => {
      if (!memos.has(key)) memos.set(key, make());
      return memos.get(key) as T;
    },
  };
}

/** Follows the current build of one project's site. */
export class BuildTracker {
  private held: SiteBuild | null = null;

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
    if (this.held?.buildId === row.buildId) return this.held;
    let next: SiteBuild | null;
    try {
      const site = getCurrentSite(this.deps, this.projectId);
      next = site === null ? null : newBuild(this.projectId, site.buildId, site.rootDir, site.model);
    } catch (error) {
      this.deps.logger.error({ err: error, projectId: this.projectId, buildId: row.buildId }, 'site build unreadable');
      throw new AppError(503, 'This site cannot be served right now: its files could not be read', [
        { message: 'Import the site again' },
      ]);
    }
    this.replace(next);
    return next;
  }

  private replace(next: SiteBuild | null): void {
    const old = this.held;
    if (old !== null && old.buildId !== next?.buildId) {
      this.cache.dropPrefix(old.cachePrefix);
      this.deps.logger.info(
        { projectId: this.projectId, from: old.buildId, to: next?.buildId ?? null },
        'site build switched',
      );
    }
    this.held = next;
  }
}
