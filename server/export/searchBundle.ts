/**
 * The bundle's offline search: the site server's sharded index copied into `_assets/search/` as plain
 * scripts (the page loads them with script tags, which work from file://). Doc chunks get page URLs
 * relative to their own file, and pages left out of the export become null. The folder's name is fixed,
 * not a hash of its content: every page names the index, so a hashed name would change every page of
 * the bundle whenever any text changed, and a delta (`offprint delta`) of a one-page edit would carry
 * them all. Its files are revalidated by static hosts (no hash in their names, see bundleServer's
 * caching), so a browser never keeps a stale shard.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import type { Logger } from '../logger.js';
import { SEARCH_MANIFEST_NAME, searchFileNames, searchScript } from '../sites/theme/searchFormat.js';
import { ASSETS_DIR } from './assets.js';
import { relativeUrl } from './bundleFiles.js';
import { ExportFailedError } from './contract.js';
import { eachLimited } from './pacing.js';
import { fetchFromSite } from './siteFetch.js';
import { DocChunkSchema, SearchManifestSchema, TermShardSchema } from './searchIndexData.js';

/** The run's site server and the log its retries go to. */
export interface SiteReader {
  readonly origin: string;
  readonly logger: Logger;
}

/** The bundle folder of the search index. */
export const SEARCH_FOLDER = `${ASSETS_DIR}/search`;

/** Files read from the site server at once. */
const PARALLEL = 8;

/** Where the shards sit while being written (same depth as the final folder: relative URLs hold). */
const STAGING = `${ASSETS_DIR}/search-staging`;

async function readJson<T>(site: SiteReader, name: string, schema: z.ZodType<T>): Promise<T> {
  const response = await fetchFromSite(
    `${site.origin}/_offprint/search/${name}.json`,
    `The search file ${name}`,
    site.logger,
  );
  if (!response.ok) throw new ExportFailedError(`The search index could not be built (HTTP ${response.status})`);
  const parsed = schema.safeParse(await response.json().catch((): unknown => undefined));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ExportFailedError(
      `The search index is not valid: ${name}: ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'unknown problem'}`,
    );
  }
  return parsed.data;
}

/** The bundle JSON of one file; `pageFiles` maps site page URLs to their bundle files. */
async function bundleJson(site: SiteReader, name: string, pageFiles: ReadonlyMap<string, string>): Promise<string> {
  if (name === SEARCH_MANIFEST_NAME) return JSON.stringify(await readJson(site, name, SearchManifestSchema));
  if (name.startsWith('t') || name.startsWith('h')) return JSON.stringify(await readJson(site, name, TermShardSchema));
  const chunk = await readJson(site, name, DocChunkSchema);
  const from = `${STAGING}/${name}.js`;
  const docs = chunk.docs.map((doc) => {
    const file = doc === null ? undefined : pageFiles.get(doc.u);
    return doc === null || file === undefined ? null : { ...doc, u: relativeUrl(from, file) };
  });
  return JSON.stringify({ docs });
}

/**
 * Copies the site's search index from the run's site server into the bundle in `bundleDir`;
 * returns the bundle path of its manifest script (what pages' `<link rel="op-search-index">` names).
 */
export async function writeBundleSearch(
  site: SiteReader,
  bundleDir: string,
  pageFiles: ReadonlyMap<string, string>,
): Promise<string> {
  const manifest = await readJson(site, SEARCH_MANIFEST_NAME, SearchManifestSchema);
  const names = searchFileNames(manifest);
  const staging = join(bundleDir, STAGING);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  // Each file is written whole from its own read; after a failed read no further one starts, and the
  // failure is thrown once the reads in flight have ended (none goes on against a closing site server).
  await eachLimited(names, PARALLEL, async (name) => {
    const body = searchScript(name, await bundleJson(site, name, pageFiles));
    writeFileSync(join(staging, `${name}.js`), body);
  });
  const folder = SEARCH_FOLDER;
  rmSync(join(bundleDir, folder), { recursive: true, force: true });
  renameSync(staging, join(bundleDir, folder));
  return `${folder}/${SEARCH_MANIFEST_NAME}.js`;
}
