/**
 * `offprint delta OLD.zip NEW.zip --out DELTA.zip`: a zip holding NEW's entries that OLD does not have
 * byte for byte (copied raw from NEW, so they are NEW's bytes exactly), NEW's manifest files, and the
 * signed `delta.json` naming both bundles. Entries are in byte order of their names, as in a bundle, and
 * the same inputs and key give the same bytes. Before it is handed out the delta is applied once to OLD
 * in a scratch file: a delta that would not rebuild NEW exactly is never written.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeDeterministicZip } from '../export/zip.js';
import { OFFPRINT_VERSION } from '../version.js';
import { ZipReader } from '../zip/reader.js';
import { applyDelta } from './apply.js';
import {
  DELTA_FILE,
  DELTA_FORMAT,
  DELTA_SIGNATURE_FILE,
  signedDeltaFiles,
  type DeltaEntry,
  type DeltaSigner,
} from './deltaManifest.js';
import { refuse } from './errors.js';
import { planDelta, type DeltaPlan } from './plan.js';
import { writeRawZip, type RawPart } from './rawZip.js';
import { readZipLayout } from './zipLayout.js';

/** A delta written. */
export interface CreatedDelta {
  readonly plan: DeltaPlan;
  readonly sha256: string;
  readonly sizeBytes: number;
  readonly fingerprint: string;
}

const byName = (a: RawPart, b: RawPart): number => Buffer.compare(Buffer.from(a.entry.name), Buffer.from(b.entry.name));

/** The delta manifest's entries: content SHA-256 of each delta entry, read (CRC-checked) from NEW. */
async function manifestEntries(plan: DeltaPlan): Promise<DeltaEntry[]> {
  const zip = ZipReader.open(plan.target.file);
  try {
    const central = new Map([...zip.entries(plan.target.layout.entries.length)].map((e) => [e.name, e]));
    const entries: DeltaEntry[] = [];
    for (const planned of plan.entries) {
      const path = planned.entry.name;
      if (planned.from === 'base') {
        entries.push({ path, from: 'base' });
        continue;
      }
      const entry = central.get(path);
      if (entry === undefined) throw refuse(`the new bundle has no readable entry ${path}`);
      const hash = createHash('sha256');
      for await (const chunk of zip.stream(entry)) hash.update(chunk as Buffer);
      entries.push({ path, from: 'delta', sha256: hash.digest('hex'), raw: planned.raw ?? '' });
    }
    return entries;
  } finally {
    zip.close();
  }
}

/** The signed delta.json and its signature, zipped by the bundle writer; their raw entries. */
async function signedEntries(plan: DeltaPlan, signer: DeltaSigner, scratch: string): Promise<RawPart[]> {
  const [text, signature] = signedDeltaFiles(
    {
      format: DELTA_FORMAT,
      offprintVersion: OFFPRINT_VERSION,
      base: { sha256: plan.base.sha256, size: plan.base.size },
      target: { sha256: plan.target.sha256, size: plan.target.size },
      added: [...plan.added],
      changed: [...plan.changed],
      removed: [...plan.removed],
      entries: await manifestEntries(plan),
    },
    signer,
  );
  const dir = join(scratch, 'signed');
  mkdirSync(dir);
  writeFileSync(join(dir, DELTA_FILE), text);
  writeFileSync(join(dir, DELTA_SIGNATURE_FILE), signature);
  const zipFile = join(scratch, 'signed.zip');
  await writeDeterministicZip(dir, [DELTA_FILE, DELTA_SIGNATURE_FILE], zipFile);
  return readZipLayout(zipFile).entries.map((entry) => ({ file: zipFile, entry }));
}

/** Writes the delta from `oldZip` to `newZip` as `outFile`, signed by `signer`. */
export async function createDelta(
  oldZip: string,
  newZip: string,
  outFile: string,
  signer: DeltaSigner,
): Promise<CreatedDelta> {
  const plan = await planDelta(oldZip, newZip);
  const scratch = mkdtempSync(join(dirname(outFile), '.delta-'));
  try {
    const fromNew = plan.entries
      .filter((e) => e.from === 'delta')
      .map((e): RawPart => ({ file: plan.target.file, entry: e.entry }));
    const parts = [...fromNew, ...(await signedEntries(plan, signer, scratch))].sort(byName);
    const candidate = join(scratch, 'delta.zip');
    const written = await writeRawZip(parts, candidate);
    // The proof: OLD plus this delta is NEW, byte for byte (applyDelta refuses otherwise).
    await applyDelta(oldZip, candidate, join(scratch, 'rebuilt.zip'), { publicKey: signer.publicKey });
    renameSync(candidate, outFile);
    return { plan, ...written, fingerprint: signer.fingerprint };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
