/** Every export, newest first, filtered by status, site and start date (in the page: the list is short). */
import { useState } from 'react';
import type { ExportJob } from '../../api/types.js';
import { formatBytes, formatWhen } from '../../ui/format.js';
import { statusLabel } from './jobText.js';

const STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;

interface Filter {
  readonly status: string;
  readonly domain: string;
  readonly from: string;
}

function matches(job: ExportJob, filter: Filter): boolean {
  if (filter.status !== '' && statusLabel(job) !== filter.status) return false;
  if (filter.domain !== '' && job.domain !== filter.domain) return false;
  return filter.from === '' || job.createdAt >= new Date(`${filter.from}T00:00:00`).toISOString();
}

/** The history; `onSelect` shows a job in detail. */
export function JobHistory(props: {
  jobs: readonly ExportJob[];
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const [filter, setFilter] = useState<Filter>({ status: '', domain: '', from: '' });
  const domains = [...new Set(props.jobs.map((j) => j.domain))].sort();
  const shown = props.jobs.filter((j) => matches(j, filter));
  return (
    <section className="section" aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      <div className="filters">
        <label className="field">
          <span>Status</span>
          <select value={filter.status} onChange={(e) => setFilter({ ...filter, status: e.target.value })}>
            <option value="">Any</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Site</span>
          <select value={filter.domain} onChange={(e) => setFilter({ ...filter, domain: e.target.value })}>
            <option value="">Any</option>
            {domains.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Started on or after</span>
          <input type="date" value={filter.from} onChange={(e) => setFilter({ ...filter, from: e.target.value })} />
        </label>
      </div>
      {shown.length === 0 ? (
        <p className="muted">No export matches these filters.</p>
      ) : (
        <ul className="history" aria-label="Exports">
          {shown.map((job) => (
            <li key={job.jobId} className={job.jobId === props.selected ? 'history-row selected' : 'history-row'}>
              <button
                type="button"
                className="history-button"
                aria-pressed={job.jobId === props.selected}
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
          ))}
        </ul>
      )}
    </section>
  );
}
