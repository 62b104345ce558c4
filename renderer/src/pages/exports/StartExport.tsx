/**
 * The start-export form: site, deployment kind, features beyond the kind's defaults, version label. Only
 * the features the user changed are sent, so the server's defaults (recorded in the manifest) stay the
 * source of truth.
 */
import { useState, type FormEvent } from 'react';
import type { ApiClient, StartExport as StartBody } from '../../api/client.js';
import type { Deployment, ExportJob, Project } from '../../api/types.js';
import { ErrorNote } from '../../ui/ErrorNote.js';
import { Icon } from '../../ui/Icon.js';

const DEPLOYMENTS: readonly { value: Deployment; label: string; hint: string }[] = [
  { value: 'air-gapped', label: 'Air-gapped', hint: 'No analytics, no feedback, offline search.' },
  { value: 'client-hosted', label: 'Client-hosted', hint: 'Feedback and analytics sent to this Offprint.' },
  { value: 'cloud', label: 'Cloud', hint: 'As client-hosted, for a public host.' },
];

type Feature = 'search' | 'feedback' | 'analytics';
const FEATURES: readonly { key: Feature; label: string }[] = [
  { key: 'search', label: 'Offline search' },
  { key: 'feedback', label: 'Feedback widgets' },
  { key: 'analytics', label: 'Page-view analytics' },
];

function defaults(kind: Deployment): Record<Feature, boolean> {
  const connected = kind !== 'air-gapped';
  return { search: true, feedback: connected, analytics: connected };
}

function requestBody(domain: string, kind: Deployment, features: Record<Feature, boolean>, version: string): StartBody {
  const base = defaults(kind);
  const changed = Object.fromEntries(
    FEATURES.filter((f) => features[f.key] !== base[f.key]).map((f) => [f.key, features[f.key]]),
  );
  return {
    domain,
    deployment: kind,
    ...(version.trim() === '' ? {} : { version: version.trim() }),
    ...(Object.keys(changed).length === 0 ? {} : { features: changed }),
  };
}

/** Starts an export; `onStarted` gets the new job. */
export function StartExport(props: {
  api: ApiClient;
  projects: readonly Project[];
  onStarted: (job: ExportJob) => void;
}) {
  const [domain, setDomain] = useState(props.projects[0]?.domain ?? '');
  const [kind, setKind] = useState<Deployment>('air-gapped');
  const [features, setFeatures] = useState(defaults('air-gapped'));
  const [version, setVersion] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const pickKind = (next: Deployment) => {
    setKind(next);
    setFeatures(defaults(next));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    props.api
      .startExport(requestBody(domain, kind, features, version))
      .then(props.onStarted, setError)
      .finally(() => setBusy(false));
  };
  return (
    <form className="card form-grid" onSubmit={submit} aria-labelledby="start-export-title">
      <h2 id="start-export-title">New export</h2>
      <div className="form-row">
        <label className="field">
          <span>Site</span>
          <select name="site" value={domain} onChange={(e) => setDomain(e.target.value)}>
            {props.projects.map((p) => (
              <option key={p.projectId} value={p.domain}>
                {p.name} ({p.domain})
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Version label (optional)</span>
          <input name="version" value={version} onChange={(e) => setVersion(e.target.value)} placeholder="v2.4" />
        </label>
      </div>
      <fieldset className="choices">
        <legend>Deployment</legend>
        {DEPLOYMENTS.map((d) => (
          <label key={d.value} className={kind === d.value ? 'choice selected' : 'choice'}>
            <input
              type="radio"
              name="deployment"
              value={d.value}
              checked={kind === d.value}
              onChange={() => pickKind(d.value)}
            />
            <span>
              <strong>{d.label}</strong>
              <small className="muted">{d.hint}</small>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="checks">
        <legend>Features</legend>
        {FEATURES.map((f) => (
          <label key={f.key}>
            <input
              type="checkbox"
              name={f.key}
              checked={features[f.key]}
              onChange={(e) => setFeatures({ ...features, [f.key]: e.target.checked })}
            />
            {f.label}
          </label>
        ))}
      </fieldset>
      <ErrorNote error={error} />
      <div className="row end">
        <button type="submit" className="button primary" disabled={busy || domain === ''}>
          <Icon name="exports" /> {busy ? 'Starting…' : 'Start export'}
        </button>
      </div>
    </form>
  );
}
