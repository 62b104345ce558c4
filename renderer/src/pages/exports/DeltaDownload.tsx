/**
 * "Delta from…": instead of carrying the whole bundle across the air gap again, download only what
 * changed since an earlier completed export of the same site (a signed delta the receiver applies to the
 * bundle they already have with `offprint apply`).
 */
import { useCallback, useState } from 'react';
import type { ApiClient } from '../../api/client.js';
import type { BundleLink, ExportJob } from '../../api/types.js';
import { CopyButton } from '../../ui/CopyButton.js';
import { ErrorNote } from '../../ui/ErrorNote.js';
import { formatBytes, formatWhen } from '../../ui/format.js';
import { Icon } from '../../ui/Icon.js';
import { useLoad } from '../../ui/useLoad.js';
import { startDownload } from './startDownload.js';
import { Command } from '../../ui/Command.js';

/** How many earlier exports the choice offers (the newest; a delta from an old one saves little). */
const BASES = 20;

/**
 * The query of what a delta can start from: completed exports of the same site made before `job`, newest
 * first. Asked of the server: the history on the page may be filtered, or not reach back that far.
 */
function basesQuery(domain: string, before: string): URLSearchParams {
  return new URLSearchParams({ status: 'completed', domain, dateTo: before, limit: String(BASES) });
}

function baseLabel(job: ExportJob): string {
  const parts = [formatWhen(job.createdAt), job.version, job.sizeBytes === null ? null : formatBytes(job.sizeBytes)];
  return `${parts.filter((p) => p !== null).join(' · ')} (${job.jobId})`;
}

/** The delta action of a completed job's card (nothing when no earlier export of its site exists). */
export function DeltaDownload(props: { api: ApiClient; job: ExportJob }) {
  const { api, job } = props;
  const { domain, createdAt } = job;
  const load = useCallback(
    () => api.exportJobs(basesQuery(domain, createdAt)).then((r) => r.jobs),
    [api, domain, createdAt],
  );
  const bases = useLoad(load).data ?? [];
  const [from, setFrom] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<BundleLink | null>(null);
  const [error, setError] = useState<unknown>(null);
  if (bases.length === 0) return null;
  const chosen = bases.some((b) => b.jobId === from) ? from : (bases[0]?.jobId ?? '');
  const download = () => {
    setBusy(true);
    setError(null);
    setLink(null);
    props.api
      .bundleLink(props.job.jobId, { deltaFrom: chosen })
      .then((l) => (setLink(l), startDownload(l, `${props.job.jobId}-delta-from-${chosen}.zip`)), setError)
      .finally(() => setBusy(false));
  };
  return (
    <details className="report-group delta">
      <summary>Delta from an earlier export…</summary>
      <div className="stack">
        <p className="muted">
          Only what changed since an earlier export of this site, signed. Whoever holds that export rebuilds this one
          byte for byte: <Command text="offprint apply OLD.zip DELTA.zip --out NEW.zip" />
        </p>
        <div className="inline-form">
          <label className="field grow">
            <span>Earlier export</span>
            <select name="deltaFrom" value={chosen} onChange={(e) => setFrom(e.target.value)}>
              {bases.map((b) => (
                <option key={b.jobId} value={b.jobId}>
                  {baseLabel(b)}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="button" disabled={busy} onClick={download}>
            <Icon name="download" /> {busy ? 'Making the delta…' : 'Download delta'}
          </button>
        </div>
        {link !== null && (
          <div className="row" role="status">
            <span className="muted">Delta of {formatBytes(link.sizeBytes)}, SHA-256</span>
            <code className="hash" data-testid="delta-sha256">
              {link.sha256}
            </code>
            <CopyButton text={link.sha256} label="Copy delta SHA-256" />
          </div>
        )}
        <ErrorNote error={error} />
      </div>
    </details>
  );
}
