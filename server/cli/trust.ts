/**
 * `--public-key FILE` / `--fingerprint FP`: the key a person trusts to have signed a bundle or a delta
 * (`verify`, `apply`, `serve-bundle`). One parser, so every command reads and refuses them alike.
 */
import { readFileSync } from 'node:fs';
import type { TrustedKey } from '../export/signature.js';
import { isFingerprint, parsePublicKey } from '../signing/ed25519.js';
import { UsageError } from './io.js';
import { inputPath } from './inputs.js';

/** The flags, for a command's parseCommandArgs options. */
export const TRUST_OPTIONS = {
  'public-key': { type: 'string' },
  fingerprint: { type: 'string' },
} as const;

/** The trusted key the flags name (empty when neither is given). */
export function trustedKeyOf(values: {
  'public-key'?: string | undefined;
  fingerprint?: string | undefined;
}): TrustedKey {
  const file = values['public-key'];
  const fingerprint = values.fingerprint;
  if (file !== undefined && fingerprint !== undefined) {
    throw new UsageError('give --public-key or --fingerprint, not both');
  }
  if (fingerprint !== undefined) {
    if (!isFingerprint(fingerprint)) {
      throw new UsageError(`--fingerprint: "${fingerprint}" is not a key fingerprint (like K7QF-2M4X-PA9D-LR3T)`);
    }
    return { fingerprint };
  }
  if (file === undefined) return {};
  const text = readFileSync(inputPath(file, 'file', '--public-key'), 'utf8');
  try {
    return { publicKey: parsePublicKey(text) };
  } catch (error) {
    throw new UsageError(`--public-key: ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
