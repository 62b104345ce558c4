/** A bundle manifest's summary as facts, and problems as lines. */
import type { ManifestSummary } from '../../api/types.js';
import { formatBytes, formatCount, formatWhen } from '../../ui/format.js';

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value === null || value === undefined ? '—' : value}</dd>
    </div>
  );
}

/** Site, version, deployment, pages, files, created, size, SHA-256. */
export function ManifestFacts({ manifest }: { manifest: ManifestSummary }) {
  return (
    <dl className="facts">
      <Fact label="Site" value={manifest.domain} />
      <Fact label="Version" value={manifest.version} />
      <Fact label="Deployment" value={manifest.deployment} />
      <Fact label="Pages" value={formatCount(manifest.pages)} />
      <Fact label="Files" value={formatCount(manifest.files)} />
      <Fact
        label="Exported"
        value={manifest.createdAt === null ? 'Elsewhere (not by this server)' : formatWhen(manifest.createdAt)}
      />
      <Fact label="Size" value={formatBytes(manifest.sizeBytes)} />
      <Fact label="Made by" value={manifest.offprintVersion === null ? null : `Offprint ${manifest.offprintVersion}`} />
      <div className="fact-wide">
        <dt>SHA-256</dt>
        <dd>
          <code className="hash">{manifest.sha256}</code>
        </dd>
      </div>
    </dl>
  );
}
