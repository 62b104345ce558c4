/**
 * Answering a remote browser's requests to the export's site server from Offprint's side. The site
 * server listens on Offprint's 127.0.0.1, which a browser on another machine (a pod, `--browser`)
 * cannot reach: every request is already paused by the capture (CDP Fetch domain), so instead of
 * letting it go on, Offprint fetches it itself and hands the response back with `Fetch.fulfillRequest`.
 * Remote browsers then need no route back, and they see exactly the bytes a local browser would.
 */
import type { CdpTarget } from '../render/cdp.js';

/** Longest a single site request may take (the page's own timeout is the real bound). */
const REQUEST_TIMEOUT_MS = 60_000;

/**
 * Request headers not forwarded: hop-by-hop ones, compression (the body goes back decoded) and
 * validators (a 304 would leave the remote browser without the body it has no cache for).
 */
const DROPPED_REQUEST_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'expect',
  'content-length',
  'accept-encoding',
  'if-none-match',
  'if-modified-since',
  'if-range',
]);

/** Response headers that would be wrong once the body is handed back decoded and whole. */
const DROPPED_RESPONSE_HEADERS = new Set([
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
]);

/** The part of `Fetch.requestPaused` this needs. */
export interface PausedSiteRequest {
  readonly requestId: string;
  readonly request: {
    readonly url: string;
    readonly method?: unknown;
    readonly headers?: unknown;
    readonly postData?: unknown;
  };
}

function forwardedHeaders(headers: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof headers !== 'object' || headers === null) return out;
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value === 'string' && !DROPPED_REQUEST_HEADERS.has(name.toLowerCase())) out[name] = value;
  }
  return out;
}

/**
 * Fetches the paused request from the site server and fulfils it in `target`; a request the server
 * cannot answer fails in the page like a refused connection would. Never throws.
 */
export async function fulfilFromSite(target: CdpTarget, paused: PausedSiteRequest): Promise<void> {
  const { requestId, request } = paused;
  const method = typeof request.method === 'string' ? request.method : 'GET';
  const withBody = method !== 'GET' && method !== 'HEAD' && typeof request.postData === 'string';
  try {
    const response = await fetch(request.url, {
      method,
      headers: forwardedHeaders(request.headers),
      ...(withBody ? { body: String(request.postData) } : {}),
      // The browser follows redirects itself (the capture watches where the page goes).
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = Buffer.from(await response.arrayBuffer());
    const responseHeaders: { name: string; value: string }[] = [];
    response.headers.forEach((value, name) => {
      if (!DROPPED_RESPONSE_HEADERS.has(name)) responseHeaders.push({ name, value });
    });
    await target.send('Fetch.fulfillRequest', {
      requestId,
      responseCode: response.status,
      responseHeaders,
      body: body.toString('base64'),
    });
  } catch {
    // The site server is gone (the run is ending) or the target went away: nothing to answer.
    await target.send('Fetch.failRequest', { requestId, errorReason: 'ConnectionRefused' }).catch(() => undefined);
  }
}
