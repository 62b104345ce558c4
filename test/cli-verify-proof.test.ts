/**
 * What `offprint verify` says of a bundle's egress proof: a bundle exported with --allow-egress holds the
 * requests its pages made outside it, and verify says they were allowed at export; beside "its files name
 * nothing outside it" a bare "1 requests outside the bundle" read as a contradiction.
 */
import AdmZip from 'adm-zip';
import { describe, expect, it } from 'vitest';
import { defaultOrganizationId } from '../server/domain/organizations.js';
import { MANIFEST_FILE } from '../server/export/manifest.js';
import type { EgressProof } from '../server/export/egressProof.js';
import { loadOrCreateSigningKey } from '../server/signing/keyStore.js';
import { cli } from './helpers/cli.js';
import { inspect } from './helpers/cliChecks.js';
import { tempDir } from './helpers/dataDirs.js';
import { resignZip, SMALL_BUNDLE_FILES, writeSignedZip } from './helpers/signedZip.js';

const requests = { http: 0, websocket: 0, preconnect: 0, 'dns-prefetch': 0, prefetch: 0, webrtc: 0 };

/** A signed one-page bundle whose manifest carries `proof`. */
async function bundleWith(proof: Omit<EgressProof, 'pagesChecked' | 'modes' | 'chromiumVersion' | 'time'>) {
  const dataDir = tempDir();
  const signer = inspect(dataDir, (rt) => loadOrCreateSigningKey(rt.dataDir, defaultOrganizationId(rt)));
  const file = await writeSignedZip({ files: SMALL_BUNDLE_FILES, signer });
  const zip = new AdmZip(file);
  const manifest = JSON.parse(zip.readAsText(MANIFEST_FILE)) as Record<string, unknown>;
  const egressProof = { pagesChecked: 1, modes: ['file', 'http'], chromiumVersion: 'Chrome/140', time: '', ...proof };
  resignZip(zip, JSON.stringify({ ...manifest, egressProof }, null, 2), signer);
  zip.writeZip(file);
  return file;
}

describe('offprint verify on the egress proof', () => {
  it('says requests were allowed at export with --allow-egress, and where they are named', async () => {
    const url = 'https://cdn.example.com/x.js';
    const zip = await bundleWith({
      requests: { ...requests, http: 2 },
      blocked: 2,
      failures: [{ page: 'index.html', kind: 'http', url }],
    });
    const out = await cli(['verify', zip]);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('its files name nothing outside it');
    expect(out.stdout).toContain(
      "1 request outside the bundle, allowed at export with --allow-egress (named in the manifest's egressProof.failures)",
    );
  });

  it('says no request left a closed bundle, or only to the collectors it was configured with', async () => {
    const closed = await cli(['verify', await bundleWith({ requests, blocked: 0, failures: [] })]);
    expect(closed.stdout).toContain(
      'Egress proof: 1 page opened (file and http) in Chrome/140, no request outside the bundle\n',
    );
    const collectors = await cli([
      'verify',
      await bundleWith({ requests: { ...requests, http: 3 }, blocked: 3, failures: [] }),
    ]);
    expect(collectors.stdout).toContain('no request outside the bundle but to its configured collectors (3 blocked)');
  });
});
