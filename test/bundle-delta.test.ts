/**
 * `offprint diff`, `delta` and `apply` on two signed bundles of a small site (v2 changes a page's text
 * and the image, adds a page and removes one): the delta rebuilds v2 byte for byte (its SHA-256), holds
 * only what changed, and is refused on the wrong base, with any byte altered, or signed by another key.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AdmZip from 'adm-zip';
import yazl from 'yazl';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyDelta } from '../server/delta/apply.js';
import { DeltaRefusedError } from '../server/delta/errors.js';
import { readZipLayout } from '../server/delta/zipLayout.js';
import { loadOrCreateSigningKey, type SigningKey } from '../server/signing/keyStore.js';
import { cli } from './helpers/cli.js';
import { tempDir } from './helpers/dataDirs.js';
import { craftBundle, signingDataDir, V1, V2 } from './helpers/deltaBundles.js';

const sha256 = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');

interface DeltaJson {
  base: { sha256: string; size: number };
  target: { sha256: string; size: number };
  added: string[];
  changed: string[];
  removed: string[];
  entries: { path: string; from: 'base' | 'delta' }[];
  signing: { fingerprint: string };
}

describe('bundle deltas', () => {
  let dataDir: string;
  let key: SigningKey;
  let oldZip: string;
  let newZip: string;
  let deltaZip: string;
  const work = tempDir('offprint-delta-work-');

  /** Applies `delta` to `base` through the library; the refusal's reason, or null when it applied. */
  async function refusal(base: string, delta: string, trust = {}): Promise<string | null> {
    const out = join(work, `out-${Math.random().toString(36).slice(2)}.zip`);
    try {
      await applyDelta(base, delta, out, trust);
      return null;
    } catch (error) {
      expect(existsSync(out)).toBe(false);
      if (error instanceof DeltaRefusedError) return error.message;
      throw error;
    }
  }

  beforeAll(async () => {
    ({ dataDir, key } = signingDataDir());
    oldZip = await craftBundle(V1, key);
    newZip = await craftBundle(V2, key);
    deltaZip = join(work, 'delta.zip');
    const made = await cli(['delta', oldZip, newZip, '--out', deltaZip, '--data-dir', dataDir, '--json']);
    expect(made.code, made.stderr).toBe(0);
  });

  it('rebuilds the new bundle byte for byte from the old one and the delta', async () => {
    const rebuilt = join(work, 'rebuilt.zip');
    const applied = await cli(['apply', oldZip, deltaZip, '--out', rebuilt, '--fingerprint', key.fingerprint]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(sha256(rebuilt)).toBe(sha256(newZip));
    expect(applied.stdout).toContain(`SHA-256 ${sha256(newZip)}`);
    expect(applied.stdout).toContain('(the key you named)');
    // Without a key named, the key that signed the old bundle is the one required.
    const again = await cli(['apply', oldZip, deltaZip, '--out', join(work, 'again.zip'), '--json']);
    expect(JSON.parse(again.stdout)).toMatchObject({ ok: true, sha256: sha256(newZip), trustedBy: 'base' });
  });

  it('holds only what changed, with a signed delta.json naming both bundles', () => {
    const entries = new AdmZip(deltaZip).getEntries().map((e) => e.entryName);
    expect(entries.sort()).toEqual(
      [
        'delta.json',
        'delta.json.sig',
        'guides/advanced.html',
        'guides/intro.html',
        'guides/setup.html',
        'images/diagram.png',
        'index.html',
        'manifest.js',
        'manifest.json',
        'manifest.json.sig',
      ].sort(),
    );
    const manifest = JSON.parse(new AdmZip(deltaZip).readAsText('delta.json')) as DeltaJson;
    expect(manifest.base).toEqual({ sha256: sha256(oldZip), size: readFileSync(oldZip).length });
    expect(manifest.target).toEqual({ sha256: sha256(newZip), size: readFileSync(newZip).length });
    expect(manifest.added).toEqual(['guides/advanced.html']);
    expect(manifest.removed).toEqual(['guides/legacy.html']);
    expect(manifest.changed).toEqual(expect.arrayContaining(['guides/intro.html', 'images/diagram.png']));
    expect(manifest.entries.map((e) => e.path)).toEqual(new AdmZip(newZip).getEntries().map((e) => e.entryName));
    expect(manifest.signing.fingerprint).toBe(key.fingerprint);
  });

  it('refuses a delta applied to another bundle than the one it was made for', async () => {
    const out = join(work, 'wrong-base.zip');
    const result = await cli(['apply', newZip, deltaZip, '--out', out, '--fingerprint', key.fingerprint]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `this delta was made for bundle ${sha256(oldZip)} but ${newZip} is ${sha256(newZip)}`,
    );
    expect(existsSync(out)).toBe(false);
  });

  it('never turns an altered delta into anything but the new bundle: a changed byte is refused or harmless', async () => {
    const bytes = readFileSync(deltaZip);
    const positions = new Set([0, 1, 40, bytes.length - 1, bytes.length - 10]);
    for (let at = 0; at < bytes.length; at += Math.ceil(bytes.length / 80)) positions.add(at);
    let refused = 0;
    for (const at of positions) {
      const damaged = Buffer.from(bytes);
      damaged[at] = (damaged[at] ?? 0) ^ 0x01;
      const file = join(work, `damaged-${at}.zip`);
      writeFileSync(file, damaged);
      const out = join(work, `damaged-${at}-out.zip`);
      const reason = await applyDelta(oldZip, file, out, {}).then(
        () => null,
        (error: unknown) => (error instanceof DeltaRefusedError ? error.message : `unexpected: ${String(error)}`),
      );
      // Only zip framing that nothing reads (a local header field of delta.json) may change unnoticed.
      if (reason === null) expect([at, sha256(out)]).toEqual([at, sha256(newZip)]);
      else {
        expect([at, reason]).toEqual([at, expect.not.stringMatching(/^unexpected/)]);
        expect(existsSync(out)).toBe(false);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(positions.size * 0.9);
  });

  it('names what was altered: delta.json (signature), an entry (its bytes)', async () => {
    const rezip = (edit: (zip: AdmZip) => void): string => {
      const zip = new AdmZip(deltaZip);
      edit(zip);
      const file = join(work, `edited-${Math.random().toString(36).slice(2)}.zip`);
      zip.writeZip(file);
      return file;
    };
    const forged = rezip((zip) => {
      const text = zip.readAsText('delta.json').replace(sha256(oldZip), sha256(newZip));
      zip.updateFile('delta.json', Buffer.from(text));
    });
    expect(await refusal(newZip, forged)).toContain('the signature does not match delta.json');
    // One byte of the page's compressed data, in place: the archive is otherwise untouched.
    const entry = readZipLayout(deltaZip).entries.find((e) => e.name === 'guides/intro.html');
    const bytes = readFileSync(deltaZip);
    const at = (entry?.end ?? 0) - 30;
    bytes[at] = (bytes[at] ?? 0) ^ 0x01;
    const page = join(work, 'page-altered.zip');
    writeFileSync(page, bytes);
    expect(await refusal(oldZip, page)).toBe(
      'guides/intro.html in the delta was altered (its bytes differ from delta.json)',
    );
  });

  it('refuses a delta signed by another key than the one named, or than the old bundle’s', async () => {
    const stranger = loadOrCreateSigningKey(tempDir('offprint-delta-other-'), 'org-other');
    expect(await refusal(oldZip, deltaZip, { fingerprint: stranger.fingerprint })).toContain(
      `the delta is signed by another key (${key.fingerprint}), not ${stranger.fingerprint}`,
    );
    const foreign = join(work, 'foreign.zip');
    const { createDelta } = await import('../server/delta/create.js');
    await createDelta(oldZip, newZip, foreign, stranger);
    expect(await refusal(oldZip, foreign)).toContain('which signed the old bundle');
    expect(await refusal(oldZip, foreign, { publicKey: stranger.publicKey })).toBeNull();
  });

  it('does not rely on zlib: an old bundle compressed differently still rebuilds the new one exactly', async () => {
    // The same files as v1, compressed at level 1: no entry's bytes match v2's, so all travel in the delta.
    const old = new AdmZip(oldZip);
    const zip = new yazl.ZipFile();
    for (const entry of old.getEntries()) {
      zip.addBuffer(entry.getData(), entry.entryName, { compressionLevel: 1, mtime: new Date(1980, 0, 1) });
    }
    zip.end();
    const relevel = join(work, 'level1.zip');
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
    writeFileSync(relevel, Buffer.concat(chunks));
    const delta = join(work, 'from-level1.zip');
    const made = await cli(['delta', relevel, newZip, '--out', delta, '--data-dir', dataDir]);
    expect(made.code, made.stderr).toBe(0);
    const out = join(work, 'from-level1-rebuilt.zip');
    await applyDelta(relevel, delta, out, {});
    expect(sha256(out)).toBe(sha256(newZip));
  });

  it('diffs two bundles: pages by text with an excerpt, assets, navigation, delta size', async () => {
    const text = await cli(['diff', oldZip, newZip]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('Pages added (1):\n  /guides/advanced');
    expect(text.stdout).toContain('Pages removed (1):\n  /guides/legacy');
    expect(text.stdout).toContain('[package manager → system installer]');
    expect(text.stdout).not.toContain('not text');
    const json = await cli(['diff', oldZip, newZip, '--json']);
    const diff = JSON.parse(json.stdout) as {
      pages: { changed: { path: string; removed: string; added: string }[]; markupOnly: number };
      assets: { changed: { path: string }[] };
      navigation: { added: { trail: string }[]; removed: { trail: string }[] };
      delta: { sizeBytes: number };
    };
    expect(diff.pages.changed).toEqual([
      expect.objectContaining({ path: '/guides/intro', removed: 'package manager', added: 'system installer' }),
    ]);
    // The other pages' sidebars changed (a link added and one removed), not their text.
    expect(diff.pages.markupOnly).toBe(2);
    expect(diff.assets.changed.map((a) => a.path)).toEqual(['images/diagram.png']);
    expect(diff.navigation.added.map((l) => l.trail)).toEqual(['Guides › Advanced']);
    expect(diff.navigation.removed.map((l) => l.trail)).toEqual(['Guides › Legacy']);
    const actual = readFileSync(deltaZip).length;
    expect(Math.abs(diff.delta.sizeBytes - actual) / actual).toBeLessThan(0.05);
  });
});
