/** What the egress check records of a page: its attempts at reaching outside the bundle. */
import type { EgressKind } from '../egressProof.js';

/** One outside request a page tried. */
export interface Attempt {
  readonly kind: EgressKind;
  readonly url: string;
  /** Stopped by the check or refused by the page's policy (a resource hint only shows an intent). */
  readonly blocked: boolean;
}

/** An attempt as recorded: whether only a resource hint showed it. */
export interface Recorded extends Attempt {
  readonly hint: boolean;
}

/** Attempts, less the resource hints whose URL a request or refusal already counts. */
export function withoutEchoes(recorded: readonly Recorded[]): Attempt[] {
  const requested = new Set(recorded.filter((r) => !r.hint).map((r) => r.url));
  return recorded
    .filter((r) => !r.hint || !requested.has(r.url))
    .map(({ kind, url, blocked }) => ({ kind, url, blocked }));
}

/** True when two URLs are the same once normalised. */
export function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
}

/** Orders text by UTF-16 code units (not the locale): the proof's order is the same on every machine. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
