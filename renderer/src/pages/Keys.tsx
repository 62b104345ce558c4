/** Admin API keys: list, create (the key is shown once), revoke. */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { ApiClient, ApiKey } from '../api.js';
import { ErrorNote } from './ErrorNote.js';

const when = (iso: string | null): string => (iso === null ? '—' : new Date(iso).toLocaleString());

/** The key management page. */
export function KeysPage({ api }: { api: ApiClient }) {
  const [keys, setKeys] = useState<ApiKey[] | null>(null);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<{ key: string; keyId: string } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const reload = useCallback(() => {
    api
      .keys()
      .then((r) => setKeys(r.keys))
      .catch(setError);
  }, [api]);
  useEffect(reload, [reload]);

  const create = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    api
      .createKey(name.trim())
      .then((k) => {
        setCreated(k);
        setName('');
        reload();
      })
      .catch(setError);
  };
  const revoke = (key: ApiKey) => {
    if (!window.confirm(`Revoke "${key.name}"? Scripts using it stop working at once.`)) return;
    api.revokeKey(key.keyId).then(reload).catch(setError);
  };

  return (
    <section>
      <h1>API keys</h1>
      <p className="muted">
        Admin keys authenticate scripts against this Offprint (<code>Authorization: Bearer offp_…</code>).
      </p>
      <form className="inline" onSubmit={create}>
        <input
          aria-label="Key name"
          placeholder="What is this key for?"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" disabled={name.trim() === ''}>
          Create key
        </button>
      </form>
      {created !== null && (
        <div className="notice" role="status">
          <p>Copy this key now: it is not shown again.</p>
          <code className="secret">{created.key}</code>{' '}
          <button type="button" onClick={() => void navigator.clipboard.writeText(created.key)}>
            Copy
          </button>{' '}
          <button type="button" className="link" onClick={() => setCreated(null)}>
            Done
          </button>
        </div>
      )}
      <ErrorNote error={error} />
      {keys === null ? (
        <p className="muted">Loading…</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>Name</th>
              <th>Key</th>
              <th>Created</th>
              <th>Last used</th>
              <th>Status</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {keys.map((k) => (
              <tr key={k.keyId} className={k.revokedAt === null ? undefined : 'revoked'}>
                <td>{k.name}</td>
                <td>
                  <code>
                    {k.prefix}…{k.last4}
                  </code>
                </td>
                <td>{when(k.createdAt)}</td>
                <td>{when(k.lastUsedAt)}</td>
                <td>{k.revokedAt === null ? 'Active' : `Revoked ${when(k.revokedAt)}`}</td>
                <td>
                  {k.revokedAt === null && (
                    <button type="button" className="danger" onClick={() => revoke(k)}>
                      Revoke
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
