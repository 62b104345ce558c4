/**
 * Keys: the bundle signing key (its fingerprint, public key file, rotation), then admin API keys: create
 * one (its secret shown once, with a copy button), see when each was last used, revoke.
 */
import { useCallback, useState, type FormEvent } from 'react';
import type { ApiClient } from '../../api/client.js';
import type { ApiKey, CreatedKey } from '../../api/types.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { CopyButton } from '../../ui/CopyButton.js';
import { ErrorNote } from '../../ui/ErrorNote.js';
import { formatAgo, formatWhen } from '../../ui/format.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { useLoad } from '../../ui/useLoad.js';
import { SigningKeySection } from './SigningKeySection.js';

function NewKey({ created, onDone }: { created: CreatedKey; onDone: () => void }) {
  return (
    <div className="callout success secret-box" role="status">
      <div className="stack">
        <strong>Copy this key now: it is not shown again.</strong>
        <div className="row">
          <code className="secret" data-testid="new-key">
            {created.key}
          </code>
          <CopyButton text={created.key} label="Copy key" />
        </div>
        <div>
          <button type="button" className="button small" onClick={onDone}>
            Done
          </button>
        </div>
      </div>
    </div>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (k: ApiKey) => void }) {
  const revoked = apiKey.revokedAt !== null;
  return (
    <li className={revoked ? 'card key-row revoked' : 'card key-row'} data-key={apiKey.keyId}>
      <div className="key-main">
        <strong>{apiKey.name}</strong>
        <code className="muted">
          {apiKey.prefix}…{apiKey.last4}
        </code>
      </div>
      <dl className="facts">
        <div>
          <dt>Created</dt>
          <dd>{formatWhen(apiKey.createdAt)}</dd>
        </div>
        <div>
          <dt>Last used</dt>
          <dd title={formatWhen(apiKey.lastUsedAt)}>
            {apiKey.lastUsedAt === null ? 'Never' : formatAgo(apiKey.lastUsedAt)}
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{revoked ? `Revoked ${formatWhen(apiKey.revokedAt)}` : 'Active'}</dd>
        </div>
      </dl>
      {!revoked && (
        <button
          type="button"
          className="button danger small"
          onClick={() => onRevoke(apiKey)}
          aria-label={`Revoke ${apiKey.name}`}
        >
          Revoke
        </button>
      )}
    </li>
  );
}

/** The keys page. */
export function KeysPage({ api }: { api: ApiClient }) {
  const load = useCallback(() => api.keys().then((r) => r.keys), [api]);
  const { data: keys, error: loadError, reload } = useLoad(load);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [error, setError] = useState<unknown>(null);
  const create = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    api.createKey(name.trim()).then((k) => (setCreated(k), setName(''), void reload()), setError);
  };
  const revoke = () => {
    const key = revoking;
    setRevoking(null);
    if (key !== null) api.revokeKey(key.keyId).then(() => reload(), setError);
  };
  return (
    <section className="page">
      <PageHeader title="Keys" description="The key that signs your bundles, and the keys scripts use." />
      <SigningKeySection api={api} />
      <section className="section" aria-labelledby="api-keys-title">
        <h2 id="api-keys-title">API keys</h2>
        <p className="muted">
          Admin keys authenticate scripts against this Offprint: <code>Authorization: Bearer offp_…</code>
        </p>
        <form className="card inline-form" onSubmit={create}>
          <label className="field grow">
            <span>Key name</span>
            <input
              name="keyName"
              placeholder="What is it for? e.g. Nightly export"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          <button type="submit" className="button primary" disabled={name.trim() === ''}>
            Create key
          </button>
        </form>
        {created !== null && <NewKey created={created} onDone={() => setCreated(null)} />}
        <ErrorNote error={loadError ?? error} />
        {keys === undefined ? (
          loadError === null && <p className="muted">Loading…</p>
        ) : (
          <ul className="key-list" aria-labelledby="api-keys-title">
            {keys.map((k) => (
              <KeyRow key={k.keyId} apiKey={k} onRevoke={setRevoking} />
            ))}
          </ul>
        )}
        <ConfirmDialog
          open={revoking !== null}
          title={`Revoke ${revoking?.name ?? 'key'}?`}
          confirmLabel="Revoke key"
          danger
          onConfirm={revoke}
          onCancel={() => setRevoking(null)}
        >
          <p>Scripts using this key stop working at once.</p>
        </ConfirmDialog>
      </section>
    </section>
  );
}
