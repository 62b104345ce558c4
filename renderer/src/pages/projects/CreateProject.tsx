/** The new-project form: a name and the hostname its docs site answers to. */
import { useState, type FormEvent } from 'react';
import type { ApiClient } from '../../api/client.js';
import type { Project } from '../../api/types.js';
import { ErrorNote } from '../../ui/ErrorNote.js';

/** Suggests a hostname from a name: "Acme API" -> "acme-api.localhost". */
function suggestDomain(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? '' : `${slug}.localhost`;
}

/** Creates a project, then hands it to `onCreated`. */
export function CreateProject(props: { api: ApiClient; onCreated: (p: Project) => void; onCancel: () => void }) {
  const [name, setName] = useState('');
  const [domain, setDomain] = useState('');
  const [domainTouched, setDomainTouched] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const shownDomain = domainTouched ? domain : suggestDomain(name);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    props.api
      .createProject({ name: name.trim(), domain: shownDomain.trim() })
      .then(props.onCreated)
      .catch((e: unknown) => {
        setError(e);
        setBusy(false);
      });
  };
  return (
    <form className="card form-grid" onSubmit={submit} aria-labelledby="new-project-title">
      <h2 id="new-project-title">New project</h2>
      <label className="field">
        <span>Name</span>
        <input name="name" value={name} onChange={(e) => setName(e.target.value)} placeholder="Acme docs" autoFocus />
      </label>
      <label className="field">
        <span>Domain</span>
        <input
          name="domain"
          value={shownDomain}
          onChange={(e) => (setDomainTouched(true), setDomain(e.target.value))}
          placeholder="docs.acme.example"
          spellCheck={false}
        />
        <small className="muted">The hostname of the docs site, as exports and feedback name it.</small>
      </label>
      <ErrorNote error={error} />
      <div className="row end">
        <button type="button" className="button" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="submit" className="button primary" disabled={busy || name.trim() === '' || shownDomain === ''}>
          {busy ? 'Creating…' : 'Create project'}
        </button>
      </div>
    </form>
  );
}
