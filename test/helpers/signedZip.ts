/**
 * Small signed bundle archives made by hand through the pipeline's own manifest, signature and zip code
 * (no Chromium): what `offprint verify`, the verify API, serve-bundle and the signing tests check.
 */
import type AdmZip from 'adm-zip';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ExportOptions } from '../../server/export/contract.js';
import { describeFile, MANIFEST_FILE, manifestJson } from '../../server/export/manifest.js';
import { manifestSigning, signedManifestFiles, type BundleSigner } from '../../server/export/signature.js';
import { writeDeterministicZip } from '../../server/export/zip.js';
import { tempDir } from './dataDirs.js';

const OPTIONS: ExportOptions = {
  deployment: 'air-gapped',
  features: { search: false, feedback: null, analytics: null, apiPlayground: null, assistant: false },
  versionLabel: 'v2',
  paths: null,
};

/** A one-page bundle's files: a page and its stylesheet. */
export const SMALL_BUNDLE_FILES: Readonly<Record<string, string>> = {
  'index.html': '<!doctype html><html><head><link rel="stylesheet" href="site.css"></head><body>Hi</body></html>',
  'site.css': 'body { color: #123 }',
};

/** What a crafted bundle is made of. */
export interface CraftedBundle {
  /** Bundle path -> content (pages are the `.html` files). */
  readonly files: Readonly<Record<string, string | Buffer>>;
  readonly signer: BundleSigner;
  /** Leave out the signature files (as bundles of earlier Offprint versions). */
  readonly unsigned?: boolean;
}

/** Writes the bundle's folder (manifest and signature files included) and zips it; returns the zip's path. */
export async function writeSignedZip(bundle: CraftedBundle, outFile?: string): Promise<string> {
  const dir = tempDir('offprint-signed-bundle-');
  const names = Object.keys(bundle.files).sort();
  for (const name of names) {
    const file = join(dir, ...name.split('/'));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, bundle.files[name] ?? '');
  }
  const pages = names.filter((name) => name.endsWith('.html'));
  const manifest = manifestJson({
    offprintVersion: '9.9.9',
    siteName: 'Shapes',
    domain: 'docs.shapes.test',
    origin: 'https://docs.shapes.test',
    options: OPTIONS,
    pages: pages.map((file) => ({ path: file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`, file })),
    redirects: [],
    blockedRequests: [],
    externalLinks: { total: 0, links: [] },
    files: await Promise.all(names.map((name) => describeFile(dir, name))),
    createdAt: '2026-01-01T00:00:00.000Z',
    chromiumVersion: null,
    signing: manifestSigning(bundle.signer),
  });
  writeFileSync(join(dir, MANIFEST_FILE), manifest);
  const signed = bundle.unsigned === true ? new Map<string, string>() : signedManifestFiles(manifest, bundle.signer);
  for (const [name, text] of signed) writeFileSync(join(dir, name), text);
  const zip = outFile ?? join(tempDir('offprint-signed-zip-'), 'bundle.zip');
  await writeDeterministicZip(dir, [...names, MANIFEST_FILE, ...signed.keys()], zip);
  return zip;
}

/**
 * Writes `manifestText` into `zip` as its manifest, signed again by `signer` (signature and manifest
 * script too): a bundle altered on purpose whose other checks a test is after, not its signature.
 */
export function resignZip(zip: AdmZip, manifestText: string, signer: BundleSigner): void {
  zip.updateFile(MANIFEST_FILE, Buffer.from(manifestText));
  for (const [name, text] of signedManifestFiles(manifestText, signer)) zip.updateFile(name, Buffer.from(text));
}
