/** A bundle manifest's summary as facts: what was exported, when, by what, and the file's own checksum. */
import type { ManifestSummary } from '../../api/types.js';
import { formatBytes, formatCount, formatWhen } from '../../ui/format.js';
import { chromiumLabel } from './EgressProofFacts.js';

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value === null || value === undefined ? '—' : value}</dd>
    </div>
  );
}

/** Site, version, deployment, pages, files, export time, versions, this server's job, size, SHA-256. */
export function ManifestFacts({ manifest }: { manifest: ManifestSummary }) {
  return (
    <dl className="facts">
      <Fact label="Site" value={manifest.domain} />
      <Fact label="Version" value={manifest.version} />
      <Fact label="Deployment" value={manifest.deployment} />
      <Fact label="Pages" value={formatCount(manifest.pages)} />
      <Fact label="Files" value={formatCount(manifest.files)} />
      <Fact label="Exported at" value={manifest.exportedAt === null ? null : formatWhen(manifest.exportedAt)} />
      <Fact label="Made by" value={manifest.offprintVersion === null ? null : `Offprint ${manifest.offprintVersion}`} />
      <Fact label="Rendered with" value={chromiumLabel(manifest.chromiumVersion)} />
      <Fact
        label="This server’s export"
        value={
          manifest.jobId === null
            ? 'None (made elsewhere)'
            : `${manifest.jobId}, done ${formatWhen(manifest.createdAt)}`
        }
      />
      <Fact label="Size" value={formatBytes(manifest.sizeBytes)} />
      <div className="fact-wide">
        <dt>SHA-256 of the zip</dt>
        <dd>
          <code className="hash">{manifest.sha256}</code>
        </dd>
      </div>
    </dl>
  );
}
