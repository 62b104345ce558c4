/**
 * The feedback a view selects: the newest entries (with "load more") and the stats (totals, series,
 * ranking), reloaded whenever the view changes or an entry is triaged. Answers to an older view are
 * dropped, so fast typing never shows a stale list.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../api/client.js';
import type { FeedbackEntry, FeedbackStats } from '../../api/types.js';
import { AUTO_DAY_LIMIT, selectionQuery, type FeedbackView } from './query.js';

const PAGE_SIZE = '50';
const RANKED_PAGES = '10';

/** What the page shows. */
export interface FeedbackData {
  readonly entries: readonly FeedbackEntry[] | null;
  readonly cursor: string | null;
  readonly stats: FeedbackStats | null;
  readonly loading: boolean;
  readonly error: unknown;
  readonly loadMore: () => void;
  readonly reload: () => void;
}

async function loadStats(
  api: ApiClient,
  projectId: string,
  selection: string,
  bucket: FeedbackView['bucket'],
): Promise<FeedbackStats> {
  const query = new URLSearchParams(selection);
  query.set('pages', RANKED_PAGES);
  query.set('bucket', bucket === 'week' ? 'week' : 'day');
  const stats = await api.feedbackStats(projectId, query);
  if (bucket !== 'auto' || stats.series.length <= AUTO_DAY_LIMIT) return stats;
  query.set('bucket', 'week');
  return api.feedbackStats(projectId, query);
}

/** Loads the view's feedback for `projectId` ('' while projects load: nothing is fetched). */
export function useFeedback(api: ApiClient, projectId: string, view: FeedbackView): FeedbackData {
  const [entries, setEntries] = useState<readonly FeedbackEntry[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [stats, setStats] = useState<FeedbackStats | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const generation = useRef(0);
  // The filters as a string: chart options that do not change which entries are selected reload nothing.
  const selection = selectionQuery(view).toString();
  const bucket = view.bucket;

  const reload = useCallback(() => {
    if (projectId === '') return;
    const mine = ++generation.current;
    const query = new URLSearchParams(selection);
    query.set('limit', PAGE_SIZE);
    setLoading(true);
    Promise.all([api.feedback(projectId, query), loadStats(api, projectId, selection, bucket)])
      .then(
        ([page, nextStats]) => {
          if (mine !== generation.current) return;
          setEntries(page.feedback);
          setCursor(page.nextCursor);
          setStats(nextStats);
          setError(null);
        },
        (e: unknown) => mine === generation.current && setError(e),
      )
      .finally(() => mine === generation.current && setLoading(false));
  }, [api, projectId, selection, bucket]);
  useEffect(reload, [reload]);

  const loadMore = useCallback(() => {
    if (cursor === null) return;
    const mine = generation.current;
    const query = new URLSearchParams(selection);
    query.set('limit', PAGE_SIZE);
    query.set('cursor', cursor);
    setLoading(true);
    api
      .feedback(projectId, query)
      .then(
        (page) => {
          if (mine !== generation.current) return;
          setEntries((shown) => [...(shown ?? []), ...page.feedback]);
          setCursor(page.nextCursor);
        },
        (e: unknown) => mine === generation.current && setError(e),
      )
      .finally(() => mine === generation.current && setLoading(false));
  }, [api, projectId, selection, cursor]);

  return { entries, cursor, stats, loading, error, loadMore, reload };
}
