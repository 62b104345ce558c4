/**
 * `offprint signing-key show|export|rotate` and `offprint verify --public-key|--fingerprint`: a person
 * reads the fingerprint, exports the public key file, carries it across, and verifies with it; after a
 * rotation, the old file still verifies the old bundles. Real data dir, real zips, the CLI in-process.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultOrganizationId } from '../server/domain/organizations.js';
import { loadOrCreateSigningKey } from '../server/signing/keyStore.js';
import { cli } from './helpers/cli.js';
import { inspect, json } from './helpers/cliChecks.js';
import { tempDir } from './helpers/dataDirs.js';
import { SMALL_BUNDLE_FILES, writeSignedZip } from './helpers/signedZip.js';

const FINGERPRINT = /^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/;

/** A bundle signed by the data dir's default organization's current key. */
async function bundleOf(dataDir: string): Promise<string> {
  const signer = inspect(dataDir, (rt) => loadOrCreateSigningKey(rt.dataDir, defaultOrganizationId(rt)));
  return writeSignedZip({ files: SMALL_BUNDLE_FILES, signer });
}

describe('offprint signing-key', () => {
  it('show prints the fingerprint to read aloud; --json the same key; the key is made once', async () => {
    const dataDir = tempDir();
    const shown = await cli(['signing-key', 'show', '--data-dir', dataDir]);
    expect(shown.code).toBe(0);
    const fingerprint = /Fingerprint: (\S+)/.exec(shown.stdout)?.[1] ?? '';
    expect(fingerprint).toMatch(FINGERPRINT);
    const again = json<{ current: { fingerprint: string; current: boolean }; keys: unknown[] }>(
      await cli(['signing-key', 'show', '--json', '--data-dir', dataDir]),
    );
    expect(again.current).toMatchObject({ fingerprint, current: true });
    expect(again.keys).toHaveLength(1);
  });

  it('export writes a public key file that verify --public-key accepts; another key fails', async () => {
    const dataDir = tempDir();
    const zip = await bundleOf(dataDir);
    const pem = join(tempDir(), 'team.pem');
    expect((await cli(['signing-key', 'export', '--out', pem, '--data-dir', dataDir])).code).toBe(0);
    expect(readFileSync(pem, 'utf8')).toMatch(/Fingerprint: [A-Z2-7-]{19}\n[\s\S]*-----BEGIN PUBLIC KEY-----/);
    expect(statSync(pem).mode & 0o022).toBe(0);
    const ok = await cli(['verify', zip, '--public-key', pem]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('signature valid');
    expect(ok.stdout).toContain('(the key you named)');
    const otherPem = join(tempDir(), 'other.pem');
    await cli(['signing-key', 'export', '--out', otherPem, '--data-dir', tempDir()]);
    const wrong = await cli(['verify', zip, '--public-key', otherPem]);
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toMatch(
      /FAILED: .*: 1 problem\n {2}the bundle is signed by another key \([A-Z2-7-]+\), not the trusted one/,
    );
  });

  it('without a pin, verify says who signed and how to check it', async () => {
    const dataDir = tempDir();
    const zip = await bundleOf(dataDir);
    const out = await cli(['verify', zip]);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/Signed by [A-Z2-7-]{19}: compare it with the fingerprint the sender reads to you/);
  });

  it('rotate: new bundles carry the new key, old ones verify with the exported old key', async () => {
    const dataDir = tempDir();
    const before = await bundleOf(dataDir);
    const rotated = json<{ previous: { fingerprint: string }; current: { fingerprint: string } }>(
      await cli(['signing-key', 'rotate', '--json', '--data-dir', dataDir]),
    );
    const { previous, current } = rotated;
    expect(current.fingerprint).not.toBe(previous.fingerprint);
    const after = await bundleOf(dataDir);
    expect((await cli(['verify', after, '--fingerprint', current.fingerprint])).code).toBe(0);
    const old = await cli(['verify', before, '--fingerprint', current.fingerprint]);
    expect(old.code).toBe(1);
    expect(old.stdout).toContain(`signed by another key (${previous.fingerprint}), not ${current.fingerprint}`);
    const oldPem = join(tempDir(), 'old.pem');
    const exported = await cli([
      'signing-key',
      'export',
      '--fingerprint',
      previous.fingerprint,
      '--out',
      oldPem,
      '--data-dir',
      dataDir,
    ]);
    expect(exported.code).toBe(0);
    expect(readFileSync(oldPem, 'utf8')).toContain('retired:');
    expect((await cli(['verify', before, '--public-key', oldPem])).code).toBe(0);
  });

  it('refuses a malformed fingerprint, both pins at once, and an unknown subcommand as usage errors', async () => {
    const zip = await bundleOf(tempDir());
    const bad = await cli(['verify', zip, '--fingerprint', 'hello']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--fingerprint: "hello" is not a key fingerprint');
    const both = await cli(['verify', zip, '--fingerprint', 'AAAA-BBBB-CCCC-DDDD', '--public-key', 'x.pem']);
    expect(both.stderr).toContain('give --public-key or --fingerprint, not both');
    const missing = await cli(['verify', zip, '--public-key', join(tempDir(), 'none.pem')]);
    expect(missing.stderr).toContain('--public-key: no such file: ');
    const unknown = await cli(['signing-key', 'burn', '--data-dir', tempDir()]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown signing-key command: burn (expected: show, export, rotate)');
  });
});
