/**
 * Building a build folder's search index before anything serves it: an import renders each searchable
 * page once (in the render sandbox, as many at a time as it has processes) and stores the index with
 * the build (file.ts), so the site's first search is as fast as any other. Pages that fail
 * to render are named, so the import can report each one.
 */
import type { Logger } from '../../logger.js';
import type { SitePage, SiteModel } from '../project/model.js';
import type { RenderedPage } from '../render/types.js';
import { renderPageSource } from '../sandbox/page.js';
import { renderSandbox } from '../sandbox/shared.js';
import { buildSearchIndex, isSearchable } from './build.js';
import { storeSearchIndex } from './file.js';

type Summary = Pick<RenderedPage, 'headings' | 'text' | 'remoteMedia'>;

const UNRENDERABLE: Summary = { headings: [], text: '' };
const FAILED_PREFIX = 'render failed: ';

/** A page that could not be rendered, and why. */
export interface PageFailure {
  readonly file: string;
  readonly path: string;
  readonly reason: string;
}

/** A remote image or video a page shows as a placeholder (no packed copy). */
export interface RemoteMediaUse {
  readonly file: string;
  readonly url: string;
}

/** How the indexing of one build went. */
export interface IndexedBuild {
  /** Pages in the index. */
  readonly pages: number;
  /** Pages whose body could not be rendered (indexed by title and description only). */
  readonly failed: number;
  readonly failures: readonly PageFailure[];
  /** Remote media the rendered pages could not show offline, for the import report. */
  readonly remoteMedia: readonly RemoteMediaUse[];
  /** The index was written to the build folder. */
  readonly stored: boolean;
  /** The index document (null when rendering ran out of time). */
  readonly json: string | null;
  /** Rendering was stopped because the import's render time ran out (nothing was stored then). */
  readonly outOfTime: boolean;
}

/** Options of an index build. */
export interface IndexOptions {
  /** Pages rendered at once (the render pool's process count). */
  readonly concurrency: number;
  /** Wall time all renders of one import may take together. */
  readonly budgetMs: number;
}

/** Render time one import may take: 15 minutes (a 10,000-page site needs a few). */
export const IMPORT_RENDER_BUDGET_MS = 15 * 60_000;

function failureOf(page: SitePage, rendered: RenderedPage): PageFailure | null {
  const warning = rendered.warnings.find((w) => w.startsWith(FAILED_PREFIX));
  if (warning === undefined) return null;
  return { file: page.file ?? page.path, path: page.path, reason: warning.slice(FAILED_PREFIX.length) };
}

/**
 * Renders every searchable page of the build in `rootDir` (whose loaded model is `model`) and stores
 * the index there. Never throws for a page: one that fails is indexed without its body and listed.
 */
export async function indexBuildFolder(
  rootDir: string,
  model: SiteModel,
  logger: Logger,
  options: Partial<IndexOptions> = {},
): Promise<IndexedBuild> {
  const concurrency = options.concurrency ?? renderSandbox().concurrency;
  const budgetMs = options.budgetMs ?? IMPORT_RENDER_BUDGET_MS;
  const pages = [...model.pages.values()].filter(isSearchable);
  const summaries: Summary[] = pages.map(() => UNRENDERABLE);
  const failures: (PageFailure | null)[] = pages.map(() => null);
  const deadline = Date.now() + budgetMs;
  let next = 0;
  let outOfTime = false;
  const lane = async (): Promise<void> => {
    while (next < pages.length && !outOfTime) {
      const index = next++;
      const page = pages[index];
      if (page === undefined) return;
      if (Date.now() > deadline) outOfTime = true;
      else [summaries[index], failures[index]] = await renderOne(model, rootDir, page, logger);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
  const failed = failures.filter((f): f is PageFailure => f !== null);
  const remoteMedia = pages.flatMap((page, i) =>
    (summaries[i]?.remoteMedia ?? []).map((url) => ({ file: page.file ?? page.path, url })),
  );
  const counts = { pages: pages.length, failed: failed.length, failures: failed, remoteMedia, outOfTime };
  if (outOfTime) return { ...counts, stored: false, json: null };
  const entries = pages.map((page, i) => ({ page, rendered: summaries[i] ?? UNRENDERABLE }));
  const json = JSON.stringify(buildSearchIndex(model, entries));
  return { ...counts, stored: storeSearchIndex(rootDir, json, logger), json };
}

async function renderOne(
  model: SiteModel,
  rootDir: string,
  page: SitePage,
  logger: Logger,
): Promise<[Summary, PageFailure | null]> {
  try {
    const rendered = await renderPageSource(model, rootDir, page);
    return [rendered, failureOf(page, rendered)];
  } catch (error) {
    logger.warn({ err: error, page: page.path }, 'page could not be rendered for the search index');
    return [
      UNRENDERABLE,
      { file: page.file ?? page.path, path: page.path, reason: 'the renderer failed on this page' },
    ];
  }
}
