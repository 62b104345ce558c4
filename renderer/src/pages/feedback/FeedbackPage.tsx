/**
 * Feedback triage: filters kept in the URL, totals, a chart over time, the entries (select, change status
 * in bulk, open one in a drawer), the pages with most feedback, downloads and NDJSON import.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ApiClient } from '../../api/client.js';
import type { FeedbackEntry, FeedbackStats, Project } from '../../api/types.js';
import { ErrorNote } from '../../ui/ErrorNote.js';
import { Icon } from '../../ui/Icon.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { useLoad } from '../../ui/useLoad.js';
import { FeedbackDrawer } from './FeedbackDrawer.js';
import { FeedbackFilters } from './FeedbackFilters.js';
import { FeedbackList } from './FeedbackList.js';
import { FeedbackChart } from './FeedbackChart.js';
import { NoFeedback } from './NoFeedback.js';
import { PageRanking } from './PageRanking.js';
import { Totals } from './Totals.js';
import { DownloadButtons, ImportFeedback } from './Transfer.js';
import { isFiltered, parseView, selectionQuery, viewToSearch, type FeedbackView } from './query.js';
import { useFeedback } from './useFeedback.js';

/** The view in the URL, and a setter that replaces it (filter changes are not history steps). */
function useView(): [FeedbackView, (next: FeedbackView) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const view = useMemo(() => parseView(search), [search]);
  const setView = useCallback(
    (next: FeedbackView) => navigate(`/feedback?${viewToSearch(next)}`, { replace: true }),
    [navigate],
  );
  // The query belongs to this page: leaving it drops it, so other pages' URLs stay clean.
  useEffect(
    () => () => {
      if (location.search !== '' && !location.hash.startsWith('#/feedback')) {
        history.replaceState(history.state, '', `${location.pathname}${location.hash}`);
      }
    },
    [],
  );
  return [view, setView];
}

function ProjectPicker(props: { projects: readonly Project[]; value: string; onChange: (id: string) => void }) {
  return (
    <label className="field fb-project">
      <span>Project</span>
      <select value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        {props.projects.map((p) => (
          <option key={p.projectId} value={p.projectId}>
            {p.name} ({p.domain})
          </option>
        ))}
      </select>
    </label>
  );
}

function Overview(props: { stats: FeedbackStats; view: FeedbackView; setView: (v: FeedbackView) => void }) {
  const { view, setView } = props;
  return (
    <>
      <Totals totals={props.stats.totals} />
      <FeedbackChart
        stats={props.stats}
        by={view.chartBy}
        bucket={view.bucket}
        onBy={(chartBy) => setView({ ...view, chartBy })}
        onBucket={(bucket) => setView({ ...view, bucket })}
      />
    </>
  );
}

function HeaderActions(props: {
  api: ApiClient;
  projectId: string;
  selection: URLSearchParams;
  importing: boolean;
  onImporting: (open: boolean) => void;
}) {
  return (
    <>
      <button
        type="button"
        className="button"
        aria-expanded={props.importing}
        onClick={() => props.onImporting(!props.importing)}
      >
        <Icon name="upload" />
        Import
      </button>
      <DownloadButtons api={props.api} projectId={props.projectId} selection={props.selection} />
    </>
  );
}

/** The feedback page. */
export function FeedbackPage({ api }: { api: ApiClient }) {
  const loadProjects = useCallback(() => api.projects().then((r) => r.projects), [api]);
  const projects = useLoad<Project[]>(loadProjects);
  const [view, setView] = useView();
  const projectId = view.project || (projects.data?.[0]?.projectId ?? '');
  const data = useFeedback(api, projectId, view);
  const [open, setOpen] = useState<FeedbackEntry | null>(null);
  const [importing, setImporting] = useState(false);
  const selection = useMemo(() => selectionQuery(view), [view]);
  const stats = data.stats;
  const empty = stats !== null && stats.totals.total === 0 && !isFiltered(view);

  return (
    <section className="page fb-page">
      <PageHeader
        title="Feedback"
        description="What readers and agents said on each page of the docs sites: triage it, chart it, export it."
        actions={
          stats === null || empty ? undefined : (
            <HeaderActions
              api={api}
              projectId={projectId}
              selection={selection}
              importing={importing}
              onImporting={setImporting}
            />
          )
        }
      />
      <div className="card fb-filter-card">
        <ProjectPicker
          projects={projects.data ?? []}
          value={projectId}
          onChange={(project) => setView({ ...view, project })}
        />
        {!empty && <FeedbackFilters view={view} onChange={setView} paths={stats?.pages.map((p) => p.path) ?? []} />}
      </div>
      {empty && <NoFeedback projectId={projectId} />}
      {(importing || empty) && projectId !== '' && (
        <ImportFeedback
          api={api}
          projectId={projectId}
          onImported={() => {
            // The card stays open with its report even when the import ends the empty state.
            setImporting(true);
            data.reload();
          }}
        />
      )}
      <ErrorNote error={projects.error ?? data.error} />
      {stats !== null && !empty && <Overview stats={stats} view={view} setView={setView} />}
      {data.entries !== null && !empty && (
        <FeedbackList
          key={`${projectId}?${selection.toString()}`}
          api={api}
          projectId={projectId}
          data={data}
          filtered={isFiltered(view)}
          onOpen={setOpen}
        />
      )}
      {stats !== null && !empty && <PageRanking stats={stats} onPick={(path) => setView({ ...view, path })} />}
      {open !== null && (
        <FeedbackDrawer
          api={api}
          projectId={projectId}
          entry={open}
          onClose={() => setOpen(null)}
          onChanged={data.reload}
        />
      )}
    </section>
  );
}
