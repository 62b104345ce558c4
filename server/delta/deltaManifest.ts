/**
 * `delta.json`: which bundle a delta applies to and which it makes (SHA-256 and size of both zips), what
 * changed, and how to rebuild the target's entries in order: copied from the base or from the delta (with
 * the SHA-256 of each delta entry's content and of its raw bytes in the archive, so any altered byte is
 * named). `delta.json.sig` is the detached Ed25519 signature over its exact bytes (base64, one line).
 */
import { z } from 'zod';
import { fingerprintOf, sameFingerprint, verifyDetached } from '../signing/ed25519.js';
import { refuse } from './errors.js';

/** The delta manifest's file name at the delta's root. */
export const DELTA_FILE = 'delta.json';
/** Its detached signature. */
export const DELTA_SIGNATURE_FILE = 'delta.json.sig';
/** Current delta format. */
export const DELTA_FORMAT = 1;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const zipId = z.object({ sha256, size: z.number().int().nonnegative() });

const entrySchema = z.discriminatedUnion('from', [
  z.object({ path: z.string().min(1), from: z.literal('base') }),
  z.object({
    path: z.string().min(1),
    from: z.literal('delta'),
    /** SHA-256 of the entry's content. */
    sha256,
    /** SHA-256 of its bytes in the archive (central record without its offset, then local part). */
    raw: sha256,
  }),
]);

/** The signing key a delta names. */
export const deltaSigningSchema = z.object({
  algorithm: z.literal('Ed25519'),
  fingerprint: z.string(),
  /** Base64 of the raw 32-byte public key. */
  publicKey: z.string(),
});

/** `delta.json` as written and read. */
export const deltaManifestSchema = z.object({
  format: z.literal(DELTA_FORMAT),
  offprintVersion: z.string(),
  base: zipId,
  target: zipId,
  added: z.array(z.string()),
  changed: z.array(z.string()),
  removed: z.array(z.string()),
  entries: z.array(entrySchema),
  signing: deltaSigningSchema,
});

/** A parsed delta manifest. */
export type DeltaManifest = z.infer<typeof deltaManifestSchema>;
/** One entry of the target and where it comes from. */
export type DeltaEntry = z.infer<typeof entrySchema>;

/** What signs a delta: an organization's current key (server/signing/keyStore.ts). */
export interface DeltaSigner {
  readonly fingerprint: string;
  readonly publicKey: Buffer;
  sign(data: Buffer): Buffer;
}

/** What the person applying a delta trusts (a key file or a fingerprint), if they named one. */
export interface DeltaTrust {
  readonly publicKey?: Buffer;
  readonly fingerprint?: string;
}

/** The text of `delta.json` and `delta.json.sig`. */
export function signedDeltaFiles(manifest: Omit<DeltaManifest, 'signing'>, signer: DeltaSigner): [string, string] {
  const signing = {
    algorithm: 'Ed25519' as const,
    fingerprint: signer.fingerprint,
    publicKey: signer.publicKey.toString('base64'),
  };
  const text = `${JSON.stringify({ ...manifest, signing } satisfies DeltaManifest, null, 2)}\n`;
  return [text, `${signer.sign(Buffer.from(text, 'utf8')).toString('base64')}\n`];
}

function parseManifest(bytes: Buffer): DeltaManifest {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw refuse(`${DELTA_FILE} is not valid JSON: the delta was altered or is damaged`);
  }
  const parsed = deltaManifestSchema.safeParse(json);
  if (!parsed.success) throw refuse(`${DELTA_FILE} is not a delta manifest of format ${DELTA_FORMAT}`);
  return parsed.data;
}

/**
 * Checks `delta.json` against its signature, then the signing key against what is trusted; returns the
 * manifest. Refuses an unsigned, altered or foreign-signed delta, saying which.
 */
export function verifyDeltaManifest(bytes: Buffer, signatureText: string | null, trust: DeltaTrust): DeltaManifest {
  if (signatureText === null) throw refuse(`the delta is unsigned (no ${DELTA_SIGNATURE_FILE})`);
  const manifest = parseManifest(bytes);
  const key = Buffer.from(manifest.signing.publicKey, 'base64');
  if (key.length !== 32) throw refuse(`${DELTA_FILE} names a signing key that is not an Ed25519 public key`);
  if (fingerprintOf(key) !== manifest.signing.fingerprint) {
    throw refuse(`${DELTA_FILE} names fingerprint ${manifest.signing.fingerprint}, which is not its key's`);
  }
  const signature = signatureText.trim();
  if (!/^[A-Za-z0-9+/]{86}==$/.test(signature)) throw refuse(`${DELTA_SIGNATURE_FILE} is not an Ed25519 signature`);
  if (!verifyDetached(key, bytes, Buffer.from(signature, 'base64'))) {
    throw refuse(`the signature does not match ${DELTA_FILE}: ${DELTA_FILE} or ${DELTA_SIGNATURE_FILE} was altered`);
  }
  if (trust.publicKey !== undefined && !trust.publicKey.equals(key)) {
    throw refuse(
      `the delta is signed by another key (${manifest.signing.fingerprint}), not the trusted one (${fingerprintOf(trust.publicKey)})`,
    );
  }
  if (trust.fingerprint !== undefined && !sameFingerprint(trust.fingerprint, manifest.signing.fingerprint)) {
    throw refuse(`the delta is signed by another key (${manifest.signing.fingerprint}), not ${trust.fingerprint}`);
  }
  return manifest;
}
