/**
 * Verify a bundle carried across the air gap: optionally type the fingerprint the sender read out, then
 * drop or pick the zip; the server runs the same checks as `offprint verify [--fingerprint]` (the
 * signature first, then every file against the manifest's SHA-256) and this page shows the receipt.
 */
import { useRef, useState } from 'react';
import type { ApiClient } from '../../api/client.js';
import type { VerifyResult } from '../../api/types.js';
import { ErrorNote } from '../../ui/ErrorNote.js';
import { FileDrop } from '../../ui/FileDrop.js';
import { fingerprintProblem, formatFingerprint } from '../../ui/fingerprint.js';
import { formatBytes } from '../../ui/format.js';
import { Icon } from '../../ui/Icon.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { ProgressBar } from '../../ui/ProgressBar.js';
import { FingerprintField } from './FingerprintField.js';
import { Receipt } from './Receipt.js';

type State =
  | { kind: 'idle' }
  | { kind: 'sending'; name: string; loaded: number; total: number }
  | { kind: 'checking'; name: string }
  | { kind: 'done'; name: string; result: VerifyResult; expected: string | null };

/** The verify page. */
export function VerifyPage({ api }: { api: ApiClient }) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [error, setError] = useState<unknown>(null);
  const [typed, setTyped] = useState('');
  const [touched, setTouched] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const problem = typed.trim() === '' ? null : fingerprintProblem(typed);
  const expectedNow = typed.trim() === '' || problem !== null ? null : formatFingerprint(typed);

  const verify = (chosen: File) => {
    setFile(chosen);
    setError(null);
    if (problem !== null) {
      // No upload for a check that cannot be what the user meant: fix the fingerprint first.
      setTouched(true);
      setState({ kind: 'idle' });
      input.current?.focus();
      return;
    }
    const expected = expectedNow;
    const name = chosen.name;
    setState({ kind: 'sending', name, loaded: 0, total: chosen.size });
    api
      .verifyBundle(
        chosen,
        ({ loaded, total }) =>
          setState(loaded >= total ? { kind: 'checking', name } : { kind: 'sending', name, loaded, total }),
        expected ?? undefined,
      )
      .then(
        (result) => setState({ kind: 'done', name, result, expected }),
        (e: unknown) => (setState({ kind: 'idle' }), setError(e)),
      );
  };
  const busy = state.kind === 'sending' || state.kind === 'checking';
  // Offered when the last check of the file did not run, or ran with another fingerprint than typed now.
  const recheck = file !== null && !busy && (state.kind !== 'done' || state.expected !== expectedNow);
  return (
    <section className="page">
      <PageHeader
        title="Verify a bundle"
        description="Check that an export's zip comes from who you expect and arrived complete and unaltered."
      />
      <FingerprintField
        ref={input}
        value={typed}
        problem={touched ? problem : null}
        disabled={busy}
        onChange={setTyped}
        onBlur={() => setTouched(true)}
      />
      <FileDrop
        label="Bundle zip"
        hint="Drop an export's zip here, or choose it. Nothing is kept after the check."
        disabled={busy}
        onFile={verify}
      />
      {recheck && (
        <div className="row">
          <button type="button" className="button" onClick={() => verify(file)}>
            <Icon name="refresh" /> Check {file.name} again
          </button>
          <span className="muted small-text">with the fingerprint as it is typed now</span>
        </div>
      )}
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
      {state.kind === 'done' && <Receipt name={state.name} result={state.result} expected={state.expected} />}
    </section>
  );
}
