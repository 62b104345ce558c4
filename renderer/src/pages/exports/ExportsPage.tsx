/**
 * Static exports: start one, follow it live (polled while a job is queued or running; the list re-read now and
 * then otherwise, for jobs started elsewhere), get its bundle and checksum, browse the history a page at a time.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { ApiClient } from '../../api/client.js';
import type { ExportJob } from '../../api/types.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { ErrorNote } from '../../ui/ErrorNote.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { useLoad } from '../../ui/useLoad.js';
import { JobCard } from './JobCard.js';
import { JobHistory } from './JobHistory.js';
import { NO_FILTER, type HistoryFilter } from './jobPages.js';
import { isActive } from './jobText.js';
import { StartExport } from './StartExport.js';
import { useJobHistory } from './useJobHistory.js';

/** How often jobs are re-read while one is active. */
const POLL_MS = 1000;
/**
 * How often the first page is re-read while none is: a job started elsewhere (a script over the API,
 * `offprint export`, another window) shows up without a reload, and once it is there it is polled as active.
 */
const IDLE_POLL_MS = 10_000;

const isFiltered = (f: HistoryFilter): boolean => f.status !== '' || f.domain !== '' || f.from !== '';

/** The exports page. */
export function ExportsPage({ api }: { api: ApiClient }) {
  const loadProjects = useCallback(() => api.projects().then((r) => r.projects), [api]);
  const projects = useLoad(loadProjects);
  const [filter, setFilter] = useState<HistoryFilter>(NO_FILTER);
  const history = useJobHistory(api, filter);
  const [selected, setSelected] = useState<string | null>(null);
  // The newest job while the history is unfiltered: the card shows it until a job is chosen, and keeps
  // showing it when a filter hides it from the list.
  const [newest, setNewest] = useState<string | null>(null);
  // The card's job read by itself, for when the history does not list it (a filter hides it).
  const [detached, setDetached] = useState<ExportJob | null>(null);
  const [cancelling, setCancelling] = useState<ExportJob | null>(null);
  const [error, setError] = useState<unknown>(null);

  const filtered = isFiltered(filter);
  const { jobs, loading, refresh, put } = history;
  useEffect(() => {
    if (!filtered && loading !== 'first' && jobs !== undefined) setNewest(jobs[0]?.jobId ?? null);
  }, [filtered, loading, jobs]);

  const shownId = selected ?? newest;
  const listed = shownId === null ? undefined : jobs?.find((j) => j.jobId === shownId);
  const shown = listed ?? (detached !== null && detached.jobId === shownId ? detached : null);
  const needsDetached = shownId !== null && jobs !== undefined && listed === undefined;
  useEffect(() => {
    if (!needsDetached || shownId === null) return;
    api.exportJob(shownId).then(setDetached, setError);
  }, [api, needsDetached, shownId]);

  // Polling re-reads the first page only (merged by jobId): what the user loaded stays, and a poll costs
  // one page however long the history is. A running job the filter hides is read by itself.
  const active = (jobs?.some(isActive) ?? false) || (shown !== null && isActive(shown));
  const pollDetached = needsDetached && shown !== null && isActive(shown) ? shownId : null;
  useEffect(() => {
    const timer = window.setInterval(
      () => {
        void refresh();
        if (pollDetached !== null) api.exportJob(pollDetached).then(setDetached, setError);
      },
      active ? POLL_MS : IDLE_POLL_MS,
    );
    return () => window.clearInterval(timer);
  }, [active, refresh, pollDetached, api]);

  const started = (job: ExportJob) => {
    setSelected(job.jobId);
    setDetached(job);
    void refresh();
  };
  const cancel = () => {
    if (cancelling === null) return;
    const job = cancelling;
    setCancelling(null);
    api.cancelExport(job.jobId).then((after) => {
      put(after);
      setDetached((was) => (was?.jobId === after.jobId ? after : was));
      void refresh();
    }, setError);
  };

  if (projects.data !== undefined && projects.data.length === 0) {
    return (
      <section className="page">
        <PageHeader title="Exports" />
        <EmptyState icon="exports" title="Nothing to export yet" actions={<Link href="/projects">Go to Projects</Link>}>
          An export is a docs site made into a self-contained zip. Create a project and import its docs first.
        </EmptyState>
      </section>
    );
  }
  const domains = [...new Set((projects.data ?? []).map((p) => p.domain))].sort();
  const none = !filtered && loading !== 'first' && jobs !== undefined && jobs.length === 0;
  return (
    <section className="page">
      <PageHeader
        title="Exports"
        description="A site rendered into a self-contained bundle that works from any static host or from disk."
      />
      <ErrorNote error={projects.error ?? history.error ?? error} />
      {projects.data !== undefined && <StartExport api={api} projects={projects.data} onStarted={started} />}
      {shown !== null && <JobCard api={api} job={shown} onCancel={setCancelling} />}
      {jobs !== undefined &&
        (none ? (
          <p className="muted">No export yet: start one above. Progress, warnings and the download appear here.</p>
        ) : (
          <JobHistory
            history={history}
            filter={filter}
            onFilter={setFilter}
            domains={domains}
            selected={shown?.jobId ?? null}
            onSelect={setSelected}
          />
        ))}
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel this export?"
        confirmLabel="Cancel export"
        cancelLabel="Keep running"
        danger
        onConfirm={cancel}
        onCancel={() => setCancelling(null)}
      >
        <p>Pages rendered so far are discarded.</p>
      </ConfirmDialog>
    </section>
  );
}
