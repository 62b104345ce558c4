/**
 * Bundle signing (issue 15): each organization's Ed25519 key is made on first use and kept owner-only;
 * a signed bundle verifies, and names its signer; each single-byte change to any entry (the manifest,
 * its signature, the manifest script, a page, an asset) fails verify saying which; a bundle signed by
 * another key, or unsigned, fails; rotation keeps old bundles verifiable with the old public key.
 * Real key files in a real data dir, real zips, the real verify.
 */
import AdmZip from 'adm-zip';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultOrganizationId } from '../server/domain/organizations.js';
import { exportPublicKey, organizationSigningKeys, rotateOrganizationKey } from '../server/domain/signingKeys.js';
import { verifyBundle } from '../server/export/verify.js';
import { fingerprintOf, parsePublicKey } from '../server/signing/ed25519.js';
import { loadOrCreateSigningKey } from '../server/signing/keyStore.js';
import { signingKeysDir } from '../server/dataPaths.js';
import type { Runtime } from '../server/runtime.js';
import { tempDir } from './helpers/dataDirs.js';
import { openTempRuntime } from './helpers/siteProjects.js';
import { SMALL_BUNDLE_FILES, writeSignedZip } from './helpers/signedZip.js';

let rt: Runtime;
let orgId: string;

beforeAll(() => {
  rt = openTempRuntime();
  orgId = defaultOrganizationId(rt);
});
afterAll(() => rt.close());

/** A copy of `zip` with byte `at` of entry `name` changed. */
function withByteChanged(zip: string, name: string, at: number): string {
  const archive = new AdmZip(zip);
  const entry = archive.getEntry(name);
  if (entry === null) throw new Error(`no entry ${name}`);
  const data = Buffer.from(entry.getData());
  data[at] = (data[at] ?? 0) ^ 0x20;
  archive.updateFile(entry, data);
  const out = join(tempDir('offprint-tampered-'), 'bundle.zip');
  archive.writeZip(out);
  return out;
}

describe('organization signing keys', () => {
  it('are created on first use, owner-only, and the same key afterwards', () => {
    const previous = process.umask(0o022);
    try {
      const key = loadOrCreateSigningKey(rt.dataDir, orgId);
      const dir = signingKeysDir(rt.dataDir, orgId);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      expect(statSync(join(dir, 'current.json')).mode & 0o777).toBe(0o600);
      expect(loadOrCreateSigningKey(rt.dataDir, orgId).fingerprint).toBe(key.fingerprint);
      expect(key.fingerprint).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
      expect(key.fingerprint).toBe(fingerprintOf(key.publicKey));
    } finally {
      process.umask(previous);
    }
  });

  it('never keep the private key in the database', () => {
    const key = loadOrCreateSigningKey(rt.dataDir, orgId);
    const stored = readFileSync(join(signingKeysDir(rt.dataDir, orgId), 'current.json'), 'utf8');
    const privateBody = /-----BEGIN PRIVATE KEY-----\n([^-]+)/.exec(stored.replace(/\\n/g, '\n'))?.[1];
    expect(privateBody).toBeTruthy();
    const db = readFileSync(join(rt.dataDir, 'offprint.db'));
    expect(db.includes(Buffer.from(String(privateBody).split('\n')[0] ?? 'x'))).toBe(false);
    expect(key.sign(Buffer.from('x'))).toHaveLength(64);
  });

  it('export as a PEM file that names the fingerprint, and parse back to the same key', () => {
    const key = loadOrCreateSigningKey(rt.dataDir, orgId);
    const text = exportPublicKey(rt, orgId);
    expect(text).toContain(`Fingerprint: ${key.fingerprint}`);
    expect(parsePublicKey(text).equals(key.publicKey)).toBe(true);
    expect(() => parsePublicKey('not a key')).toThrow(/not an Ed25519 public key/);
  });
});

describe('a signed bundle', () => {
  let zip: string;
  let fingerprint: string;

  beforeAll(async () => {
    const signer = loadOrCreateSigningKey(rt.dataDir, orgId);
    fingerprint = signer.fingerprint;
    zip = await writeSignedZip({ files: SMALL_BUNDLE_FILES, signer });
  });

  it('verifies, naming its signer; pinned by fingerprint or public key', async () => {
    const plain = await verifyBundle(zip);
    expect(plain.problems).toEqual([]);
    expect(plain).toMatchObject({ ok: true, signedBy: fingerprint, keyPinned: false });
    const typed = fingerprint.toLowerCase().replace(/-/g, ' ');
    expect(await verifyBundle(zip, { fingerprint: typed })).toMatchObject({ ok: true, keyPinned: true });
    const publicKey = parsePublicKey(exportPublicKey(rt, orgId));
    expect(await verifyBundle(zip, { publicKey })).toMatchObject({ ok: true, keyPinned: true });
  });

  const entries = ['manifest.json', 'manifest.json.sig', 'manifest.js', 'index.html', 'site.css'];
  it.each(entries)('fails when any single byte of %s changes, saying which', async (name) => {
    const size = new AdmZip(zip).getEntry(name)?.header.size ?? 0;
    for (const at of [0, Math.floor(size / 2), size - 2]) {
      const report = await verifyBundle(withByteChanged(zip, name, at));
      expect(report.ok, `${name} byte ${at}`).toBe(false);
      const said = report.problems.join('\n');
      if (name === 'manifest.json' || name === 'manifest.json.sig') {
        expect(said).toMatch(/signature|manifest\.json|unsigned/);
      } else {
        expect(said).toContain(name);
      }
    }
  });

  it('fails against another key, by fingerprint or public key', async () => {
    const other = loadOrCreateSigningKey(tempDir('offprint-other-'), 'org_other');
    const byFingerprint = await verifyBundle(zip, { fingerprint: other.fingerprint });
    expect(byFingerprint.ok).toBe(false);
    expect(byFingerprint.problems.join()).toContain(`signed by another key (${fingerprint})`);
    const byKey = await verifyBundle(zip, { publicKey: other.publicKey });
    expect(byKey.problems.join()).toContain('signed by another key');
  });

  it('signed by another key under this key’s name fails', async () => {
    const other = loadOrCreateSigningKey(tempDir('offprint-forger-'), 'org_forger');
    const own = loadOrCreateSigningKey(rt.dataDir, orgId);
    // A forger signs with their key but claims the organization's public key and fingerprint.
    const forged = await writeSignedZip({
      files: SMALL_BUNDLE_FILES,
      signer: { fingerprint: own.fingerprint, publicKey: own.publicKey, sign: (data) => other.sign(data) },
    });
    const report = await verifyBundle(forged);
    expect(report.ok).toBe(false);
    expect(report.problems.join()).toContain('the signature does not match manifest.json');
  });

  it('unsigned fails, saying so', async () => {
    const signer = loadOrCreateSigningKey(rt.dataDir, orgId);
    const report = await verifyBundle(await writeSignedZip({ files: SMALL_BUNDLE_FILES, signer, unsigned: true }));
    expect(report.ok).toBe(false);
    expect(report.problems[0]).toMatch(/unsigned/);
  });
});

describe('key rotation', () => {
  it('keeps old bundles verifiable with the old public key, and signs new ones with the new key', async () => {
    const data = openTempRuntime();
    try {
      const org = defaultOrganizationId(data);
      const before = await writeSignedZip({
        files: SMALL_BUNDLE_FILES,
        signer: loadOrCreateSigningKey(data.dataDir, org),
      });
      const { previous, current } = rotateOrganizationKey(data, org);
      expect(current.fingerprint).not.toBe(previous.fingerprint);
      const after = await writeSignedZip({
        files: SMALL_BUNDLE_FILES,
        signer: loadOrCreateSigningKey(data.dataDir, org),
      });
      const oldKey = parsePublicKey(exportPublicKey(data, org, previous.fingerprint));
      const newKey = parsePublicKey(exportPublicKey(data, org));
      expect(await verifyBundle(before, { publicKey: oldKey })).toMatchObject({ ok: true });
      expect((await verifyBundle(before, { publicKey: newKey })).ok).toBe(false);
      expect(await verifyBundle(after, { publicKey: newKey })).toMatchObject({ ok: true });
      const listed = organizationSigningKeys(data, org);
      expect(listed.map((k) => [k.fingerprint, k.current])).toEqual([
        [current.fingerprint, true],
        [previous.fingerprint, false],
      ]);
      // The retired key can no longer sign: its private half is gone from the data dir.
      const retired = readFileSync(
        join(signingKeysDir(data.dataDir, org), 'retired', `${previous.fingerprint}.json`),
        'utf8',
      );
      expect(retired).not.toContain('PRIVATE KEY');
    } finally {
      data.close();
    }
  });
});
