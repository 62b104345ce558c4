/** Reading feedback: keyset pages, per-page aggregates and full iteration for exports. */
import { readTransaction } from '../../db/connection.js';
import {
  selectFeedbackByPath,
  selectFeedbackPage,
  sortTime,
  type FeedbackFilter,
  type FeedbackPathCounts,
  type FeedbackRow,
  type KeysetPosition,
} from '../../db/feedback.js';
import { findProjectInOrg, type ProjectRow } from '../../db/projects.js';
import type { Deps } from '../../deps.js';
import { NotFoundError } from '../../errors.js';
import { getCurrentSite } from '../sites.js';
import type { SiteDeps } from '../../deps.js';
import { cursorPosition, keysetPage } from '../keysetCursor.js';
import { encodeCursor, filterFingerprint } from './cursor.js';
import type { FeedbackByPageQuery, FeedbackListQuery } from './filters.js';

/** One page of entries. */
export interface FeedbackPage {
  readonly rows: FeedbackRow[];
  readonly nextCursor: string | null;
  readonly hasMore: boolean;
}

/** Finds a project of the caller's organization; another organization's project looks nonexistent. */
export function requireProjectInOrg(deps: Deps, orgId: string, projectId: string): ProjectRow {
  const project = findProjectInOrg(deps.db, orgId, projectId);
  if (project === undefined)
    throw NotFoundError(`Project ${projectId} was not found`, { kind: 'project', id: projectId });
  return project;
}

/** Turns validated query values (official filters, and Offprint's `path` and `q`) into a row filter. */
export function toFilter(
  projectId: string,
  query: Omit<FeedbackByPageQuery, 'limit'> & { path?: string | undefined; q?: string | undefined },
): FeedbackFilter {
  return {
    projectId,
    fromMs: query.dateFrom,
    toMs: query.dateTo,
    source: query.source,
    statuses: query.status,
    path: query.path,
    text: query.q,
  };
}

/**
 * One page of a project's feedback, newest first. Fetches one row beyond the page so `hasMore` is exact
 * (never a trailing empty page).
 */
export function listFeedback(deps: Deps, orgId: string, projectId: string, query: FeedbackListQuery): FeedbackPage {
  requireProjectInOrg(deps, orgId, projectId);
  const filter = toFilter(projectId, query);
  const after: KeysetPosition | undefined =
    query.cursor === undefined
      ? undefined
      : cursorPosition(
          deps.secret,
          filterFingerprint(filter),
          query.cursor,
          'dateFrom, dateTo, source, status, path and q',
        );
  const fetched = selectFeedbackPage(deps.db, filter, after, query.limit + 1);
  return keysetPage(fetched, query.limit, (last) =>
    encodeCursor(deps.secret, filter, { createdAt: sortTime(last.createdAt), id: last.id }),
  );
}

/**
 * The URLs of the pages of a project's current site build, or undefined when there is nothing to check
 * against: no site yet (feedback imported before its docs), or a build that no longer loads (logged).
 */
function currentPageUrls(deps: SiteDeps, projectId: string): string[] | undefined {
  try {
    const site = getCurrentSite(deps, projectId);
    return site === null ? undefined : [...site.model.pages.values()].map((page) => page.url);
  } catch (error) {
    deps.logger.warn({ err: error, projectId }, 'by-page: the current site build could not be loaded');
    return undefined;
  }
}

/**
 * Per-path feedback counts, most feedback first. When the project has a site, only paths that are
 * pages of its current build are listed: entries for other paths (imported, or from an older build)
 * stay stored and listed by {@link listFeedback}, and count here again if a later build has the page.
 */
export function feedbackByPage(
  deps: SiteDeps,
  orgId: string,
  projectId: string,
  query: FeedbackByPageQuery,
): { pages: FeedbackPathCounts[]; hasMore: boolean } {
  requireProjectInOrg(deps, orgId, projectId);
  const pages = currentPageUrls(deps, projectId);
  const fetched = readTransaction(deps.db, () =>
    selectFeedbackByPath(deps.db, toFilter(projectId, query), query.limit + 1, pages),
  );
  const hasMore = fetched.length > query.limit;
  return { pages: hasMore ? fetched.slice(0, query.limit) : fetched, hasMore };
}

/** Every entry matching `filter`, newest first, read in keyset batches (memory stays flat). */
export function* iterateFeedback(deps: Deps, filter: FeedbackFilter, batchSize = 1000): Generator<FeedbackRow> {
  let after: KeysetPosition | undefined;
  for (;;) {
    const batch = selectFeedbackPage(deps.db, filter, after, batchSize);
    yield* batch;
    const last = batch.at(-1);
    if (last === undefined || batch.length < batchSize) return;
    after = { createdAt: sortTime(last.createdAt), id: last.id };
  }
}
