/** Sign-in for the browser dashboard: an admin API key, kept for this tab only. */
import { useState, type FormEvent } from 'react';
import { apiClient, ApiError } from '../api.js';

/** Asks for an admin key and checks it before accepting it. */
export function Connect({ onConnect }: { onConnect: (token: string) => void }) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const token = key.trim();
    apiClient({ apiUrl: '', token, desktop: false })
      .projects()
      .then(() => onConnect(token))
      .catch((e: unknown) => setError(e instanceof ApiError ? e.message : 'Could not reach the Offprint server'));
  };
  return (
    <main className="centered">
      <form className="card connect" onSubmit={submit}>
        <h1>Offprint</h1>
        <p>
          Paste an admin API key. Create one with <code>offprint keys create</code>.
        </p>
        <input
          aria-label="Admin API key"
          placeholder="offp_…"
          value={key}
          onChange={(e) => setKey(e.target.value)}
          autoFocus
          spellCheck={false}
        />
        {error !== null && <p className="error">{error}</p>}
        <button type="submit" disabled={key.trim() === ''}>
          Sign in
        </button>
      </form>
    </main>
  );
}
