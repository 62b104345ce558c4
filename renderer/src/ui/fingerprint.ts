/**
 * Key fingerprints as people type them: `K7QF-2M4X-PA9D-LR3T` is 16 base32 characters (A-Z and 2-7) in
 * four groups. Case, spaces and dashes are forgiven, as the server's `sameFingerprint` forgives them; the
 * rules are restated here because the dashboard bundles no server code.
 */

const LENGTH = 16;

/** Upper case, without spaces or dashes. */
export function normalizeFingerprint(text: string): string {
  return text.toUpperCase().replace(/[\s-]/g, '');
}

/** `K7QF2M4XPA9DLR3T` -> `K7QF-2M4X-PA9D-LR3T` (what the server and the CLI print). */
export function formatFingerprint(text: string): string {
  return (normalizeFingerprint(text).match(/.{1,4}/g) ?? []).join('-');
}

/** Why `text` is not a fingerprint, in a sentence; null when it is one. */
export function fingerprintProblem(text: string): string | null {
  const plain = normalizeFingerprint(text);
  const wrong = [...new Set(plain.replace(/[A-Z2-7]/g, ''))];
  if (wrong.length > 0) {
    const listed = wrong.map((c) => `“${c}”`).join(', ');
    const zero = wrong.includes('0') ? ' A zero is always the letter O.' : '';
    return `Only letters A–Z and digits 2–7 appear in a fingerprint, not ${listed}.${zero}`;
  }
  if (plain.length !== LENGTH) {
    return `A fingerprint has ${LENGTH} letters and digits (four groups of four); this has ${plain.length}.`;
  }
  return null;
}
