/**
 * The signature part of `offprint verify` (verify.ts): checked before any file, since a manifest that
 * is not the signer's proves nothing about the files it lists.
 */
import type { ZipEntry, ZipReader } from '../zip/reader.js';
import {
  MANIFEST_SCRIPT_FILE,
  manifestScriptText,
  parseSignatureFile,
  SIGNATURE_FILE,
  signatureProblems,
  untrustedKeyProblem,
  type TrustedKey,
} from './signature.js';
import type { ReadManifest } from './verify.js';

/** Largest `manifest.json.sig` read (it is one line of base64). */
const MAX_SIGNATURE_BYTES = 1024;

/**
 * Reads an entry of at most `limit` bytes; null when absent or unreadable. A longer entry is read only
 * up to its limit (+1), so a bloated file cannot cost memory: it simply does not match.
 */
async function readText(zip: ZipReader, entry: ZipEntry | undefined, limit: number): Promise<Buffer | null> {
  if (entry === undefined) return null;
  if (entry.size > limit) return Buffer.alloc(0);
  try {
    return await zip.read(entry, limit);
  } catch {
    return null;
  }
}

/** Who validly signed the manifest (null: nobody), and whether that is the key the person named. */
export interface SignatureVerdict {
  readonly signedBy: string | null;
  readonly pinned: boolean;
}

/**
 * The signature first: the manifest's key, its fingerprint, the signature over the exact manifest
 * bytes, the trusted key; then `manifest.js` must carry exactly the signed manifest and signature.
 */
export async function checkSignature(
  zip: ZipReader,
  read: ReadManifest,
  byName: Map<string, ZipEntry>,
  trusted: TrustedKey,
  problems: string[],
): Promise<SignatureVerdict> {
  const signatureText =
    (await readText(zip, byName.get(SIGNATURE_FILE), MAX_SIGNATURE_BYTES))?.toString('utf8') ?? null;
  const signing = read.manifest.signing;
  const found = signatureProblems(read.bytes, signing, signatureText);
  problems.push(...found);
  if (found.length > 0 || signatureText === null || signing === undefined) return { signedBy: null, pinned: false };
  const untrusted = untrustedKeyProblem(signing, trusted);
  if (untrusted !== null) problems.push(untrusted);
  const signature = parseSignatureFile(signatureText)?.toString('base64') ?? '';
  const expected = Buffer.from(manifestScriptText(read.bytes.toString('utf8'), signature), 'utf8');
  const entry = byName.get(MANIFEST_SCRIPT_FILE);
  const script = await readText(zip, entry, expected.length);
  if (script === null) problems.push(`${MANIFEST_SCRIPT_FILE} is missing`);
  else if (!script.equals(expected)) problems.push(`${MANIFEST_SCRIPT_FILE} does not carry the signed manifest`);
  const named = trusted.publicKey !== undefined || trusted.fingerprint !== undefined;
  return { signedBy: signing.fingerprint, pinned: named && untrusted === null };
}
