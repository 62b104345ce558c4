/** Sign-in for the browser dashboard: an admin API key, checked before it is kept (for this tab only). */
import { useState, type FormEvent } from 'react';
import { apiClient } from '../api/client.js';
import { ErrorNote } from '../ui/ErrorNote.js';
import { Command } from '../ui/Command.js';

/** Asks for an admin key. */
export function ConnectPage({ onConnect }: { onConnect: (token: string) => void }) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const token = key.trim();
    setBusy(true);
    apiClient({ apiUrl: '', token, desktop: false })
      .projects()
      .then(() => onConnect(token))
      .catch((e: unknown) => {
        setError(e);
        setBusy(false);
      });
  };
  return (
    <main className="connect">
      <form className="card connect-card" onSubmit={submit}>
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            O
          </span>
          Offprint
        </div>
        <h1>Sign in</h1>
        <p className="muted">
          Paste an admin API key. On the machine running Offprint, create one with{' '}
          <Command text="offprint keys create" />.
        </p>
        <label className="field">
          <span>Admin API key</span>
          <input
            name="key"
            placeholder="offp_…"
            value={key}
            onChange={(e) => setKey(e.target.value)}
            autoFocus
            autoComplete="off"
            spellCheck={false}
          />
        </label>
        <ErrorNote error={error} />
        <button type="submit" className="button primary wide" disabled={key.trim() === '' || busy}>
          {busy ? 'Checking…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
