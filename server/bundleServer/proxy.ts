/**
 * Reader feedback in the cluster: a bundle exported with `features.feedback.collectorUrl` set to the
 * site's own public origin posts to `/_offprint/feedback/{vote,details,code}` (and agents to `/feedback`)
 * on the very host that served the page, so browsers never make a cross-origin call. The bundle server
 * forwards those POSTs to the collector (Offprint's own server, the project's site listener), after the
 * same-origin check the collector would make, which cannot pass through a proxy unchanged: the collector
 * sees the proxy's request, so it is sent with the collector's own origin.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../logger.js';
import { sendJsonError } from './static.js';

/** The paths the theme's client (and agents) post feedback to: server/sites/serve/FEEDBACK-API.md. */
const FEEDBACK_PATHS = new Set([
  '/_offprint/feedback/vote',
  '/_offprint/feedback/details',
  '/_offprint/feedback/code',
  '/feedback',
]);

/** The collector's body limit (16 KiB), enforced here too so an oversized body never crosses. */
const MAX_BODY = 16 * 1024;
const TIMEOUT_MS = 10_000;

/** Whether `path` is one the proxy answers. */
export function isFeedbackPath(path: string): boolean {
  return FEEDBACK_PATHS.has(path);
}

/** Why a browser request is not from the site's own pages, or null when it is (or is no browser's). */
function crossOrigin(req: IncomingMessage): string | null {
  // Set by the browser, never by page code; it decides alone, because bundle pages are served with
  // `Referrer-Policy: no-referrer`, under which Chromium sends `Origin: null` even on same-origin POSTs.
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' ? null : `Sec-Fetch-Site is ${site}`;
  const origin = req.headers.origin;
  if (origin === undefined) return null;
  try {
    // Behind an Ingress that ends TLS, the page's origin is https while this server speaks http: the host decides.
    if (origin !== 'null' && new URL(origin).host.toLowerCase() === (req.headers.host ?? '').toLowerCase()) return null;
  } catch {
    // fall through: not a URL
  }
  return `Origin ${origin} is not this site`;
}

async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Forwards one feedback POST to `collector` (its base URL) and relays the answer. */
export async function proxyFeedback(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  collector: URL,
  log: Logger,
): Promise<void> {
  if (req.method !== 'POST') {
    sendJsonError(res, 405, 'Feedback is sent with POST', { Allow: 'POST' });
    return;
  }
  const refused = crossOrigin(req);
  if (refused !== null && path !== '/feedback') {
    sendJsonError(res, 403, `This endpoint takes requests from the site pages only (${refused})`);
    return;
  }
  const body = await readBody(req);
  if (body === null) {
    sendJsonError(res, 413, `The request body is larger than ${MAX_BODY} bytes`);
    return;
  }
  const target = new URL(path, collector);
  const browser = req.headers.origin !== undefined || req.headers['sec-fetch-site'] !== undefined;
  let answer: Response;
  try {
    answer = await fetch(target, {
      method: 'POST',
      headers: {
        'Content-Type': req.headers['content-type'] ?? 'application/octet-stream',
        ...(browser ? { Origin: collector.origin } : {}),
        ...(req.headers['user-agent'] === undefined ? {} : { 'User-Agent': req.headers['user-agent'] }),
      },
      body: new Uint8Array(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    log.warn(
      { collector: collector.origin, path, err: error instanceof Error ? error.message : String(error) },
      'feedback collector unreachable',
    );
    sendJsonError(res, 502, 'The feedback collector cannot be reached: try again later');
    return;
  }
  const text = Buffer.from(await answer.arrayBuffer());
  const retryAfter = answer.headers.get('retry-after');
  res.writeHead(answer.status, {
    'Content-Type': answer.headers.get('content-type') ?? 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    ...(retryAfter === null ? {} : { 'Retry-After': retryAfter }),
  });
  res.end(text);
}
