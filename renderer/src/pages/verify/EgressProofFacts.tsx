/**
 * The zero-egress proof the export signed into the manifest: every page of the bundle opened in Chromium
 * (from file:// and from a local web server) with each request outside the bundle blocked and counted.
 */
import type { EgressProof } from '../../api/types.js';
import { formatCount, formatWhen, humanize, plural } from '../../ui/format.js';
import { Icon } from '../../ui/Icon.js';

/** Readable names of the request kinds the check tells apart (unknown kinds are humanized). */
const KIND_LABELS: Readonly<Record<string, string>> = {
  http: 'HTTP(S)',
  websocket: 'WebSocket',
  preconnect: 'Preconnect',
  'dns-prefetch': 'DNS prefetch',
  prefetch: 'Prefetch',
  webrtc: 'WebRTC',
  'service-worker': 'Service worker',
  other: 'Other',
};

const MODE_LABELS: Readonly<Record<string, string>> = { file: 'file://', http: 'a local web server' };

/** `Chrome/131.0.6778.85` -> `Chromium 131.0.6778.85`. */
export function chromiumLabel(version: string | null): string | null {
  return version === null ? null : `Chromium ${version.replace(/^(Headless)?Chrome\//, '')}`;
}

function Summary({ proof, total }: { proof: EgressProof; total: number }) {
  if (total === 0 && proof.blocked === 0) {
    return (
      <p className="egress-summary ok">
        <Icon name="check" /> No page reached outside the bundle.
      </p>
    );
  }
  return (
    <p className="egress-summary bad">
      <Icon name="alert" /> {plural(total, 'request')} outside the bundle, {formatCount(proof.blocked)} blocked.
    </p>
  );
}

/** The egress section of a receipt (a note when the manifest carries no proof). */
export function EgressProofFacts({ proof }: { proof: EgressProof | null }) {
  if (proof === null) {
    return (
      <section className="egress" aria-labelledby="egress-title">
        <h3 id="egress-title">Zero-egress check</h3>
        <p className="muted">
          The manifest carries no egress proof (an older Offprint made it, or its signed manifest could not be read).
        </p>
      </section>
    );
  }
  const kinds = Object.entries(proof.requests);
  const total = kinds.reduce((sum, [, n]) => sum + n, 0);
  return (
    <section className="egress" aria-labelledby="egress-title">
      <h3 id="egress-title">Zero-egress check</h3>
      <Summary proof={proof} total={total} />
      <dl className="facts">
        <div>
          <dt>Pages opened</dt>
          <dd>{formatCount(proof.pagesChecked)}</dd>
        </div>
        <div>
          <dt>Opened from</dt>
          <dd>{proof.modes.map((m) => MODE_LABELS[m] ?? m).join(' and ') || '—'}</dd>
        </div>
        <div>
          <dt>Blocked</dt>
          <dd>{formatCount(proof.blocked)}</dd>
        </div>
        <div>
          <dt>Checked with</dt>
          <dd>{chromiumLabel(proof.chromiumVersion) ?? '—'}</dd>
        </div>
        <div>
          <dt>Checked on</dt>
          <dd>{formatWhen(proof.time)}</dd>
        </div>
      </dl>
      <h4 id="egress-kinds-title">Requests outside the bundle, by kind</h4>
      <ul className="egress-kinds" aria-labelledby="egress-kinds-title">
        {kinds.map(([kind, count]) => (
          <li key={kind} className={count > 0 ? 'hit' : undefined}>
            <span>{KIND_LABELS[kind] ?? humanize(kind)}</span>
            <strong className="tabular">{formatCount(count)}</strong>
          </li>
        ))}
      </ul>
      {proof.failures.length > 0 && (
        <>
          <h4>Seen, and let through by the export’s allow-egress option</h4>
          <ul className="problem-list">
            {proof.failures.map((f, i) => (
              <li key={i}>
                <span>
                  <span className="badge warn">{KIND_LABELS[f.kind] ?? humanize(f.kind)}</span>{' '}
                  <code className="path">{f.page}</code>
                </span>
                <code className="path">{f.url}</code>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
