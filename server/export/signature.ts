/**
 * The bundle's signature files. `manifest.json.sig` is the detached Ed25519 signature over the exact
 * bytes of `manifest.json` (base64, one line); `manifest.js` carries the same manifest text and signature
 * as a plain script, so a page opened from file:// (where pages cannot read files) can load them with a
 * `<script src>` tag: `verify.html` does. Neither is listed in the manifest (they are made from it).
 */
import { fingerprintOf, sameFingerprint, verifyDetached } from '../signing/ed25519.js';
import type { ManifestSigning } from './manifest.js';

/** The detached signature's file name at the bundle root. */
export const SIGNATURE_FILE = 'manifest.json.sig';
/** The manifest-as-script's file name at the bundle root. */
export const MANIFEST_SCRIPT_FILE = 'manifest.js';

/** What signs a bundle: an organization's current key (server/signing/keyStore.ts). */
export interface BundleSigner {
  readonly fingerprint: string;
  /** Raw 32 bytes. */
  readonly publicKey: Buffer;
  sign(data: Buffer): Buffer;
}

/** What a verifier trusts, when the person gave it a key or a fingerprint to check against. */
export interface TrustedKey {
  /** Raw 32 bytes, from `--public-key FILE`. */
  readonly publicKey?: Buffer;
  /** From `--fingerprint FP`. */
  readonly fingerprint?: string;
}

/** The manifest's `signing` entry for `signer`. */
export function manifestSigning(signer: BundleSigner): ManifestSigning {
  return { algorithm: 'Ed25519', fingerprint: signer.fingerprint, publicKey: signer.publicKey.toString('base64') };
}

/** `manifest.json.sig`'s content. */
export function signatureFileText(signature: Buffer): string {
  return `${signature.toString('base64')}\n`;
}

/** `manifest.js`'s content: byte for byte what verify recomputes from the two signed files. */
export function manifestScriptText(manifestText: string, signatureBase64: string): string {
  return `window.__offprintManifest = ${JSON.stringify({ manifest: manifestText, signature: signatureBase64 })};\n`;
}

/** The three signed files of a manifest: name -> content. */
export function signedManifestFiles(manifestText: string, signer: BundleSigner): Map<string, string> {
  const signature = signer.sign(Buffer.from(manifestText, 'utf8')).toString('base64');
  return new Map([
    [SIGNATURE_FILE, signatureFileText(Buffer.from(signature, 'base64'))],
    [MANIFEST_SCRIPT_FILE, manifestScriptText(manifestText, signature)],
  ]);
}

/** Decodes `manifest.json.sig`; null when it is not one base64 signature. */
export function parseSignatureFile(text: string): Buffer | null {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/]{86}==$/.test(trimmed)) return null;
  return Buffer.from(trimmed, 'base64');
}

/**
 * Why the manifest's signature does not hold, one sentence each; empty when it does. Checks, in order:
 * the manifest names a key, the named fingerprint is that key's, and the signature is that key's over
 * the exact manifest bytes. Whether the key is one the person trusts is {@link untrustedKeyProblem}.
 */
export function signatureProblems(
  manifestBytes: Buffer,
  signing: ManifestSigning | undefined,
  signatureText: string | null,
): string[] {
  if (signing === undefined || signatureText === null) {
    return ['the bundle is unsigned (no manifest.json.sig or no signing key in manifest.json): it cannot be trusted'];
  }
  const publicKey = Buffer.from(signing.publicKey, 'base64');
  if (publicKey.length !== 32) return ['manifest.json names a signing key that is not an Ed25519 public key'];
  if (fingerprintOf(publicKey) !== signing.fingerprint) {
    return [
      `manifest.json names fingerprint ${signing.fingerprint}, which is not its key's (${fingerprintOf(publicKey)})`,
    ];
  }
  const signature = parseSignatureFile(signatureText);
  if (signature === null) return [`${SIGNATURE_FILE} is not an Ed25519 signature`];
  if (!verifyDetached(publicKey, manifestBytes, signature)) {
    return [`the signature does not match manifest.json: the manifest or ${SIGNATURE_FILE} was altered`];
  }
  return [];
}

/** Why a valid signature's key is not the one the person trusts, or null when it is (or none was named). */
export function untrustedKeyProblem(signing: ManifestSigning, trusted: TrustedKey): string | null {
  const publicKey = Buffer.from(signing.publicKey, 'base64');
  if (trusted.publicKey !== undefined && !trusted.publicKey.equals(publicKey)) {
    return `the bundle is signed by another key (${signing.fingerprint}), not the trusted one (${fingerprintOf(trusted.publicKey)})`;
  }
  if (trusted.fingerprint !== undefined && !sameFingerprint(trusted.fingerprint, signing.fingerprint)) {
    return `the bundle is signed by another key (${signing.fingerprint}), not ${trusted.fingerprint}`;
  }
  return null;
}
