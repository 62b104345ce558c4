/**
 * Verify a bundle carried across the air gap: drop or pick its zip; the server runs the same checks as
 * `offprint verify` (every file against the manifest's SHA-256) and this page shows the verdict.
 */
import { useState } from 'react';
import type { ApiClient } from '../../api/client.js';
import type { VerifyResult } from '../../api/types.js';
import { ErrorNote } from '../../ui/ErrorNote.js';
import { FileDrop } from '../../ui/FileDrop.js';
import { formatBytes } from '../../ui/format.js';
import { Icon } from '../../ui/Icon.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { ProgressBar } from '../../ui/ProgressBar.js';
import { ManifestFacts } from './ManifestFacts.js';

type State =
  | { kind: 'idle' }
  | { kind: 'sending'; name: string; loaded: number; total: number }
  | { kind: 'checking'; name: string }
  | { kind: 'done'; name: string; result: VerifyResult };

function Verdict({ name, result }: { name: string; result: VerifyResult }) {
  return (
    <article
      className={result.ok ? 'card verdict ok' : 'card verdict bad'}
      aria-labelledby="verdict-title"
      data-verdict={result.ok ? 'ok' : 'bad'}
    >
      <header className="verdict-head">
        <Icon name={result.ok ? 'check' : 'alert'} />
        <div>
          <h2 id="verdict-title">{result.ok ? 'The bundle is intact' : 'The bundle does not match its manifest'}</h2>
          <p className="muted">{name}</p>
        </div>
      </header>
      <ManifestFacts manifest={result.manifest} />
      {result.problems.length > 0 && (
        <>
          <h3>Problems</h3>
          <ul className="problem-list">
            {result.problems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}

/** The verify page. */
export function VerifyPage({ api }: { api: ApiClient }) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [error, setError] = useState<unknown>(null);
  const verify = (file: File) => {
    setError(null);
    setState({ kind: 'sending', name: file.name, loaded: 0, total: file.size });
    api
      .verifyBundle(file, ({ loaded, total }) =>
        setState(
          loaded >= total ? { kind: 'checking', name: file.name } : { kind: 'sending', name: file.name, loaded, total },
        ),
      )
      .then(
        (result) => setState({ kind: 'done', name: file.name, result }),
        (e: unknown) => (setState({ kind: 'idle' }), setError(e)),
      );
  };
  const busy = state.kind === 'sending' || state.kind === 'checking';
  return (
    <section className="page">
      <PageHeader
        title="Verify a bundle"
        description="Check that an export's zip arrived complete and unaltered: every file against its manifest."
      />
      <FileDrop
        label="Bundle zip"
        hint="Drop an export's zip here, or choose it. Nothing is kept after the check."
        disabled={busy}
        onFile={verify}
      />
      {state.kind === 'sending' && (
        <ProgressBar
          label={`Sending ${state.name}`}
          value={state.loaded}
          max={state.total}
          text={`${formatBytes(state.loaded)} of ${formatBytes(state.total)}`}
        />
      )}
      {state.kind === 'checking' && <ProgressBar label={`Checking ${state.name}`} value={null} />}
      <ErrorNote error={error} />
      {state.kind === 'done' && <Verdict name={state.name} result={state.result} />}
    </section>
  );
}
