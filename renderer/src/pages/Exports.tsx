/**
 * Static exports: start one for a site, follow it live (polled while a job is queued or running), cancel
 * it, and get a signed download link to its bundle, with the SHA-256 to check the copy that crosses the
 * air gap.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { ApiClient, BundleLink, Deployment, ExportJob, Project } from '../api.js';
import { ErrorNote } from './ErrorNote.js';

const DEPLOYMENTS: readonly { value: Deployment; label: string }[] = [
  { value: 'air-gapped', label: 'Air-gapped: no analytics, no feedback, offline search' },
  { value: 'client-hosted', label: 'Client-hosted: search; analytics and feedback sent to this Offprint' },
  { value: 'cloud', label: 'Cloud: as client-hosted' },
];

/** How often the list is refreshed while a job is active. */
const POLL_MS = 1000;

const isActive = (job: ExportJob): boolean => job.status === 'queued' || job.status === 'running';

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

function JobProgress({ job }: { job: ExportJob }) {
  if (job.status === 'failed') return <span className="error-text">{job.error ?? 'Failed'}</span>;
  const pages = job.pagesTotal === null ? `${job.pageCount} pages` : `${job.pageCount} / ${job.pagesTotal} pages`;
  return (
    <span className="job-progress">
      <progress max={100} value={job.progress} aria-label={`Progress of ${job.jobId}`} /> {job.progress}% · {pages}
    </span>
  );
}

/** The exports page. */
export function ExportsPage({ api }: { api: ApiClient }) {
  const [projects, setProjects] = useState<Project[] | null>(null);
  const [jobs, setJobs] = useState<ExportJob[] | null>(null);
  const [domain, setDomain] = useState('');
  const [deployment, setDeployment] = useState<Deployment>('air-gapped');
  const [link, setLink] = useState<BundleLink | null>(null);
  const [error, setError] = useState<unknown>(null);

  const reload = useCallback(
    () =>
      api
        .exportJobs()
        .then((r) => setJobs(r.jobs))
        .catch(setError),
    [api],
  );
  useEffect(() => {
    api
      .projects()
      .then((r) => {
        setProjects(r.projects);
        setDomain((current) => current || (r.projects[0]?.domain ?? ''));
      })
      .catch(setError);
    void reload();
  }, [api, reload]);

  const active = jobs?.some(isActive) ?? false;
  useEffect(() => {
    if (!active) return undefined;
    const timer = window.setInterval(() => void reload(), POLL_MS);
    return () => window.clearInterval(timer);
  }, [active, reload]);

  const start = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    api
      .startExport({ domain, deployment })
      .then(() => reload())
      .catch(setError);
  };
  const cancel = (job: ExportJob) => {
    if (!window.confirm(`Cancel the export of ${job.domain}? Pages rendered so far are discarded.`)) return;
    setError(null);
    api
      .cancelExport(job.jobId)
      .then(() => reload())
      .catch(setError);
  };
  const download = (job: ExportJob) => {
    setError(null);
    api.bundleLink(job.jobId).then(setLink).catch(setError);
  };

  return (
    <section>
      <h1>Static exports</h1>
      <p className="muted">
        A site rendered into a self-contained bundle that works from any static host or straight from disk. Check a copy
        with <code>offprint verify FILE.zip</code>.
      </p>
      <form className="inline" onSubmit={start}>
        <select aria-label="Site" value={domain} onChange={(e) => setDomain(e.target.value)}>
          {(projects ?? []).map((p) => (
            <option key={p.projectId} value={p.domain}>
              {p.name} ({p.domain})
            </option>
          ))}
        </select>
        <select
          aria-label="Deployment"
          value={deployment}
          onChange={(e) => setDeployment(DEPLOYMENTS.find((d) => d.value === e.target.value)?.value ?? 'air-gapped')}
        >
          {DEPLOYMENTS.map((d) => (
            <option key={d.value} value={d.value}>
              {d.label}
            </option>
          ))}
        </select>
        <button type="submit" disabled={domain === ''}>
          Start export
        </button>
      </form>
      <ErrorNote error={error} />
      {link !== null && (
        <div className="notice" role="status">
          <p>
            <a href={link.bundleUrl} download>
              Download the bundle of {link.jobId}
            </a>{' '}
            ({megabytes(link.sizeBytes)}). The link works without a key until{' '}
            {new Date(link.expiresAt).toLocaleString()}.
          </p>
          <p>
            SHA-256 <code className="secret">{link.sha256}</code>
          </p>
        </div>
      )}
      {jobs === null ? (
        <p className="muted">Loading…</p>
      ) : jobs.length === 0 ? (
        <p className="muted">No export yet.</p>
      ) : (
        <table className="exports">
          <thead>
            <tr>
              <th>Site</th>
              <th>Deployment</th>
              <th>Status</th>
              <th>Progress</th>
              <th>Started</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {jobs.map((job) => (
              <tr key={job.jobId} data-job={job.jobId}>
                <td>
                  {job.domain}
                  <br />
                  <code className="muted">{job.jobId}</code>
                </td>
                <td>{job.deployment}</td>
                <td className={`status-${job.status}`}>{job.status}</td>
                <td>
                  <JobProgress job={job} />
                </td>
                <td>{new Date(job.createdAt).toLocaleString()}</td>
                <td>
                  {isActive(job) && (
                    <button type="button" className="danger" onClick={() => cancel(job)}>
                      Cancel
                    </button>
                  )}
                  {job.status === 'completed' && (
                    <button type="button" onClick={() => download(job)}>
                      Download
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
