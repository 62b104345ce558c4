/**
 * Fetching one remote asset for `offprint pack`, on the connected side. Redirects are followed by hand
 * (`redirect: 'manual'`) so each hop is checked: at most {@link FetchLimits.maxRedirects}, never from
 * https to http, never to another scheme. The body is read as a stream against the size cap (a
 * `Content-Length` over it stops the fetch before the body), one deadline covers every hop and the
 * body, and the bytes must be what was asked for (sniff.ts). Private and local addresses are refused
 * unless allowed (hosts.ts): an address written in the URL here, a resolved name by the agent's lookup.
 */
import { fetch, type Agent, type Response } from 'undici';
import type { RemoteKind } from '../sites/project/remote.js';
import { formatBytes } from '../bytes.js';
import { isPrivateAddress, PrivateAddressError, privateAddressReason } from './hosts.js';
import { acceptBody, type Accepted, type Wanted } from './sniff.js';

/** The bounds of one fetch. */
export interface FetchLimits {
  /** Plain `http://` URLs are fetched only when true (their bytes could be altered on the way). */
  readonly allowHttp: boolean;
  /** Loopback, private and link-local addresses are connected to only when true (hosts.ts). */
  readonly allowPrivateHosts: boolean;
  readonly maxRedirects: number;
  /** Time one URL may take, every redirect and the whole body included. */
  readonly timeoutMs: number;
  /** Largest file per kind. */
  readonly maxBytes: Readonly<Record<RemoteKind, number>>;
}

/** A fetched asset. */
export interface Fetched extends Accepted {
  readonly bytes: Buffer;
  /** The URL the bytes came from, after redirects. */
  readonly finalUrl: string;
}

/** A refusal with the reason the report shows (`HTTP 404`, `too large (...)`, ...). */
export class FetchRefused extends Error {}

const KINDS_OF: Readonly<Record<Wanted, readonly RemoteKind[]>> = {
  media: ['image', 'video'],
  font: ['font'],
  spec: ['spec'],
};

/** The absolute URL to ask for: a protocol-relative `//host/x` is taken as https. */
export function requestUrl(written: string): URL {
  const text = written.trim();
  try {
    return new URL(text.startsWith('//') ? `https:${text}` : text);
  } catch {
    throw new FetchRefused('not a valid URL');
  }
}

/** Checks a URL's scheme and written address against the limits (also used for each redirect target). */
function checkTarget(url: URL, limits: FetchLimits): void {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new FetchRefused(`${url.protocol} URLs are not fetched`);
  }
  if (url.protocol === 'http:' && !limits.allowHttp) {
    throw new FetchRefused('plain http:// is refused (pass --allow-http to fetch it)');
  }
  // A name is checked when it is resolved (hosts.ts); an address is never looked up, so it is checked here.
  if (!limits.allowPrivateHosts && isPrivateAddress(url.hostname)) {
    throw new FetchRefused(privateAddressReason(url.hostname));
  }
}

/** Where a redirect response sends us, checked; throws when the hop is not allowed. */
export function redirectTarget(from: URL, location: string | null, limits: FetchLimits): URL {
  if (location === null) throw new FetchRefused('a redirect without a Location');
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw new FetchRefused('a redirect to an invalid URL');
  }
  if (from.protocol === 'https:' && next.protocol === 'http:') {
    throw new FetchRefused(`redirect from https to http refused (${next.href})`);
  }
  checkTarget(next, limits);
  return next;
}

async function readCapped(response: Response, cap: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > cap) {
    await response.body?.cancel();
    throw new FetchRefused(`too large (${formatBytes(declared)}, the cap is ${formatBytes(cap)})`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  if (response.body === null) return Buffer.alloc(0);
  // undici types its body's chunks loosely; they are bytes.
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > cap) {
      await reader.cancel().catch(() => undefined);
      throw new FetchRefused(`too large (more than the cap of ${formatBytes(cap)})`);
    }
    chunks.push(Buffer.from(read.value));
  }
  return Buffer.concat(chunks);
}

async function follow(
  start: URL,
  limits: FetchLimits,
  signal: AbortSignal,
  dispatcher: Agent,
): Promise<{ response: Response; url: URL }> {
  let url = start;
  for (let hop = 0; ; hop++) {
    const response = await fetch(url, { redirect: 'manual', signal, dispatcher });
    if (response.status < 300 || response.status >= 400 || response.status === 304) return { response, url };
    await response.body?.cancel();
    if (hop >= limits.maxRedirects) throw new FetchRefused(`too many redirects (more than ${limits.maxRedirects})`);
    url = redirectTarget(url, response.headers.get('location'), limits);
  }
}

function failureReason(error: unknown, limits: FetchLimits): string {
  if (error instanceof FetchRefused) return error.message;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `timed out after ${limits.timeoutMs / 1000} s`;
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  if (cause instanceof PrivateAddressError) return cause.message;
  return `could not connect${cause === undefined ? '' : ` (${cause.message})`}`;
}

/**
 * Fetches `written` (a URL as the project writes it) as `wanted` through `dispatcher` (hosts.ts's agent,
 * which refuses private addresses unless the limits allow them); resolves to the asset or a reason.
 */
export async function fetchRemote(
  written: string,
  wanted: Wanted,
  limits: FetchLimits,
  dispatcher: Agent,
): Promise<Fetched | string> {
  try {
    const start = requestUrl(written);
    checkTarget(start, limits);
    const signal = AbortSignal.timeout(limits.timeoutMs);
    const { response, url } = await follow(start, limits, signal, dispatcher);
    if (!response.ok) {
      await response.body?.cancel();
      throw new FetchRefused(`HTTP ${response.status}`);
    }
    const cap = Math.max(...KINDS_OF[wanted].map((kind) => limits.maxBytes[kind]));
    const bytes = await readCapped(response, cap);
    const accepted = acceptBody(wanted, response.headers.get('content-type'), bytes);
    if (typeof accepted === 'string') return accepted;
    const kindCap = limits.maxBytes[accepted.kind];
    if (bytes.length > kindCap) return `too large (${formatBytes(bytes.length)}, the cap is ${formatBytes(kindCap)})`;
    return { ...accepted, bytes, finalUrl: url.href };
  } catch (error) {
    return failureReason(error, limits);
  }
}
