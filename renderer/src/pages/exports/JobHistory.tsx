/**
 * Every export, newest first, filtered by status, site and start date. The server filters and pages (an
 * organization may have hundreds of exports): the newest page shows first, "Show older exports" adds
 * the next one.
 */
import { useEffect, useRef, useState } from 'react';
import type { ExportJob } from '../../api/types.js';
import { formatBytes, formatCount, formatWhen } from '../../ui/format.js';
import type { HistoryFilter } from './jobPages.js';
import { statusLabel } from './jobText.js';
import type { JobHistoryData } from './useJobHistory.js';

/** The status filter's choices: the server's values, labelled as the badges read. */
const STATUSES: readonly { value: string; label: string }[] = [
  { value: 'queued', label: 'queued' },
  { value: 'running', label: 'running' },
  { value: 'completed', label: 'completed' },
  // The API counts a cancelled job as failed (its badge says cancelled).
  { value: 'failed', label: 'failed or cancelled' },
  { value: 'cancelled', label: 'cancelled' },
];

function HistoryRow(props: { job: ExportJob; selected: boolean; onSelect: (id: string) => void }) {
  const { job } = props;
  return (
    <li className={props.selected ? 'history-row selected' : 'history-row'} data-job={job.jobId}>
      <button
        type="button"
        className="history-button"
        aria-pressed={props.selected}
        onClick={() => props.onSelect(job.jobId)}
      >
        <span className="history-site">
          <strong>{job.domain}</strong>
          <small className="muted">
            {job.deployment}
            {job.version === null ? '' : ` · ${job.version}`}
          </small>
        </span>
        <span className={`badge status-${statusLabel(job)}`}>{statusLabel(job)}</span>
        <span className="muted tabular">
          {job.sizeBytes !== null ? formatBytes(job.sizeBytes) : `${job.progress}%`}
        </span>
        <span className="muted">{formatWhen(job.createdAt)}</span>
      </button>
    </li>
  );
}

/** What the status line says (read out when it changes). */
function countText(history: JobHistoryData, filtered: boolean): string {
  if (history.jobs === undefined || history.loading === 'first') return 'Loading exports…';
  const count = history.jobs.length;
  if (count === 0) return 'No export matches these filters.';
  const what = `${formatCount(count)} ${filtered ? 'matching ' : ''}${count === 1 ? 'export' : 'exports'}`;
  if (history.hasOlder) return `Newest ${what} shown; older ones follow.`;
  return count === 1 ? `${what}.` : `All ${what} shown.`;
}

/** The history; `onSelect` shows a job in detail, `domains` are the sites the site filter offers. */
export function JobHistory(props: {
  history: JobHistoryData;
  filter: HistoryFilter;
  onFilter: (filter: HistoryFilter) => void;
  domains: readonly string[];
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const { history, filter, onFilter } = props;
  const list = useRef<HTMLUListElement>(null);
  // The first job "Show older exports" added, focused once it renders when the button has gone with it.
  const [focusJob, setFocusJob] = useState<string | null>(null);
  useEffect(() => {
    if (focusJob === null) return;
    list.current?.querySelector<HTMLButtonElement>(`li[data-job="${CSS.escape(focusJob)}"] button`)?.focus();
    setFocusJob(null);
  }, [focusJob, history.jobs]);

  const filtered = filter.status !== '' || filter.domain !== '' || filter.from !== '';
  const jobs = history.jobs ?? [];
  const busy = history.loading === 'first';
  const showOlder = () => {
    if (history.loading !== null) return;
    void history.loadOlder().then(({ added, more }) => {
      if (!more && added[0] !== undefined) setFocusJob(added[0]);
    });
  };
  return (
    <section className="section" aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      <div className="filters">
        <label className="field">
          <span>Status</span>
          <select value={filter.status} onChange={(e) => onFilter({ ...filter, status: e.target.value })}>
            <option value="">Any</option>
            {STATUSES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Site</span>
          <select value={filter.domain} onChange={(e) => onFilter({ ...filter, domain: e.target.value })}>
            <option value="">Any</option>
            {props.domains.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Started on or after</span>
          <input type="date" value={filter.from} onChange={(e) => onFilter({ ...filter, from: e.target.value })} />
        </label>
      </div>
      <p className="muted small-text history-count" role="status">
        {countText(history, filtered)}
      </p>
      {jobs.length > 0 && (
        <ul ref={list} className="history" aria-label="Exports" aria-busy={busy}>
          {jobs.map((job) => (
            <HistoryRow key={job.jobId} job={job} selected={job.jobId === props.selected} onSelect={props.onSelect} />
          ))}
        </ul>
      )}
      {history.hasOlder && !busy && (
        <button
          type="button"
          className="button history-more"
          aria-disabled={history.loading !== null}
          onClick={showOlder}
        >
          {history.loading === 'older' ? 'Loading older exports…' : 'Show older exports'}
        </button>
      )}
    </section>
  );
}
