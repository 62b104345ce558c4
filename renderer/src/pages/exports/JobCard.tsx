/**
 * One export in detail: live progress while it runs (phase, pages, ETA), then size, duration, pages,
 * warnings, SHA-256, the key that signed it, and the download (and "Save to…" in the desktop app; a delta
 * against an earlier export of the same site).
 */
import { useCallback, useState } from 'react';
import type { ApiClient } from '../../api/client.js';
import { desktopBridge } from '../../api/connection.js';
import type { BundleLink, ExportJob } from '../../api/types.js';
import { CopyButton } from '../../ui/CopyButton.js';
import { ErrorNote } from '../../ui/ErrorNote.js';
import { formatBytes, formatCount, formatDuration, formatWhen, humanize } from '../../ui/format.js';
import { Message } from '../../ui/Message.js';
import { Icon } from '../../ui/Icon.js';
import { ProgressBar } from '../../ui/ProgressBar.js';
import { useLoad } from '../../ui/useLoad.js';
import { DeltaDownload } from './DeltaDownload.js';
import { durationSeconds, etaText, isActive, isCancelled, phaseText, reusedNote, statusLabel } from './jobText.js';
import { SignedBy } from './SignedBy.js';
import { startDownload } from './startDownload.js';

/** A completed job's warnings: lists leave them out, so they are read from the job itself. */
function Warnings({ api, jobId }: { api: ApiClient; jobId: string }) {
  const load = useCallback(() => api.exportJob(jobId), [api, jobId]);
  const { data: job } = useLoad(load);
  if (job === undefined) return null;
  const warnings = job.warnings ?? [];
  if (warnings.length === 0) return null;
  const unlisted = (job.warningCount ?? warnings.length) - warnings.length;
  return (
    <details className="report-group" open={warnings.length <= 5}>
      <summary>
        <span className="badge warn">{job.warningCount ?? warnings.length}</span> Warnings
      </summary>
      <ul className="problem-list">
        {warnings.map((w, i) => (
          <li key={`${w.code}:${i}`}>
            <span>
              <span className="badge">{humanize(w.code)}</span>{' '}
              {w.page !== null && <code className="path">{w.page}</code>}
            </span>
            <span>
              <Message text={w.message} />
            </span>
          </li>
        ))}
      </ul>
      {unlisted > 0 && <p className="muted">{unlisted} more not listed.</p>}
    </details>
  );
}

function Finished({ api, job }: { api: ApiClient; job: ExportJob }) {
  const [link, setLink] = useState<BundleLink | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const saveBundle = desktopBridge()?.saveBundle;
  const sha256 = link?.sha256 ?? job.sha256;
  const size = link?.sizeBytes ?? job.sizeBytes;
  const signedBy = link?.signingKeyFingerprint ?? job.signingKeyFingerprint;
  const took = durationSeconds(job);
  const reused = reusedNote(job);
  const download = () => {
    setError(null);
    api.bundleLink(job.jobId).then((l) => (setLink(l), startDownload(l)), setError);
  };
  const save = () =>
    saveBundle?.({ jobId: job.jobId }).then((out) => setSaved(out === null ? null : out.path), setError);
  return (
    <>
      <dl className="facts">
        <div>
          <dt>Size</dt>
          <dd>{size === null ? '—' : formatBytes(size)}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{took === null ? '—' : formatDuration(took)}</dd>
        </div>
        <div>
          <dt>Pages</dt>
          <dd>
            {formatCount(job.pageCount)}
            {reused !== null && (
              <span className="fact-note" title="Nothing these pages load changed since the last export">
                {reused}
              </span>
            )}
          </dd>
        </div>
        <div className="fact-wide">
          <dt>SHA-256</dt>
          <dd className="row">
            {sha256 === null ? (
              <span className="muted">Shown once the download link is made</span>
            ) : (
              <>
                <code className="hash" data-testid="sha256">
                  {sha256}
                </code>
                <CopyButton text={sha256} label="Copy SHA-256" />
              </>
            )}
          </dd>
        </div>
        <SignedBy fingerprint={signedBy} />
      </dl>
      <div className="row">
        <button type="button" className="button primary" onClick={download}>
          <Icon name="download" /> Download
        </button>
        {saveBundle !== undefined && (
          <button type="button" className="button" onClick={() => void save()}>
            <Icon name="folder" /> Save to…
          </button>
        )}
        {link !== null && (
          <a className="muted small-text" href={link.bundleUrl} download>
            Download link, valid until {formatWhen(link.expiresAt)}
          </a>
        )}
      </div>
      {saved !== null && (
        <p className="callout success" role="status">
          Saved to <code>{saved}</code> and checked.
        </p>
      )}
      <ErrorNote error={error} />
      <DeltaDownload api={api} job={job} />
      <Warnings api={api} jobId={job.jobId} />
    </>
  );
}

/** A job's card; `onCancel` asks to cancel it. */
export function JobCard(props: { api: ApiClient; job: ExportJob; onCancel: (job: ExportJob) => void }) {
  const { job } = props;
  return (
    <article className="card job" data-job={job.jobId} aria-labelledby={`job-${job.jobId}`}>
      <header className="job-head">
        <div>
          <h2 id={`job-${job.jobId}`}>{job.domain}</h2>
          <p className="muted">
            {job.deployment}
            {job.version === null ? '' : ` · ${job.version}`} · started {formatWhen(job.createdAt)} ·{' '}
            <code>{job.jobId}</code>
          </p>
        </div>
        <span className={`badge status-${statusLabel(job)}`} data-testid="job-status">
          {statusLabel(job)}
        </span>
      </header>
      {isActive(job) && (
        <div className="stack">
          <ProgressBar
            label={phaseText(job)}
            value={job.status === 'queued' ? null : job.progress}
            {...withText(job)}
          />
          <div className="row end">
            <button type="button" className="button danger" onClick={() => props.onCancel(job)}>
              Cancel export
            </button>
          </div>
        </div>
      )}
      {job.status === 'completed' && <Finished api={props.api} job={job} />}
      {job.status === 'failed' && !isCancelled(job) && (
        <ErrorNote error={new Error(job.error ?? 'The export failed')} />
      )}
    </article>
  );
}

function withText(job: ExportJob): { text?: string } {
  const eta = etaText(job);
  const text = [`${job.progress}%`, eta].filter((t) => t !== undefined).join(' · ');
  return { text };
}
