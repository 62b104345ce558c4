/**
 * The shapes of the CDP events and answers the egress check's target reads (probe.ts), checked before
 * use: the page under check is untrusted, and what reaches the check through its binding is its text.
 */
import { isRecord } from '../captureScripts.js';
import type { PausedSiteRequest } from '../fulfil.js';

/** A request the Fetch domain paused, with what says whether it is the main frame's document. */
export interface Paused extends PausedSiteRequest {
  readonly resourceType?: string;
  readonly frameId?: string;
}

/** The answer of `Runtime.evaluate`. */
export interface Evaluated {
  readonly result?: { readonly value?: unknown };
  readonly exceptionDetails?: { readonly text?: string };
}

/** True when `value` is a `Fetch.requestPaused` event. */
export function isPaused(value: unknown): value is Paused {
  return isRecord(value) && typeof value['requestId'] === 'string' && isRecord(value['request']);
}

/** True when `value` is a report of the init script (what it refused or saw, and where). */
export function isReport(value: unknown): value is { kind: string; url: string } {
  return isRecord(value) && typeof value['kind'] === 'string' && typeof value['url'] === 'string';
}
