/**
 * A cached bundle ready to answer requests: its file index (from the manifest it was verified against:
 * size, SHA-256 as a strong ETag, type, caching policy, which compressed copies exist), its redirects and
 * its Content-Security-Policy. Built once per switch, so a request does a map lookup and opens one file.
 */
import { readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { bundleHeaderCsp } from '../export/csp.js';
import { MANIFEST_FILE, manifestSchema } from '../export/manifest.js';
import { RebasedNotFoundPages, type LanguageNotFoundPage } from '../export/notFoundPage.js';
import { MANIFEST_SCRIPT_FILE, SIGNATURE_FILE } from '../export/signature.js';
import { BodyCache } from './bodies.js';
import type { CachedBundle } from './cache.js';
import { bundleContentType, cacheControlOf, isCompressible } from './resolve.js';

/** One servable file. */
export interface ServedFile {
  readonly path: string;
  readonly size: number;
  readonly etag: string;
  readonly type: string;
  readonly cacheControl: string;
  readonly compressible: boolean;
  /** Sizes of the brotli and gzip copies (0: none). */
  readonly br: number;
  readonly gz: number;
}

/** A bundle being served. */
export interface ServedBundle {
  readonly record: CachedBundle;
  readonly dir: string;
  readonly files: ReadonlyMap<string, ServedFile>;
  /** Redirect sources (URL paths) to their destinations, from the manifest. */
  readonly redirects: ReadonlyMap<string, string>;
  readonly csp: string;
  /** Small files' bytes, kept after their first request. */
  readonly bodies: BodyCache;
  /** The languages' own 404 pages, from the manifest (none in bundles written before them). */
  readonly notFoundPages: readonly LanguageNotFoundPage[];
  /** 404 pages re-based for misses below their folder. */
  readonly rebasedNotFound: RebasedNotFoundPages;
}

function copySize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/** Loads the index of the unpacked bundle in `dir`. */
export function loadServedBundle(dir: string, record: CachedBundle): ServedBundle {
  const manifestText = readFileSync(join(dir, 'files', MANIFEST_FILE), 'utf8');
  const manifest = manifestSchema.parse(JSON.parse(manifestText));
  const files = new Map<string, ServedFile>();
  // The manifest and the files made from it (signature, manifest script) are not listed in it.
  const signedFiles = [MANIFEST_FILE, SIGNATURE_FILE, MANIFEST_SCRIPT_FILE]
    .map((path) => ({ path, size: copySize(join(dir, 'files', path)), sha256: '' }))
    .filter((file) => file.path === MANIFEST_FILE || file.size > 0);
  const described = [...manifest.files, ...signedFiles];
  for (const file of described) {
    const parts = file.path.split('/');
    const compressible = isCompressible(file.path);
    files.set(file.path, {
      path: join(dir, 'files', ...parts),
      size: file.size,
      etag: `"${file.sha256 || record.sha256.slice(0, 32)}"`,
      type: bundleContentType(file.path),
      cacheControl: cacheControlOf(file.path),
      compressible,
      br: compressible ? copySize(join(dir, 'br', ...parts)) : 0,
      gz: compressible ? copySize(join(dir, 'gz', ...parts)) : 0,
    });
  }
  const redirects = new Map(manifest.redirects.map((r) => [r.source, r.destination]));
  const rebasedNotFound = new RebasedNotFoundPages((file) => {
    const served = files.get(file);
    return served === undefined
      ? Promise.reject(new Error(`${file} is not in the bundle`))
      : readFile(served.path, 'utf8');
  });
  return {
    record,
    dir,
    files,
    redirects,
    csp: bundleHeaderCsp(manifestText),
    bodies: new BodyCache(),
    notFoundPages: manifest.notFoundPages ?? [],
    rebasedNotFound,
  };
}
