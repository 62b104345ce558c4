/**
 * A small signed bundle folder made by hand for the verify.html tests, in the issue-15 layout: pages and
 * assets (one over the page's 4 MB read chunk, names needing percent-encoding), verify.html from its
 * generator, manifest.json (format 2 fields) signed with an organization key from server/signing,
 * manifest.json.sig and manifest.js; and a plain static server for it (no CSP header, as a generic web
 * server on an intranet would be).
 */
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, createWriteStream, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, normalize, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { loadOrCreateSigningKey, type SigningKey } from '../../server/signing/keyStore.js';
import { listBundleFiles } from '../../server/export/bundleFiles.js';
import { VERIFY_PAGE_FILE, verifyPageHtml } from '../../server/export/verifyPage/index.js';
import { writeDeterministicZip } from '../../server/export/zip.js';

/** The bundle's content files (path -> bytes), apart from verify.html. */
export function sampleFiles(): Map<string, Buffer> {
  return new Map([
    ['index.html', Buffer.from('<!doctype html><title>Home</title><p>Welcome</p>\n')],
    ['guides/intro.html', Buffer.from('<!doctype html><title>Intro</title><p>Getting started</p>\n')],
    ['guides/caf\u00e9 & more.html', Buffer.from('<!doctype html><title>Caf\u00e9</title><p>Accents and spaces</p>\n')],
    ['assets/logo #1.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>\n')],
    ['assets/video.bin', randomBytes(5 * 2 ** 20 + 123)],
    ['empty.txt', Buffer.alloc(0)],
  ]);
}

/** A signed bundle folder and what made it. */
export interface SignedBundle {
  readonly dir: string;
  readonly key: SigningKey;
  readonly manifestText: string;
  readonly signature: string;
}

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** manifest.js as the contract writes it. */
export function manifestScript(manifestText: string, signature: string): string {
  return `window.__offprintManifest = ${JSON.stringify({ manifest: manifestText, signature })};\n`;
}

/** Writes a signed bundle into a new temporary folder (a fresh organization key each time). */
export function writeSignedBundle(files: ReadonlyMap<string, Buffer> = sampleFiles()): SignedBundle {
  const root = mkdtempSync(join(tmpdir(), 'offprint-verify-page-'));
  const dir = join(root, 'bundle');
  const key = loadOrCreateSigningKey(join(root, 'data'), 'org-test', new Date('2026-11-20T10:00:00.000Z'));
  const all = new Map(files);
  all.set(VERIFY_PAGE_FILE, Buffer.from(verifyPageHtml()));
  for (const [path, bytes] of all) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), bytes);
  }
  const createdAt = '2026-11-25T09:30:00.000Z';
  const manifest = {
    format: 2,
    offprintVersion: '0.1.0',
    createdAt,
    chromiumVersion: 'Chrome/131.0.6778.85',
    site: { name: 'Sample Docs', domain: 'docs.example.com', origin: 'https://docs.example.com' },
    domain: 'docs.example.com',
    versionLabel: null,
    deployment: 'air-gapped',
    features: {},
    pages: [{ path: '/', file: 'index.html' }],
    redirects: [],
    blockedRequests: [],
    signing: { algorithm: 'Ed25519', fingerprint: key.fingerprint, publicKey: key.publicKey.toString('base64') },
    egressProof: {
      pagesChecked: 3,
      modes: ['file', 'http'],
      requests: { http: 0, websocket: 0, preconnect: 0 },
      blocked: 0,
      chromiumVersion: 'Chrome/131.0.6778.85',
      time: createdAt,
      failures: [],
    },
    files: [...all]
      .map(([path, bytes]) => ({ path, size: bytes.length, sha256: sha256(bytes) }))
      .sort((a, b) => (a.path < b.path ? -1 : 1)),
  };
  const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;
  const signature = key.sign(Buffer.from(manifestText)).toString('base64');
  writeFileSync(join(dir, 'manifest.json'), manifestText);
  writeFileSync(join(dir, 'manifest.json.sig'), `${signature}\n`);
  writeFileSync(join(dir, 'manifest.js'), manifestScript(manifestText, signature));
  return { dir, key, manifestText, signature };
}

/** A copy of the bundle folder (to damage without touching the original). */
export function copyBundle(bundle: SignedBundle): string {
  const copy = join(mkdtempSync(join(tmpdir(), 'offprint-verify-copy-')), 'bundle');
  cpSync(bundle.dir, copy, { recursive: true });
  return copy;
}

/** The bundle folder as the export's deterministic zip, `bundle.zip` beside the folder; its path. */
export async function zipBundle(dir: string): Promise<string> {
  const outFile = join(dir, '..', 'bundle.zip');
  await writeDeterministicZip(dir, listBundleFiles(dir).sort(), outFile);
  return outFile;
}

/** The bundle folder as a zip in ZIP64 form throughout (as very large bundles are), `bundle64.zip` beside it. */
export async function zip64Bundle(dir: string): Promise<string> {
  const outFile = join(dir, '..', 'bundle64.zip');
  const zip = new yazl.ZipFile();
  for (const file of listBundleFiles(dir).sort()) {
    zip.addBuffer(readFileSync(join(dir, ...file.split('/'))), file, { forceZip64Format: true });
  }
  zip.end({ forceZip64Format: true, comment: '' });
  await pipeline(zip.outputStream, createWriteStream(outFile));
  return outFile;
}

/** Changes one byte of a bundle file in place. */
export function flipByte(dir: string, path: string, at = 10): void {
  const full = join(dir, ...path.split('/'));
  const bytes = readFileSync(full);
  bytes[at] = (bytes[at] ?? 0) ^ 0x20;
  writeFileSync(full, bytes);
}

/**
 * A plain static file server over `dir` on 127.0.0.1, port 0 (404 for anything outside it), sending
 * `headers` with every file.
 */
export async function serveFolder(
  dir: string,
  headers: Readonly<Record<string, string>> = {},
): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const full = normalize(join(dir, path));
    if (!full.startsWith(dir + sep)) return void res.writeHead(404).end();
    try {
      const body = readFileSync(full);
      const type = full.endsWith('.html')
        ? 'text/html; charset=utf-8'
        : full.endsWith('.js')
          ? 'text/javascript'
          : 'application/octet-stream';
      res.writeHead(200, { ...headers, 'Content-Type': type, 'Content-Length': body.length }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
