/**
 * `offprint preview FILE.zip [--port N] [--host HOST]`: serves a static-export bundle the way a static
 * host would, straight from the zip: `/` is index.html, `/guides/x` is guides/x.html (or
 * guides/x/index.html), and a miss gets 404.html with status 404. Runs until SIGINT/SIGTERM.
 */
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, resolve } from 'node:path';
import AdmZip from 'adm-zip';
import { z } from 'zod';
import { contentTypeOf } from '../../sites/serve/paths.js';
import { flag, onePositional, parseCommandArgs } from '../args.js';
import { UsageError, write, type CliIo } from '../io.js';

const PortSchema = z
  .string()
  .regex(/^[0-9]{1,5}$/, 'must be a port number')
  .transform(Number)
  .refine((n) => n <= 65535, 'must be at most 65535');

const HTML = 'text/html; charset=utf-8';

/** A bundle's files: its pages, plus whatever a site serves (the assets are the site's files, renamed). */
function bundleContentType(name: string): string {
  const ext = extname(name).toLowerCase();
  if (ext === '.html') return HTML;
  if (ext === '.mjs') return 'text/javascript; charset=utf-8';
  return contentTypeOf(name) ?? 'application/octet-stream';
}

type Entries = ReadonlyMap<string, AdmZip.IZipEntry>;

/** The files of a bundle, by entry name; directories left out. */
export function readBundleEntries(zipFile: string): Entries {
  const entries = new Map<string, AdmZip.IZipEntry>();
  for (const entry of new AdmZip(zipFile).getEntries()) {
    if (!entry.isDirectory) entries.set(entry.entryName, entry);
  }
  return entries;
}

/** The entry a URL path resolves to, as a static host resolves it; null for none. */
export function resolveBundlePath(entries: Entries, urlPath: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (!path.startsWith('/') || path.includes('\0') || path.split('/').includes('..')) return null;
  const name = path.slice(1);
  const candidates =
    name === '' || name.endsWith('/') ? [`${name}index.html`] : [name, `${name}.html`, `${name}/index.html`];
  return candidates.find((candidate) => entries.has(candidate)) ?? null;
}

function send(req: IncomingMessage, res: ServerResponse, status: number, type: string, body: Buffer): void {
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': body.length, 'Cache-Control': 'no-cache' });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** The request handler serving `entries`. */
export function bundleHandler(entries: Entries): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method not allowed');
      return;
    }
    const urlPath = new URL(req.url ?? '/', 'http://preview').pathname;
    const name = resolveBundlePath(entries, urlPath);
    const entry = name === null ? undefined : entries.get(name);
    if (name !== null && entry !== undefined) {
      send(req, res, 200, bundleContentType(name), entry.getData());
      return;
    }
    const notFound = entries.get('404.html');
    if (notFound !== undefined) send(req, res, 404, HTML, notFound.getData());
    else send(req, res, 404, 'text/plain; charset=utf-8', Buffer.from('Not found'));
  };
}

/** Starts a preview server of `zipFile` on `host:port` (0 picks a free port). */
export async function startPreview(
  zipFile: string,
  host: string,
  port: number,
): Promise<{ server: Server; url: string }> {
  const server = createServer(bundleHandler(readBundleEntries(zipFile)));
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
  const file = resolve(onePositional(positionals, 'FILE.zip (a bundle made by offprint export)'));
  if (!existsSync(file)) throw new UsageError(`${file} does not exist`);
  const port = flag('port', PortSchema, values.port);
  let preview;
  try {
    preview = await startPreview(file, values.host, port);
  } catch (error) {
    throw new UsageError(`cannot preview ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const stopped = new Promise<void>((done) => {
    process.once('SIGINT', () => done());
    process.once('SIGTERM', () => done());
  });
  await write(io.stdout, `Offprint preview on ${preview.url}\n`);
  await stopped;
  preview.server.closeAllConnections();
  await new Promise<void>((done) => preview.server.close(() => done()));
  return 0;
}
