/**
 * The loaded models of site builds, one per build folder, shared by everything in the process that reads
 * a build: the live site servers and the domain through `getCurrentSite`, and an export's private site
 * server. A build folder never changes once committed, so one model serves them all; an export loading its
 * own copy held two models of the same build for the whole run (issue 13: ~15 MB of live heap each at
 * 10,000 pages, the main part of what made a 10,000-page export's peak RSS grow past a 400-page one's).
 */
import { loadSiteProject } from './load.js';
import type { SiteModel } from './model.js';

/** Builds whose models are kept (least recently used first out). */
const CACHE_SIZE = 16;
const models = new Map<string, SiteModel>();

/** Remembers the loaded model of the build in `dir` (the {@link CACHE_SIZE} most recently used are kept). */
export function cacheModel(dir: string, model: SiteModel): void {
  models.delete(dir);
  models.set(dir, model);
  while (models.size > CACHE_SIZE) {
    const oldest = models.keys().next().value;
    if (oldest === undefined) break;
    models.delete(oldest);
  }
}

/** Forgets the model of the build in `dir` (its folder is being deleted). */
export function forgetModel(dir: string): void {
  models.delete(dir);
}

/**
 * The model of the build in `dir`: the cached one, else read from the folder and cached. Throws what
 * {@link loadSiteProject} throws for a folder it cannot read.
 */
export function buildModel(dir: string): SiteModel {
  const model = models.get(dir) ?? loadSiteProject(dir);
  // Refreshed on every use: the builds being served stay in, however many others were read since.
  cacheModel(dir, model);
  return model;
}
