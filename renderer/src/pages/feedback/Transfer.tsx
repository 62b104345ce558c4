/**
 * Feedback in and out of the dashboard: download what the filter selects as CSV (UTF-8 with a BOM, so
 * Excel reads it) or NDJSON, and import an NDJSON file carried back from an air-gapped network, with its
 * report. Downloads are fetched with the admin key (a plain link could not send it) and handed to the
 * browser as a file.
 */
import { useId, useState } from 'react';
import type { ApiClient } from '../../api/client.js';
import type { FeedbackImportResult } from '../../api/types.js';
import type { UploadProgress } from '../../api/upload.js';
import { ErrorNote } from '../../ui/ErrorNote.js';
import { Icon } from '../../ui/Icon.js';
import { ProgressBar } from '../../ui/ProgressBar.js';
import { plural } from '../../ui/format.js';
import { saveBlob } from '../../ui/saveBlob.js';

/** The two download buttons for the current filter. */
export function DownloadButtons(props: { api: ApiClient; projectId: string; selection: URLSearchParams }) {
  const [busy, setBusy] = useState<'csv' | 'ndjson' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const download = (format: 'csv' | 'ndjson') => {
    const query = new URLSearchParams(props.selection);
    query.set('format', format);
    setBusy(format);
    setError(null);
    props.api
      .downloadFeedback(props.projectId, query)
      .then(({ blob, filename }) => saveBlob(blob, filename), setError)
      .finally(() => setBusy(null));
  };
  return (
    <div className="fb-downloads">
      <button type="button" className="button" onClick={() => download('csv')} disabled={busy !== null}>
        <Icon name="download" />
        {busy === 'csv' ? 'Preparing…' : 'CSV'}
        <span className="visually-hidden"> download of the filtered feedback</span>
      </button>
      <button type="button" className="button" onClick={() => download('ndjson')} disabled={busy !== null}>
        <Icon name="download" />
        {busy === 'ndjson' ? 'Preparing…' : 'NDJSON'}
        <span className="visually-hidden"> download of the filtered feedback</span>
      </button>
      <ErrorNote error={error} />
    </div>
  );
}

function ImportReport({ file, result }: { file: string; result: FeedbackImportResult }) {
  return (
    <div className="callout success" role="status">
      <Icon name="check" />
      <div>
        <strong>Imported {file}</strong>
        <ul className="fb-import-report">
          <li>{plural(result.lines, 'line')} read</li>
          <li>{plural(result.imported, 'entry', 'entries')} added</li>
          <li>{plural(result.duplicates, 'duplicate')} skipped (already here)</li>
        </ul>
      </div>
    </div>
  );
}

/** The import card: a file picker, upload progress, then the report or the problems by line. */
export function ImportFeedback(props: { api: ApiClient; projectId: string; onImported: () => void }) {
  const inputId = useId();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [report, setReport] = useState<{ file: string; result: FeedbackImportResult } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const pick = (file: File) => {
    setError(null);
    setReport(null);
    setProgress({ loaded: 0, total: file.size });
    props.api
      .importFeedback(props.projectId, file, setProgress)
      .then((result) => {
        setReport({ file: file.name, result });
        props.onImported();
      }, setError)
      .finally(() => setProgress(null));
  };
  return (
    <section className="card fb-import" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>Import feedback</h2>
      <p className="muted">
        An NDJSON file exported on the air-gapped side (one entry per line). All or nothing: a bad line rejects the file
        and is listed; entries already here are skipped.
      </p>
      <label htmlFor={inputId} className="field">
        <span>NDJSON file</span>
        <input
          id={inputId}
          type="file"
          accept=".ndjson,.jsonl,application/x-ndjson"
          disabled={progress !== null}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file !== undefined) pick(file);
            e.target.value = '';
          }}
        />
      </label>
      {progress !== null && <ProgressBar label="Uploading" value={progress.loaded} max={progress.total} />}
      {report !== null && <ImportReport {...report} />}
      <ErrorNote error={error} />
    </section>
  );
}
