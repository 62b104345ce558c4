/**
 * Building a build folder's search index before anything serves it: an import renders each searchable
 * page once (in the render sandbox, as many at a time as it has processes) and stores the index with
 * the build (file.ts, as the shards of shards.ts), so the site's first search is as fast as any other.
 * Pages stream through: each is rendered, reduced to its search record and handed to the shard builder
 * within a small window (records.ts), so memory does not grow with the page count. Pages that fail to
 * render are named, so the import can report each one.
 */
import type { Logger } from '../../logger.js';
import type { SiteModel, SiteProblem } from '../project/model.js';
import { renderSandbox } from '../sandbox/shared.js';
import type { SearchDoc } from '../theme/searchFormat.js';
import { FolderSink } from './file.js';
import { SearchRecordStream, type PageFailure, type RemoteMediaUse } from './records.js';
import { buildSearchShards } from './shards.js';

export type { PageFailure, RemoteMediaUse } from './records.js';

/** How the indexing of one build went. */
export interface IndexedBuild {
  /** Pages rendered (every page but links elsewhere; the index holds the searchable ones). */
  readonly pages: number;
  /** Pages whose body could not be rendered (indexed by title and description only). */
  readonly failed: number;
  readonly failures: readonly PageFailure[];
  /** Remote media the rendered pages could not show offline, for the import report. */
  readonly remoteMedia: readonly RemoteMediaUse[];
  /** Web pages hosted elsewhere the rendered pages embed (shown as links), for the import report. */
  readonly remoteEmbeds: readonly RemoteMediaUse[];
  /**
   * `unknown-component` problems (components the pages use that nothing defines), then `component-failed`
   * ones (project components that threw while rendering).
   */
  readonly componentProblems: readonly SiteProblem[];
  /** `mdx-syntax` problems: braces in the pages' text that open no valid expression (shown as text). */
  readonly syntaxProblems: readonly SiteProblem[];
  /** The index was written to the build folder. */
  readonly stored: boolean;
  /** Rendering was stopped because the import's render time ran out (nothing was stored then). */
  readonly outOfTime: boolean;
}

/** Options of an index build. */
export interface IndexOptions {
  /** Pages rendered at once (the render pool's process count). */
  readonly concurrency: number;
  /** Wall time all renders of one import may take together (default: {@link importRenderBudgetMs}). */
  readonly budgetMs: number;
}

/** Render time any import may take: 15 minutes (a 10,000-page site needs 5 on an idle 2-core machine). */
export const IMPORT_RENDER_BUDGET_MS = 15 * 60_000;

/**
 * Render time an import may take per page beyond that: a floor of 4 pages/s, 8 times slower than an idle
 * 2-core machine renders novu's pages and 2.5 times slower than one shared by several test runs (10.5
 * pages/s, where a flat 15 minutes refused a 10,000-page import). A project of 50,000 pages gets 3.5 hours,
 * one whose every page takes seconds is still stopped.
 */
export const IMPORT_RENDER_MS_PER_PAGE = 250;

/** The render time an import of `pages` pages may take: {@link IMPORT_RENDER_BUDGET_MS}, more for large sites. */
export function importRenderBudgetMs(pages: number): number {
  return Math.max(IMPORT_RENDER_BUDGET_MS, pages * IMPORT_RENDER_MS_PER_PAGE);
}

/**
 * Renders every page of the build in `rootDir` (whose loaded model is `model`) and stores the index of
 * the searchable ones there. Never throws for a page: one that fails is indexed without its body and listed.
 */
export async function indexBuildFolder(
  rootDir: string,
  model: SiteModel,
  logger: Logger,
  options: Partial<IndexOptions> = {},
): Promise<IndexedBuild> {
  const concurrency = options.concurrency ?? renderSandbox().concurrency;
  // Every page a reader can open, not only the searchable ones: a hidden page ships too, so the import
  // report must say when it fails or uses what cannot work offline (records are written for searchable ones).
  const pages = [...model.pages.values()].filter((page) => page.externalUrl === undefined);
  const deadline = Date.now() + (options.budgetMs ?? importRenderBudgetMs(pages.length));
  const stream = new SearchRecordStream(model, rootDir, logger, { concurrency, deadline });
  const stored = await storeShards(rootDir, stream.records(pages), () => !stream.outOfTime, logger);
  const { failures, remoteMedia, remoteEmbeds, outOfTime, syntaxProblems } = stream;
  const componentProblems = [...stream.unknownComponents.problems(), ...stream.failedComponents.problems()];
  return {
    pages: pages.length,
    failed: failures.length,
    failures,
    remoteMedia,
    remoteEmbeds,
    componentProblems,
    syntaxProblems,
    outOfTime,
    stored,
  };
}

/**
 * Builds the sharded index from `records` into the build folder and keeps it if `complete()` says so
 * afterwards; false (logged) when it could not be stored. The records are read to the end either way,
 * since the import report needs every page's render outcome.
 */
async function storeShards(
  rootDir: string,
  records: AsyncIterable<SearchDoc>,
  complete: () => boolean,
  logger: Logger,
): Promise<boolean> {
  let sink: FolderSink;
  try {
    sink = new FolderSink(rootDir);
  } catch (error) {
    logger.warn({ err: error, rootDir }, 'could not store the search index');
    for await (const _record of records); // eslint-disable-line @typescript-eslint/no-unused-vars
    return false;
  }
  try {
    await buildSearchShards(records, sink);
  } catch (error) {
    sink.discard();
    throw error;
  }
  if (complete()) return sink.commit(logger);
  sink.discard();
  return false;
}
