/**
 * Small signed bundles for the delta tests, in the layout an export writes (pages with the theme's
 * `<article class="op-article">` and sidebar `<nav class="op-nav">`, an image, manifest.json of format
 * 2 signed by an organization key, manifest.json.sig, manifest.js), zipped by the export's deterministic
 * writer. Two versions of one site: v2 changes a page's text and the image, adds a page, removes one
 * and so changes the navigation.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { deflateSync } from 'node:zlib';
import { defaultOrganizationId } from '../../server/domain/organizations.js';
import { listBundleFiles } from '../../server/export/bundleFiles.js';
import { writeDeterministicZip } from '../../server/export/zip.js';
import { silentLogger } from '../../server/logger.js';
import { openRuntime } from '../../server/runtime.js';
import { loadOrCreateSigningKey, type SigningKey } from '../../server/signing/keyStore.js';
import { tempDir } from './dataDirs.js';

/** One page of a crafted site. */
export interface CraftedPage {
  readonly path: string;
  readonly title: string;
  readonly text: string;
}

/** A version of the crafted site. */
export interface SiteVersion {
  readonly pages: readonly CraftedPage[];
  /** Bytes of `images/diagram.png`. */
  readonly image: Buffer;
  readonly versionLabel: string;
}

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** A real (tiny) PNG of one colour, so image changes are real image changes. */
export function png(red: number): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crcInput = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(crcInput) >>> 0);
    return Buffer.concat([length, crcInput, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0);
  header.writeUInt32BE(8, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9);
  const rows = Buffer.concat(
    Array.from({ length: 8 }, () => Buffer.from([0, ...Array.from({ length: 8 }, () => [red, 80, 160]).flat()])),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc;
}

/** Filler prose, so pages are the size of real ones (deltas are measured against them). */
const PROSE = Array.from(
  { length: 40 },
  (_, i) => `Paragraph ${i} explains how the notification service routes messages to each channel.`,
).join(' ');

/** An asset both versions share, the size of a web font (stored, as fonts are): what a delta leaves out. */
const FONT = Buffer.from(Array.from({ length: 96 * 1024 }, (_, i) => (i * 2654435761) >>> 24));

/** Version 1 of the site. */
export const V1: SiteVersion = {
  versionLabel: 'v1',
  image: png(200),
  pages: [
    { path: 'index', title: 'Home', text: 'Welcome to the handbook. Start with the guides.' },
    { path: 'guides/intro', title: 'Introduction', text: 'Install the tool with the package manager and run it once.' },
    { path: 'guides/setup', title: 'Setup', text: 'Set the data folder before the first start.' },
    { path: 'guides/legacy', title: 'Legacy', text: 'The old way of doing things.' },
  ],
};

/** Version 2: intro's text changed, legacy removed, advanced added, the image redrawn. */
export const V2: SiteVersion = {
  versionLabel: 'v2',
  image: png(20),
  pages: [
    V1.pages[0] as CraftedPage,
    {
      path: 'guides/intro',
      title: 'Introduction',
      text: 'Install the tool with the system installer and run it once.',
    },
    V1.pages[2] as CraftedPage,
    { path: 'guides/advanced', title: 'Advanced', text: 'Tune the workers for large sites.' },
  ],
};

function pageHtml(page: CraftedPage, version: SiteVersion): string {
  const file = `${page.path}.html`;
  const rel = (target: string): string => posix.relative(posix.dirname(file), target) || posix.basename(target);
  const links = version.pages
    .filter((p) => p.path !== 'index')
    .map(
      (p) =>
        `<li><a class="op-nav-link" href="${rel(`${p.path}.html`)}"><span class="op-nav-label">${p.title}</span></a></li>`,
    )
    .join('');
  return (
    `<!doctype html><html><head><title>${page.title}</title><style>.x{color:red}</style></head><body>` +
    `<aside id="op-sidebar"><nav class="op-nav" aria-label="Pages"><div class="op-nav-group">` +
    `<p class="op-nav-group-title"><span class="op-nav-label">Guides</span></p><ul class="op-nav-list">${links}</ul></div></nav></aside>` +
    `<main class="op-main"><article class="op-article"><h1>${page.title}</h1><p>${page.text}</p>` +
    `<script>var hidden = "not text";</script><p>${PROSE}</p>` +
    `<img src="${rel('images/diagram.png')}" alt=""></article></main></body></html>\n`
  );
}

/** A data dir (with its default organization) and that organization's signing key. */
export function signingDataDir(): { dataDir: string; orgId: string; key: SigningKey } {
  const dataDir = tempDir('offprint-delta-data-');
  const runtime = openRuntime(dataDir, silentLogger());
  try {
    const orgId = defaultOrganizationId(runtime);
    return { dataDir, orgId, key: loadOrCreateSigningKey(dataDir, orgId) };
  } finally {
    runtime.close();
  }
}

/** Writes `version` as a signed bundle zip, `<dir>/<label>.zip`; returns its path. */
export async function craftBundle(
  version: SiteVersion,
  key: SigningKey,
  dir = tempDir('offprint-delta-'),
): Promise<string> {
  const root = join(dir, version.versionLabel);
  const files = new Map<string, Buffer>([
    ['images/diagram.png', version.image],
    ['_assets/font.woff2', FONT],
  ]);
  for (const page of version.pages) files.set(`${page.path}.html`, Buffer.from(pageHtml(page, version)));
  for (const [path, bytes] of files) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), bytes);
  }
  const manifest = {
    format: 2,
    offprintVersion: '0.1.0',
    createdAt: '2026-11-25T09:30:00.000Z',
    chromiumVersion: null,
    site: { name: 'Handbook', domain: 'docs.example.com', origin: 'https://docs.example.com' },
    domain: 'docs.example.com',
    versionLabel: version.versionLabel,
    deployment: 'air-gapped',
    features: {},
    pages: version.pages.map((p) => ({ path: `/${p.path}`, file: `${p.path}.html` })),
    redirects: [],
    blockedRequests: [],
    signing: { algorithm: 'Ed25519', fingerprint: key.fingerprint, publicKey: key.publicKey.toString('base64') },
    files: [...files]
      .map(([path, bytes]) => ({ path, size: bytes.length, sha256: sha256(bytes) }))
      .sort((a, b) => (a.path < b.path ? -1 : 1)),
  };
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  const signature = key.sign(Buffer.from(text)).toString('base64');
  writeFileSync(join(root, 'manifest.json'), text);
  writeFileSync(join(root, 'manifest.json.sig'), `${signature}\n`);
  writeFileSync(
    join(root, 'manifest.js'),
    `window.__offprintManifest = ${JSON.stringify({ manifest: text, signature })};\n`,
  );
  const zip = join(dir, `${version.versionLabel}.zip`);
  await writeDeterministicZip(root, listBundleFiles(root), zip);
  return zip;
}
