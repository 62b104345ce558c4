/**
 * `manifest.json`: what the bundle is (Offprint version, site, domain, version label, deployment kind,
 * features), what it contains (pages, redirects, the external links pages make) and every other file's size and SHA-256, so that
 * `offprint verify` can prove a copy complete and untouched. Nothing in it depends on when or where
 * the export ran (no timestamps, no build ids, no local ports): same site and options, same bytes.
 */
import { createHash } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { DEPLOYMENT_KINDS, type ExportOptions } from './contract.js';
import { externalLinksSchema, type ExternalLinksSummary } from './externalLinks.js';

/** The manifest's file name at the bundle root. */
export const MANIFEST_FILE = 'manifest.json';

/** Current manifest format. */
export const MANIFEST_FORMAT = 1;

const fileSchema = z.object({
  path: z.string().min(1),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

/** The manifest as `offprint verify` reads it (unknown keys allowed: newer writers may add some). */
export const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  offprintVersion: z.string(),
  site: z.object({ name: z.string(), domain: z.string(), origin: z.string() }),
  domain: z.string(),
  versionLabel: z.string().nullable(),
  deployment: z.enum(DEPLOYMENT_KINDS),
  features: z.record(z.string(), z.unknown()),
  pages: z.array(z.object({ path: z.string(), file: z.string() })),
  redirects: z.array(z.object({ source: z.string(), file: z.string(), destination: z.string() })),
  blockedRequests: z.array(z.object({ page: z.string(), url: z.string() })),
  /** For review: where the pages link outside the bundle (absent in bundles written before it existed). */
  externalLinks: externalLinksSchema.optional(),
  files: z.array(fileSchema),
});

/** A parsed manifest. */
export type Manifest = z.infer<typeof manifestSchema>;

/** One file's entry. */
export type ManifestFile = z.infer<typeof fileSchema>;

/** Size and SHA-256 of a file, streamed. */
export async function describeFile(dir: string, path: string): Promise<ManifestFile> {
  const full = join(dir, ...path.split('/'));
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(full)) hash.update(chunk as Buffer);
  return { path, size: statSync(full).size, sha256: hash.digest('hex') };
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
  readonly blockedRequests: readonly { page: string; url: string }[];
  readonly externalLinks: ExternalLinksSummary;
  readonly files: readonly ManifestFile[];
}): string {
  const manifest: Manifest = {
    format: MANIFEST_FORMAT,
    offprintVersion: input.offprintVersion,
    site: { name: input.siteName, domain: input.domain, origin: input.origin },
    domain: input.domain,
    versionLabel: input.options.versionLabel,
    deployment: input.options.deployment,
    features: { ...input.options.features },
    pages: [...input.pages],
    redirects: [...input.redirects],
    blockedRequests: [...input.blockedRequests],
    externalLinks: input.externalLinks,
    files: [...input.files],
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
