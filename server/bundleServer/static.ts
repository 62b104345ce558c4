/**
 * Answers GET/HEAD from the bundle being served, as a static host does: extensionless URLs, the 404 page
 * with status 404 (its language's, re-based for the URL's folder), redirects from the manifest, the right
 * type, a strong ETag (the file's SHA-256 from the manifest) with 304 on `If-None-Match`, `Cache-Control`
 * by file kind, and the brotli or gzip copy made at unpack when the client accepts it. Files come only from the manifest's index: a request can
 * never name anything else on disk.
 */
import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bundleHeaders } from '../export/csp.js';
import type { ServedBundle, ServedFile } from './served.js';
import { notFoundFileFor, notFoundRebaseDepth } from '../export/notFoundPage.js';
import { HTML, matchesIfNoneMatch, resolveBundlePath } from './resolve.js';

/** Sends the API's error shape (`{"error", "details"}`) with `status`. */
export function sendJsonError(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  const body = JSON.stringify({ error: message, details: [{ message }] });
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  res.end(body);
}

type Encoding = 'br' | 'gzip' | null;

/** The best encoding the client accepts that a copy exists for (a `q=0` refuses one). */
function chooseEncoding(accept: string | undefined, file: ServedFile): Encoding {
  if (accept === undefined) return null;
  const accepted = new Set<string>();
  for (const part of accept.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    if (!params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) accepted.add(name.trim());
  }
  if (file.br > 0 && (accepted.has('br') || accepted.has('*'))) return 'br';
  if (file.gz > 0 && (accepted.has('gzip') || accepted.has('*'))) return 'gzip';
  return null;
}

function sendFile(req: IncomingMessage, res: ServerResponse, bundle: ServedBundle, name: string, status: number): void {
  const file = bundle.files.get(name);
  if (file === undefined) {
    sendJsonError(res, 404, 'Not found');
    return;
  }
  const encoding = chooseEncoding(req.headers['accept-encoding'], file);
  const etag = encoding === null ? file.etag : `${file.etag.slice(0, -1)}-${encoding}"`;
  for (const [header, value] of Object.entries(bundleHeaders(name, bundle.csp))) res.setHeader(header, value);
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', status === 200 ? file.cacheControl : 'no-cache');
  if (file.compressible) res.setHeader('Vary', 'Accept-Encoding');
  if (status === 200 && matchesIfNoneMatch(req.headers['if-none-match'], etag)) {
    res.writeHead(304).end();
    return;
  }
  const dir = encoding === 'br' ? 'br' : 'gz';
  const path = encoding === null ? file.path : file.path.replace(`${bundle.dir}/files/`, `${bundle.dir}/${dir}/`);
  const length = encoding === 'br' ? file.br : encoding === 'gzip' ? file.gz : file.size;
  res.writeHead(status, {
    'Content-Type': file.type,
    'Content-Length': length,
    ...(encoding === null ? {} : { 'Content-Encoding': encoding }),
  });
  const kept = bundle.bodies.get(path);
  if (req.method === 'HEAD' || kept !== undefined) {
    res.end(req.method === 'HEAD' ? undefined : kept);
    return;
  }
  bundle.bodies.offer(path, length);
  const stream = createReadStream(path);
  stream.once('error', () => res.destroy());
  res.once('close', () => stream.destroy());
  stream.pipe(res);
}

/** The redirect destination of `urlPath` (with or without a trailing slash), or null. */
function redirectOf(bundle: ServedBundle, urlPath: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return bundle.redirects.get(trimmed) ?? null;
}

/** Serves one GET/HEAD request from `bundle`. */
export function serveStatic(req: IncomingMessage, res: ServerResponse, bundle: ServedBundle, url: URL): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendJsonError(res, 405, `Method ${req.method ?? ''} is not allowed here`, { Allow: 'GET, HEAD' });
    return;
  }
  // A redirect source's file is the meta-refresh page kept for file:// readers; over HTTP a real 301 is better.
  const destination = redirectOf(bundle, url.pathname);
  if (destination !== null) {
    res.writeHead(301, { Location: destination, 'Cache-Control': 'public, max-age=0, must-revalidate' }).end();
    return;
  }
  const name = resolveBundlePath((candidate) => bundle.files.has(candidate), url.pathname);
  if (name !== null) {
    sendFile(req, res, bundle, name, 200);
    return;
  }
  const notFound = notFoundFileFor(url.pathname, bundle.notFoundPages, (file) => bundle.files.has(file));
  if (notFound === null) {
    sendJsonError(res, 404, 'Not found');
    return;
  }
  const depth = notFoundRebaseDepth(notFound, url.pathname);
  if (depth === null) sendFile(req, res, bundle, notFound, 404);
  else void sendRebased(req, res, bundle, notFound, depth);
}

/** The 404 page `name` re-based for a URL `depth` folders down (export/notFoundPage.ts says why). */
async function sendRebased(
  req: IncomingMessage,
  res: ServerResponse,
  bundle: ServedBundle,
  name: string,
  depth: number,
): Promise<void> {
  let body: Buffer;
  try {
    body = await bundle.rebasedNotFound.body(name, depth);
  } catch {
    // The unpacked copy lost a file it had when it was verified: nothing a request can mend.
    sendJsonError(res, 500, 'The 404 page of this bundle cannot be read');
    return;
  }
  for (const [header, value] of Object.entries(bundleHeaders(name, bundle.csp))) res.setHeader(header, value);
  res.writeHead(404, { 'Content-Type': HTML, 'Content-Length': body.length, 'Cache-Control': 'no-cache' });
  res.end(req.method === 'HEAD' ? undefined : body);
}
