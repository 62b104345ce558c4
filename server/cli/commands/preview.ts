/**
 * `offprint preview FILE.zip [--port N] [--host HOST]`: serves a static-export bundle the way a static
 * host would, straight from the zip: `/` is index.html, `/guides/x` is guides/x.html (or
 * guides/x/index.html), and a miss gets the 404 page with status 404 (its language's, re-based for the
 * URL's folder: export/notFoundPage.ts). Runs until SIGINT/SIGTERM.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { bundleHeaderCsp, bundleHeaders } from '../../export/csp.js';
import { MANIFEST_FILE } from '../../export/manifest.js';
import {
  notFoundFileFor,
  notFoundPagesOf,
  notFoundRebaseDepth,
  RebasedNotFoundPages,
  type LanguageNotFoundPage,
} from '../../export/notFoundPage.js';
import { MAX_BUNDLE_ENTRIES } from '../../export/verify.js';
import { bundleContentType, HTML, resolveBundlePath } from '../../bundleServer/resolve.js';
import { ZipReader, type ZipEntry } from '../../zip/reader.js';
import { flag, onePositional, parseCommandArgs } from '../args.js';
import { printJson, UsageError, write, type CliIo } from '../io.js';
import { listenProblem } from '../listen.js';
import { inputPath } from '../inputs.js';

const PortSchema = z
  .string()
  .regex(/^[0-9]{1,5}$/, 'must be a port number')
  .transform(Number)
  .refine((n) => n <= 65535, 'must be at most 65535');

/** The manifest is read whole to learn the bundle's policy: anything larger is not one of ours. */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

type Entries = ReadonlyMap<string, ZipEntry>;

/** An open bundle: its files by entry name (directories left out), served as streams from `zip`. */
export interface Bundle {
  readonly zip: ZipReader;
  readonly entries: Entries;
}

/**
 * Opens a bundle, listing its central directory only (nothing inflated: entries are streamed per
 * request, so memory stays flat whatever the bundle holds). Throws for what is not a readable zip.
 */
export function readBundleEntries(zipFile: string): Bundle {
  const zip = ZipReader.open(zipFile);
  try {
    const entries = new Map<string, ZipEntry>();
    for (const entry of zip.entries(MAX_BUNDLE_ENTRIES)) {
      if (!entry.isDirectory) entries.set(entry.name, entry);
    }
    return { zip, entries };
  } catch (error) {
    zip.close();
    throw error;
  }
}

/** A small body in memory, or an entry as a stream of `length` declared bytes. */
type Body = Buffer | { readonly stream: () => Readable; readonly length: number };

function send(req: IncomingMessage, res: ServerResponse, status: number, type: string, body: Body): void {
  let stream: Readable | undefined;
  try {
    if (!Buffer.isBuffer(body) && req.method !== 'HEAD') stream = body.stream();
  } catch {
    // An entry whose local header is damaged or lies outside the file: a clean 502, not a crash.
    res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' }).end('This bundle entry cannot be read');
    return;
  }
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': body.length, 'Cache-Control': 'no-cache' });
  if (stream === undefined) {
    res.end(req.method === 'HEAD' || !Buffer.isBuffer(body) ? undefined : body);
    return;
  }
  // A damaged or lying entry fails mid-body: the connection is cut so the client sees a short response.
  const source = stream;
  source.once('error', () => res.destroy());
  res.once('close', () => source.destroy());
  source.pipe(res);
}

function entryBody(bundle: Bundle, entry: ZipEntry): Body {
  return { stream: () => bundle.zip.stream(entry), length: entry.size };
}

/** The request handler serving `bundle`; pages get the bundle policy `csp` (export/csp.ts) as a header. */
export function bundleHandler(
  bundle: Bundle,
  csp: string = bundleHeaderCsp(null),
  notFoundPages: readonly LanguageNotFoundPage[] = [],
): (req: IncomingMessage, res: ServerResponse) => void {
  const { entries } = bundle;
  const rebased = new RebasedNotFoundPages(async (file) => {
    const entry = entries.get(file);
    if (entry === undefined) throw new Error(`${file} is not in the bundle`);
    return (await bundle.zip.read(entry, MAX_MANIFEST_BYTES)).toString('utf8');
  });
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method not allowed');
      return;
    }
    const urlPath = new URL(req.url ?? '/', 'http://preview').pathname;
    const name = resolveBundlePath((candidate) => entries.has(candidate), urlPath);
    const entry = name === null ? undefined : entries.get(name);
    for (const [header, value] of Object.entries(bundleHeaders(name ?? '404.html', csp))) res.setHeader(header, value);
    if (name !== null && entry !== undefined) {
      send(req, res, 200, bundleContentType(name), entryBody(bundle, entry));
      return;
    }
    const notFound = notFoundFileFor(urlPath, notFoundPages, (file) => entries.has(file));
    const notFoundEntry = notFound === null ? undefined : entries.get(notFound);
    if (notFound === null || notFoundEntry === undefined) {
      send(req, res, 404, 'text/plain; charset=utf-8', Buffer.from('Not found'));
      return;
    }
    const depth = notFoundRebaseDepth(notFound, urlPath);
    if (depth === null) {
      send(req, res, 404, HTML, entryBody(bundle, notFoundEntry));
      return;
    }
    rebased.body(notFound, depth).then(
      (body) => send(req, res, 404, HTML, body),
      () => send(req, res, 502, 'text/plain; charset=utf-8', Buffer.from('This bundle entry cannot be read')),
    );
  };
}

/** Starts a preview server of `zipFile` on `host:port` (0 picks a free port). */
export async function startPreview(
  zipFile: string,
  host: string,
  port: number,
): Promise<{ server: Server; url: string }> {
  const bundle = readBundleEntries(zipFile);
  const manifest = bundle.entries.get(MANIFEST_FILE);
  const manifestText = manifest === undefined ? null : (await bundle.zip.read(manifest, MAX_MANIFEST_BYTES)).toString();
  const server = createServer(bundleHandler(bundle, bundleHeaderCsp(manifestText), notFoundPagesOf(manifestText)));
  server.once('close', () => bundle.zip.close());
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      done();
    });
  });
  const address = server.address() as AddressInfo;
  const shown = host.includes(':') ? `[${host}]` : host;
  return { server, url: `http://${shown}:${address.port}` };
}

/** `offprint preview FILE.zip [--port N] [--host HOST]` */
export async function previewCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
    port: { type: 'string', default: '4343' },
    host: { type: 'string', default: '127.0.0.1' },
  });
  const file = inputPath(onePositional(positionals, 'FILE.zip (a bundle made by offprint export)'));
  const port = flag('port', PortSchema, values.port);
  let preview;
  try {
    preview = await startPreview(file, values.host, port);
  } catch (error) {
    // Where it could not listen reads as in `serve`; anything else is about the bundle.
    const problem = listenProblem(error, values.host, port, 'preview');
    if (problem !== null) {
      await write(io.stderr, `${problem}\n`);
      return 1;
    }
    throw new UsageError(`cannot preview ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const stopped = new Promise<void>((done) => {
    process.once('SIGINT', () => done());
    process.once('SIGTERM', () => done());
  });
  // With --json the one line is an object, as every command's --json prints, for a script to read the URL.
  if (values.json) await printJson(io, { url: preview.url });
  else await write(io.stdout, `Offprint preview on ${preview.url}\n`);
  await stopped;
  preview.server.closeAllConnections();
  await new Promise<void>((done) => preview.server.close(() => done()));
  return 0;
}
