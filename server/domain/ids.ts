/** Identifier generation. */
import { randomBytes } from 'node:crypto';

/** `prefix_` + 16 random hex characters: ids of organizations, projects, keys and jobs. */
export function prefixedId(prefix: string): string {
  return `${prefix}_${randomBytes(8).toString('hex')}`;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A ULID: 48-bit millisecond time then 80 random bits, Crockford base32. Ids that grow with time land at
 * the end of the primary-key index, which makes bulk inserts much cheaper than random ids.
 */
export function ulid(now: number): string {
  let time = '';
  let t = Math.max(0, Math.floor(now));
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD.charAt(t % 32) + time;
    t = Math.floor(t / 32);
  }
  const bytes = randomBytes(16);
  let random = '';
  for (let i = 0; i < 16; i++) random += CROCKFORD.charAt((bytes[i] ?? 0) % 32);
  return time + random;
}
