/**
 * The export history a filter selects, read from the server a page at a time: the first page whenever the
 * filter changes, older pages on demand, and a refresh (while jobs run) that re-reads the first page only
 * and merges it. Answers for an earlier filter are dropped, so quick changes never show a stale list.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../api/client.js';
import type { ExportJob } from '../../api/types.js';
import { isActive } from './jobText.js';
import {
  appendPage,
  historyQuery,
  mergeFirstPage,
  replaceJob,
  type HistoryFilter,
  type ShownJobs,
} from './jobPages.js';

/** What {@link useJobHistory} gives. */
export interface JobHistoryData {
  /** The jobs shown, newest first; undefined until the first page of the first filter arrives. */
  readonly jobs: readonly ExportJob[] | undefined;
  /** Whether older jobs than those shown match the filter. */
  readonly hasOlder: boolean;
  /** What is being read: the filter's first page, or an older page. */
  readonly loading: 'first' | 'older' | null;
  readonly error: unknown;
  /** Appends the next older page; resolves with the ids of the jobs it added, and whether more follow. */
  readonly loadOlder: () => Promise<{ added: string[]; more: boolean }>;
  /** Re-reads the first page (and any running job shown below it) and merges it into what is shown. */
  readonly refresh: () => Promise<void>;
  /** Shows `job` in place of the listed job with its id (a job the page got by itself, e.g. cancelled). */
  readonly put: (job: ExportJob) => void;
}

/** Loads the history of `filter`. */
export function useJobHistory(api: ApiClient, filter: HistoryFilter): JobHistoryData {
  // Tagged with the generation of the filter they were read for.
  const [shown, setShown] = useState<(ShownJobs & { readonly generation: number }) | undefined>(undefined);
  const [loading, setLoading] = useState<'first' | 'older' | null>('first');
  const [error, setError] = useState<unknown>(null);
  // Bumped on every filter change: an answer for another generation belongs to an earlier filter.
  const generation = useRef(0);
  const current = useRef(shown);
  current.current = shown;
  /** What is shown, when it is the current filter's (not while another filter's first page loads). */
  const mineShown = (mine: number): ShownJobs | undefined =>
    current.current?.generation === mine ? current.current : undefined;
  const refreshing = useRef(false);
  const { status, domain, from } = filter;

  useEffect(() => {
    const mine = ++generation.current;
    setLoading('first');
    api
      .exportJobs(historyQuery({ status, domain, from }))
      .then(
        (page) => {
          if (mine !== generation.current) return;
          setShown({ ...page, generation: mine });
          setError(null);
        },
        (e: unknown) => mine === generation.current && setError(e),
      )
      .finally(() => mine === generation.current && setLoading(null));
  }, [api, status, domain, from]);

  const loadOlder = useCallback(async (): Promise<{ added: string[]; more: boolean }> => {
    const none = { added: [], more: false };
    const mine = generation.current;
    const cursor = mineShown(mine)?.nextCursor ?? null;
    if (cursor === null) return none;
    setLoading('older');
    try {
      const page = await api.exportJobs(historyQuery({ status, domain, from }, cursor));
      if (mine !== generation.current) return none;
      const before = new Set(mineShown(mine)?.jobs.map((job) => job.jobId));
      setShown((was) => (was?.generation === mine ? { ...appendPage(was, page), generation: mine } : was));
      setError(null);
      const added = page.jobs.map((job) => job.jobId).filter((id) => !before.has(id));
      return { added, more: page.nextCursor !== null };
    } catch (e) {
      if (mine === generation.current) setError(e);
      return { added: [], more: true };
    } finally {
      if (mine === generation.current) setLoading(null);
    }
  }, [api, status, domain, from]);

  const refresh = useCallback(async (): Promise<void> => {
    const mine = generation.current;
    // A poll while the previous one is still out would only queue requests up on a slow machine; while a
    // new filter's first page loads, that load brings the news.
    if (refreshing.current || mineShown(mine) === undefined) return;
    refreshing.current = true;
    try {
      const first = await api.exportJobs(historyQuery({ status, domain, from }));
      if (mine !== generation.current) return;
      const inFirst = new Set(first.jobs.map((job) => job.jobId));
      // Running jobs shown below the first page (rare: more than a page of newer jobs) are read one by one.
      const below = (mineShown(mine)?.jobs ?? []).filter((job) => isActive(job) && !inFirst.has(job.jobId));
      const reread = await Promise.all(below.map((job) => api.exportJob(job.jobId)));
      if (mine !== generation.current) return;
      setShown((was) =>
        was?.generation === mine ? { ...reread.reduce(replaceJob, mergeFirstPage(was, first)), generation: mine } : was,
      );
      setError(null);
    } catch (e) {
      if (mine === generation.current) setError(e);
    } finally {
      refreshing.current = false;
    }
  }, [api, status, domain, from]);

  const put = useCallback(
    (job: ExportJob) =>
      setShown((was) => (was === undefined ? was : { ...replaceJob(was, job), generation: was.generation })),
    [],
  );

  return { jobs: shown?.jobs, hasOlder: (shown?.nextCursor ?? null) !== null, loading, error, loadOlder, refresh, put };
}
