/**
 * `manifest.json`: what the bundle is (Offprint version, site, domain, version label, deployment kind,
 * features), what it contains (pages, redirects, the external links pages make) and every other file's size and SHA-256, so that
 * `offprint verify` can prove a copy complete and untouched; who signed it (the organization key's
 * fingerprint and public key; the signature itself is `manifest.json.sig`, see signature.ts), with which
 * Offprint and Chromium, when, and the proof that its pages make no request outside it (`egressProof`).
 * Its one time is the job's creation time, never the clock at writing, and nothing names a build id or a
 * local port: an interrupted and resumed job gives the same bytes.
 */
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { DEPLOYMENT_KINDS, type ExportOptions } from './contract.js';
import { egressProofSchema, type EgressProof } from './egressProof.js';
import { externalLinksSchema, type ExternalLinksSummary } from './externalLinks.js';
import { notFoundPagesSchema, type LanguageNotFoundPage } from './notFoundPage.js';

/** The manifest's file name at the bundle root. */
export const MANIFEST_FILE = 'manifest.json';

/** Current manifest format: 2 adds the signing key, times, Chromium version and egress proof. */
export const MANIFEST_FORMAT = 2;

/** The signing key a manifest names (the signature is beside it, in `manifest.json.sig`). */
export const manifestSigningSchema = z.object({
  algorithm: z.literal('Ed25519'),
  fingerprint: z.string(),
  /** Base64 of the raw 32-byte public key. */
  publicKey: z.string(),
});

/** A manifest's signing key. */
export type ManifestSigning = z.infer<typeof manifestSigningSchema>;

const fileSchema = z.object({
  path: z.string().min(1),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

/** The manifest as `offprint verify` reads it (unknown keys allowed: newer writers may add some). */
export const manifestSchema = z.object({
  /** 1: unsigned bundles of earlier Offprint versions (verify reports them as unsigned). */
  format: z.union([z.literal(1), z.literal(MANIFEST_FORMAT)]),
  offprintVersion: z.string(),
  /** ISO-8601: when the export was asked for (the job's creation). */
  createdAt: z.string().optional(),
  /** The Chromium that rendered and checked the pages (`Browser.getVersion`'s product), when known. */
  chromiumVersion: z.string().nullable().optional(),
  signing: manifestSigningSchema.optional(),
  egressProof: egressProofSchema.optional(),
  site: z.object({ name: z.string(), domain: z.string(), origin: z.string() }),
  domain: z.string(),
  versionLabel: z.string().nullable(),
  deployment: z.enum(DEPLOYMENT_KINDS),
  features: z.record(z.string(), z.unknown()),
  pages: z.array(z.object({ path: z.string(), file: z.string() })),
  redirects: z.array(z.object({ source: z.string(), file: z.string(), destination: z.string() })),
  /**
   * The languages' own 404 pages: a miss under `prefix` (`/fr/`) gets `file` (`fr/404.html`), a miss
   * elsewhere `404.html`. Absent from bundles of one language and from those written before it existed.
   */
  notFoundPages: notFoundPagesSchema.optional(),
  blockedRequests: z.array(z.object({ page: z.string(), url: z.string() })),
  /** For review: where the pages link outside the bundle (absent in bundles written before it existed). */
  externalLinks: externalLinksSchema.optional(),
  files: z.array(fileSchema),
});

/** A parsed manifest. */
export type Manifest = z.infer<typeof manifestSchema>;

/** One file's entry. */
export type ManifestFile = z.infer<typeof fileSchema>;

/** Bytes a file is read by when described. */
const DESCRIBE_CHUNK = 64 * 1024;

/**
 * Size and SHA-256 of a file, read piece by piece into `buffer` (one the caller may reuse from file to
 * file, never for two files at once).
 */
export async function describeFile(
  dir: string,
  path: string,
  buffer: Buffer = Buffer.allocUnsafe(DESCRIBE_CHUNK),
): Promise<ManifestFile> {
  const hash = createHash('sha256');
  const handle = await open(join(dir, ...path.split('/')), 'r');
  try {
    let size = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, size);
      if (bytesRead === 0) break;
      hash.update(buffer.subarray(0, bytesRead));
      size += bytesRead;
    }
    return { path, size, sha256: hash.digest('hex') };
  } finally {
    await handle.close();
  }
}

/**
 * {@link describeFile} for each of `paths` in turn, through one buffer: a read stream per file allocated
 * a fresh 64 KB buffer per read, which at 10,000 pages piled up to tens of MB of ArrayBuffers between
 * collections and left the allocator holding ~25 MB more for the rest of the export (issue 13).
 * `before` runs ahead of each file (the export's memory guard).
 */
export async function describeFiles(
  dir: string,
  paths: readonly string[],
  before: (path: string) => void = () => undefined,
): Promise<ManifestFile[]> {
  const buffer = Buffer.allocUnsafe(DESCRIBE_CHUNK);
  const files: ManifestFile[] = [];
  for (const path of paths) {
    before(path);
    files.push(await describeFile(dir, path, buffer));
  }
  return files;
}

/** The manifest document (pretty-printed JSON, trailing newline). */
export function manifestJson(input: {
  readonly offprintVersion: string;
  readonly siteName: string;
  readonly domain: string;
  readonly origin: string;
  readonly options: ExportOptions;
  readonly pages: readonly { path: string; file: string }[];
  readonly redirects: readonly { source: string; file: string; destination: string }[];
  readonly notFoundPages?: readonly LanguageNotFoundPage[];
  readonly blockedRequests: readonly { page: string; url: string }[];
  readonly externalLinks: ExternalLinksSummary;
  readonly files: readonly ManifestFile[];
  readonly createdAt: string;
  readonly chromiumVersion: string | null;
  readonly signing: ManifestSigning;
  readonly egressProof?: EgressProof;
}): string {
  const manifest: Manifest = {
    format: MANIFEST_FORMAT,
    offprintVersion: input.offprintVersion,
    createdAt: input.createdAt,
    chromiumVersion: input.chromiumVersion,
    signing: input.signing,
    ...(input.egressProof === undefined ? {} : { egressProof: input.egressProof }),
    site: { name: input.siteName, domain: input.domain, origin: input.origin },
    domain: input.domain,
    versionLabel: input.options.versionLabel,
    deployment: input.options.deployment,
    features: { ...input.options.features },
    pages: [...input.pages],
    redirects: [...input.redirects],
    ...(input.notFoundPages === undefined || input.notFoundPages.length === 0
      ? {}
      : { notFoundPages: [...input.notFoundPages] }),
    blockedRequests: [...input.blockedRequests],
    externalLinks: input.externalLinks,
    files: [...input.files],
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
