/**
 * What delta and diff read of a bundle's manifest: its files (size, SHA-256), pages, redirects and
 * signing key. Read leniently (only these fields, any format number) so bundles of earlier and later
 * Offprint versions compare alike; `offprint verify` is the strict reader.
 */
import { z } from 'zod';
import type { ZipEntry, ZipReader } from '../zip/reader.js';
import { refuse } from './errors.js';

/** The manifest's name, and the two files made from it, none of which it lists. */
export const MANIFEST_FILES = ['manifest.json', 'manifest.json.sig', 'manifest.js'] as const;

const SHA256 = /^[0-9a-f]{64}$/;

const bundleManifestSchema = z.object({
  versionLabel: z.string().nullable().optional(),
  domain: z.string().optional(),
  files: z.array(
    z.object({ path: z.string().min(1), size: z.number().int().nonnegative(), sha256: z.string().regex(SHA256) }),
  ),
  pages: z.array(z.object({ path: z.string(), file: z.string() })),
  redirects: z.array(z.object({ source: z.string(), file: z.string(), destination: z.string() })).optional(),
  signing: z.object({ algorithm: z.literal('Ed25519'), fingerprint: z.string(), publicKey: z.string() }).optional(),
});

/** The fields of a manifest delta and diff use. */
export type BundleManifest = z.infer<typeof bundleManifestSchema>;

/** Largest manifest read (the same bound `verify` puts on it). */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

/** Parses manifest text; `what` names the bundle in the reason of a refusal. */
export function parseBundleManifest(text: string, what: string): BundleManifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw refuse(`the manifest.json of ${what} is not valid JSON`);
  }
  const parsed = bundleManifestSchema.safeParse(json);
  if (!parsed.success) throw refuse(`the manifest.json of ${what} is not a bundle manifest`);
  return parsed.data;
}

/** The entries of an open zip by name (directories left out). */
export function entriesByName(zip: ZipReader, maxEntries: number): Map<string, ZipEntry> {
  const byName = new Map<string, ZipEntry>();
  for (const entry of zip.entries(maxEntries)) if (!entry.isDirectory) byName.set(entry.name, entry);
  return byName;
}

/** The manifest of an open bundle; refused when it has none. */
export async function readBundleManifest(
  zip: ZipReader,
  byName: ReadonlyMap<string, ZipEntry>,
  what: string,
): Promise<{ manifest: BundleManifest; text: string }> {
  const entry = byName.get('manifest.json');
  if (entry === undefined) throw refuse(`${what} has no manifest.json: it is not an Offprint bundle`);
  const text = (await zip.read(entry, MAX_MANIFEST_BYTES)).toString('utf8');
  return { manifest: parseBundleManifest(text, what), text };
}
