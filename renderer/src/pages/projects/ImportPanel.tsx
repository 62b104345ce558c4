/**
 * Importing a project's docs: a zip uploaded with a progress bar (bytes sent, then "Building the site…"
 * while the server renders and indexes it), or, in the desktop app, a native folder/zip picker whose
 * import runs in the main process.
 */
import { useState } from 'react';
import type { ApiClient } from '../../api/client.js';
import { desktopBridge } from '../../api/connection.js';
import type { SiteImport } from '../../api/types.js';
import { ErrorNote } from '../../ui/ErrorNote.js';
import { FileDrop } from '../../ui/FileDrop.js';
import { formatBytes } from '../../ui/format.js';
import { Icon } from '../../ui/Icon.js';
import { ProgressBar } from '../../ui/ProgressBar.js';

type Phase = { kind: 'idle' } | { kind: 'uploading'; loaded: number; total: number } | { kind: 'building' };

/** What an import produced, for the page to show and reload on. */
export interface ImportDone {
  readonly pages: number;
  readonly problems: number;
  readonly siteUrl: string | null;
  readonly report: SiteImport | null;
}

function DesktopPickers(props: {
  projectId: string;
  onDone: (done: ImportDone) => void;
  onError: (e: unknown) => void;
}) {
  const importSite = desktopBridge()?.importSite;
  if (importSite === undefined) return null;
  const pick = (source: 'folder' | 'zip') =>
    importSite({ projectId: props.projectId, source })
      .then((outcome) => {
        if (outcome !== null) props.onDone({ ...outcome, report: null });
      })
      .catch(props.onError);
  return (
    <div className="row">
      <button type="button" className="button" onClick={() => void pick('folder')}>
        <Icon name="folder" /> Choose a folder…
      </button>
      <button type="button" className="button" onClick={() => void pick('zip')}>
        <Icon name="upload" /> Choose a zip…
      </button>
    </div>
  );
}

/**
 * The import controls of one project. `onStart` tells the page a new upload began, so it stops showing the
 * previous import's outcome as if it were this one's.
 */
export function ImportPanel(props: {
  api: ApiClient;
  projectId: string;
  onStart: () => void;
  onDone: (done: ImportDone) => void;
}) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [error, setError] = useState<unknown>(null);
  const upload = (file: File) => {
    setError(null);
    props.onStart();
    setPhase({ kind: 'uploading', loaded: 0, total: file.size });
    props.api
      .importSite(props.projectId, file, ({ loaded, total }) =>
        setPhase(loaded >= total ? { kind: 'building' } : { kind: 'uploading', loaded, total }),
      )
      .then((report) => {
        setPhase({ kind: 'idle' });
        props.onDone({ pages: report.pages, problems: report.problems, siteUrl: report.siteUrl, report });
      })
      .catch((e: unknown) => {
        setPhase({ kind: 'idle' });
        setError(e);
      });
  };
  return (
    <div className="stack">
      <DesktopPickers projectId={props.projectId} onDone={props.onDone} onError={setError} />
      <FileDrop
        label="Docs zip"
        hint="Drop a zip of a Mintlify project, or of the repository it is in (its docs.json is found in its folders), or choose one."
        disabled={phase.kind !== 'idle'}
        onFile={upload}
      />
      {phase.kind === 'uploading' && (
        <ProgressBar
          label="Uploading"
          value={phase.loaded}
          max={phase.total}
          text={`${formatBytes(phase.loaded)} of ${formatBytes(phase.total)}`}
        />
      )}
      {phase.kind === 'building' && (
        <ProgressBar label="Building the site: rendering pages and the search index" value={null} />
      )}
      <ErrorNote error={error} />
    </div>
  );
}
