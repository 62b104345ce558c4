/**
 * Each organization's Ed25519 bundle signing key, kept as files in the data dir (never in the database,
 * never logged): `<dataDir>/signing/<orgId>/current.json` holds the key pair (PKCS#8 PEM) and when it
 * was made; a rotation moves the public half to `retired/<FINGERPRINT>.json` and deletes the private half,
 * so bundles signed before stay verifiable with the old public key while nobody can sign with it again.
 * Folders are created 0700 and files 0600 whatever the umask. A key is created on first use; two
 * processes creating it at once agree on one (the file is linked into place, never overwritten).
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { signingKeysDir } from '../dataPaths.js';
import { fingerprintOf, rawPublicKey } from './ed25519.js';

const CURRENT = 'current.json';
const RETIRED = 'retired';

const storedKeySchema = z.object({
  algorithm: z.literal('Ed25519'),
  fingerprint: z.string(),
  publicKey: z.string(),
  createdAt: z.string(),
  privateKey: z.string().optional(),
  retiredAt: z.string().optional(),
});

/** The public half of a key, as `signing-key show` lists it. */
export interface PublicSigningKey {
  readonly fingerprint: string;
  /** Raw 32 bytes. */
  readonly publicKey: Buffer;
  /** ISO-8601. */
  readonly createdAt: string;
  /** ISO-8601 when rotated out; absent for the current key. */
  readonly retiredAt?: string;
}

/** An organization's current key: it signs. */
export interface SigningKey extends PublicSigningKey {
  /** The 64-byte Ed25519 signature of exactly `data`. */
  sign(data: Buffer): Buffer;
}

function keysDir(dataDir: string, orgId: string): string {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(orgId)) throw new Error(`not an organization id: ${orgId}`);
  return signingKeysDir(dataDir, orgId);
}

/** Creates `dir` (and parents) owner-only. */
function ownerOnlyDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.platform !== 'win32') chmodSync(dir, 0o700);
}

/** Writes `file` only if it does not exist yet (0600); false when another process got there first. */
function createExclusive(file: string, text: string): boolean {
  const tmp = `${file}.tmp-${randomBytes(6).toString('hex')}`;
  writeFileSync(tmp, text, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(tmp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(tmp, { force: true });
  }
}

function readStored(file: string): z.infer<typeof storedKeySchema> {
  const parsed = storedKeySchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`the signing key file ${file} is damaged`);
  return parsed.data;
}

function toPublic(stored: z.infer<typeof storedKeySchema>): PublicSigningKey {
  return {
    fingerprint: stored.fingerprint,
    publicKey: Buffer.from(stored.publicKey, 'base64'),
    createdAt: stored.createdAt,
    ...(stored.retiredAt === undefined ? {} : { retiredAt: stored.retiredAt }),
  };
}

function toSigning(stored: z.infer<typeof storedKeySchema>, file: string): SigningKey {
  if (stored.privateKey === undefined) throw new Error(`the signing key file ${file} has no private key`);
  const privateKey = createPrivateKey(stored.privateKey);
  const publicKey = rawPublicKey(createPublicKey(privateKey));
  // A file edited by hand must not sign under a fingerprint that is not its own.
  if (fingerprintOf(publicKey) !== stored.fingerprint) throw new Error(`the signing key file ${file} is damaged`);
  return { ...toPublic(stored), sign: (data) => sign(null, data, privateKey) };
}

function newKeyText(now: Date): string {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const raw = rawPublicKey(publicKey);
  const stored = {
    algorithm: 'Ed25519',
    fingerprint: fingerprintOf(raw),
    publicKey: raw.toString('base64'),
    createdAt: now.toISOString(),
    privateKey: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
  };
  return `${JSON.stringify(stored, null, 2)}\n`;
}

/** The organization's current signing key, created (and its folder, owner-only) on first use. */
export function loadOrCreateSigningKey(dataDir: string, orgId: string, now: Date = new Date()): SigningKey {
  const dir = keysDir(dataDir, orgId);
  const file = join(dir, CURRENT);
  ownerOnlyDir(dir);
  try {
    return toSigning(readStored(file), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  createExclusive(file, newKeyText(now));
  return toSigning(readStored(file), file);
}

/**
 * Replaces the organization's key with a new one. The old public key is kept (retired) so bundles it
 * signed stay verifiable; its private key is deleted. Returns the new key.
 */
export function rotateSigningKey(dataDir: string, orgId: string, now: Date = new Date()): SigningKey {
  const old = loadOrCreateSigningKey(dataDir, orgId, now);
  const dir = keysDir(dataDir, orgId);
  ownerOnlyDir(join(dir, RETIRED));
  const current = readStored(join(dir, CURRENT));
  const retired = {
    algorithm: current.algorithm,
    fingerprint: current.fingerprint,
    publicKey: current.publicKey,
    createdAt: current.createdAt,
    retiredAt: now.toISOString(),
  };
  writeFileSync(join(dir, RETIRED, `${old.fingerprint}.json`), `${JSON.stringify(retired, null, 2)}\n`, {
    mode: 0o600,
  });
  const tmp = join(dir, `${CURRENT}.tmp-${randomBytes(6).toString('hex')}`);
  writeFileSync(tmp, newKeyText(now), { mode: 0o600, flag: 'wx' });
  renameSync(tmp, join(dir, CURRENT));
  return loadOrCreateSigningKey(dataDir, orgId, now);
}

/** Every key the organization has had: the current one first (if any), then retired ones, newest first. */
export function listSigningKeys(dataDir: string, orgId: string): PublicSigningKey[] {
  const dir = keysDir(dataDir, orgId);
  const keys: PublicSigningKey[] = [];
  try {
    keys.push(toPublic(readStored(join(dir, CURRENT))));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  let retired: string[] = [];
  try {
    retired = readdirSync(join(dir, RETIRED)).filter((name) => name.endsWith('.json'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const old = retired.map((name) => toPublic(readStored(join(dir, RETIRED, name))));
  old.sort((a, b) => (b.retiredAt ?? '').localeCompare(a.retiredAt ?? ''));
  return [...keys, ...old];
}
