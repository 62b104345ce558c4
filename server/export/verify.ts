/**
 * `offprint verify`: proves a bundle complete, untouched and closed. Every entry must be listed in the
 * manifest with its size and SHA-256 (nothing missing, nothing extra); no entry may escape the bundle
 * folder (`..`, absolute paths, drive letters, backslashes, links or other special files); and no HTML
 * or CSS file may refer to anything outside the bundle: every relative reference resolves (percent-decoded)
 * to a bundle file; anything else is an anchor, `data:`, or an external *link* (any scheme, such as
 * `https:`, `mailto:` or `cursor:`, or `//host`; never a loaded resource, never `javascript:`).
 * `externalLinks` in the manifest is optional: bundles written before it existed verify the same.
 *
 * Memory stays flat whatever the bundle: sizes are compared with the manifest from the central directory
 * before anything is inflated, entries are hashed as streams, and only the manifest and HTML/CSS files
 * up to {@link MAX_TEXT_BYTES} are held whole (for parsing).
 */
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { ZipReader, type ZipEntry } from '../zip/reader.js';
import { unsafeEntryName } from '../sites/import/zip.js';
import type { DeploymentKind } from './contract.js';
import type { EgressProof } from './egressProof.js';
import { MANIFEST_FILE, manifestSchema, type Manifest } from './manifest.js';
import { MANIFEST_SCRIPT_FILE, SIGNATURE_FILE, type TrustedKey } from './signature.js';
import { checkSignature } from './verifySignature.js';
import {
  hasScheme,
  isExternalReference,
  isSelfContained,
  parseHtml,
  visitCssRefs,
  visitHtmlRefs,
  type RefKind,
} from './refs.js';

/** The verdict on a bundle. */
export interface VerifyReport {
  readonly ok: boolean;
  /** Everything wrong, one sentence each, in a stable order. */
  readonly problems: string[];
  /** Files checked (the manifest's own entry included). */
  readonly files: number;
  readonly pages: number;
  readonly domain: string | null;
  readonly deployment: DeploymentKind | null;
  /** The version label the export was tagged with (manifest `versionLabel`), or null. */
  readonly versionLabel: string | null;
  /** The Offprint version that wrote the bundle, or null when the manifest is unreadable. */
  readonly offprintVersion: string | null;
  /**
   * The fingerprint of the key whose valid signature the manifest carries, or null (also when it is not
   * the key the person named: that is a problem, and `keyPinned` is false).
   */
  readonly signedBy: string | null;
  /** True when that key is the one the person named (`--public-key`/`--fingerprint`). */
  readonly keyPinned: boolean;
  /** When the export was asked for (manifest `createdAt`), or null. */
  readonly createdAt: string | null;
  readonly chromiumVersion: string | null;
  /** The zero-egress proof the signed manifest carries, or null. */
  readonly egressProof: EgressProof | null;
}

/** The manifest's own files: made from it, so not listed in it. */
const SIGNED_FILES = new Set([MANIFEST_FILE, SIGNATURE_FILE, MANIFEST_SCRIPT_FILE]);

/** Largest manifest, HTML or CSS file read whole; a larger one is a problem (no real page is that big). */
export const MAX_TEXT_BYTES = 64 * 1024 * 1024;
/** Most entries listed; a bundle of the largest docs sites has a few thousand. */
export const MAX_BUNDLE_ENTRIES = 500_000;

const S_IFMT = 0o170000;
const REGULAR = 0o100000;
const DIRECTORY = 0o040000;

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Why a reference in bundle file `file` does not resolve inside the bundle, or null when it does. */
export function referenceProblem(url: string, kind: RefKind, file: string, files: ReadonlySet<string>): string | null {
  if (isSelfContained(url)) return null;
  if (isExternalReference(url)) return kind === 'link' ? null : `loads ${url} from outside the bundle`;
  if (hasScheme(url)) return `refers to ${url} (not a bundle file)`;
  if (url.startsWith('/')) return `refers to ${url} by an absolute path (breaks when opened from disk)`;
  const path = url.split(/[?#]/)[0] ?? '';
  if (path === '') return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return `refers to ${url}, which is not a valid URL`;
  }
  const target = posix.normalize(posix.join(posix.dirname(file), decoded));
  if (target.startsWith('../') || target === '..') return `refers to ${url}, outside the bundle`;
  if (decoded.endsWith('/') || !files.has(target)) return `refers to ${url}, which is not in the bundle`;
  return null;
}

function entryProblems(entries: Iterable<ZipEntry>, problems: string[]): Map<string, ZipEntry> {
  const byName = new Map<string, ZipEntry>();
  for (const entry of entries) {
    const why = unsafeEntryName(entry.name);
    if (why !== undefined) problems.push(`entry "${entry.name}" ${why}: it would escape the bundle folder`);
    const type = (entry.externalAttr >>> 16) & S_IFMT;
    if (type === 0o120000) problems.push(`entry "${entry.name}" is a symbolic link`);
    else if (type !== 0 && type !== REGULAR && type !== DIRECTORY) {
      problems.push(`entry "${entry.name}" is not a regular file`);
    }
    if (entry.encrypted) problems.push(`entry "${entry.name}" is encrypted`);
    if (entry.isDirectory) continue;
    if (byName.has(entry.name)) problems.push(`entry "${entry.name}" appears twice`);
    else if (why === undefined) byName.set(entry.name, entry);
  }
  return byName;
}

/** The manifest as read: parsed, and its exact bytes (what the signature covers). */
export interface ReadManifest {
  readonly manifest: Manifest;
  readonly bytes: Buffer;
}

async function readManifest(
  zip: ZipReader,
  entry: ZipEntry | undefined,
  problems: string[],
): Promise<ReadManifest | null> {
  if (entry === undefined) {
    problems.push(`${MANIFEST_FILE} is missing`);
    return null;
  }
  let json: unknown;
  let bytes: Buffer;
  try {
    bytes = await zip.read(entry, MAX_TEXT_BYTES);
    json = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    problems.push(`${MANIFEST_FILE} is not valid JSON (${message(error)})`);
    return null;
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push(`${MANIFEST_FILE}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    }
    return null;
  }
  return { manifest: parsed.data, bytes };
}

async function sha256Of(zip: ZipReader, entry: ZipEntry): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of zip.stream(entry)) hash.update(Buffer.isBuffer(chunk) ? chunk : String(chunk));
  return hash.digest('hex');
}

/** Checks one described file: its declared size first (no inflating), then its hash as a stream. */
async function checkFile(zip: ZipReader, entry: ZipEntry, described: Manifest['files'][number], problems: string[]) {
  if (entry.size !== described.size) {
    problems.push(`${described.path} has ${entry.size} bytes, the manifest says ${described.size}`);
    return;
  }
  let digest: string;
  try {
    digest = await sha256Of(zip, entry);
  } catch (error) {
    problems.push(`${described.path} cannot be read (${message(error)})`);
    return;
  }
  if (digest !== described.sha256) problems.push(`${described.path} does not match its SHA-256 in the manifest`);
}

async function checkManifest(zip: ZipReader, manifest: Manifest, byName: Map<string, ZipEntry>, problems: string[]) {
  const listed = new Set<string>();
  for (const described of manifest.files) {
    if (listed.has(described.path)) problems.push(`${MANIFEST_FILE} lists ${described.path} twice`);
    listed.add(described.path);
    const entry = byName.get(described.path);
    if (entry === undefined) problems.push(`${described.path} is in the manifest but not in the bundle`);
    else await checkFile(zip, entry, described, problems);
  }
  for (const page of manifest.pages) {
    if (!listed.has(page.file)) problems.push(`page ${page.path}: its file ${page.file} is not in the manifest`);
  }
  for (const name of byName.keys()) {
    if (!SIGNED_FILES.has(name) && !listed.has(name)) problems.push(`${name} is in the bundle but not in the manifest`);
  }
}

function checkReferences(file: string, data: Buffer, files: ReadonlySet<string>, problems: string[]): void {
  const found: string[] = [];
  const visit = (url: string, kind: RefKind): string => {
    const why = referenceProblem(url, kind, file, files);
    if (why !== null) found.push(`${file} ${why}`);
    return url;
  };
  if (file.endsWith('.html') || file.endsWith('.htm')) visitHtmlRefs(parseHtml(data.toString('utf8')), visit);
  else if (file.endsWith('.css')) visitCssRefs(data.toString('utf8'), visit);
  problems.push(...new Set(found));
}

async function checkAllReferences(zip: ZipReader, byName: Map<string, ZipEntry>, problems: string[]) {
  const present = new Set(byName.keys());
  for (const [name, entry] of byName) {
    if (!/\.(html?|css)$/i.test(name)) continue;
    if (entry.size > MAX_TEXT_BYTES) {
      problems.push(`${name} has ${entry.size} bytes, more than the ${MAX_TEXT_BYTES} a page or stylesheet may have`);
      continue;
    }
    try {
      checkReferences(name, await zip.read(entry, MAX_TEXT_BYTES), present, problems);
    } catch (error) {
      problems.push(`${name} cannot be read (${message(error)})`);
    }
  }
}

function failed(problems: string[]): VerifyReport {
  return {
    ok: false,
    problems,
    files: 0,
    pages: 0,
    domain: null,
    deployment: null,
    versionLabel: null,
    offprintVersion: null,
    signedBy: null,
    keyPinned: false,
    createdAt: null,
    chromiumVersion: null,
    egressProof: null,
  };
}

/**
 * Checks the bundle at `zipFile`: the signature first (against `trusted` when given), then every file;
 * never throws for a bad bundle (its problems are the report).
 */
export async function verifyBundle(zipFile: string, trusted: TrustedKey = {}): Promise<VerifyReport> {
  const problems: string[] = [];
  let zip: ZipReader;
  let byName: Map<string, ZipEntry>;
  try {
    zip = ZipReader.open(zipFile);
  } catch (error) {
    return failed([`${zipFile} is not a readable zip file (${message(error)})`]);
  }
  try {
    try {
      byName = entryProblems(zip.entries(MAX_BUNDLE_ENTRIES), problems);
    } catch (error) {
      return failed([`${zipFile} is not a readable zip file (${message(error)})`]);
    }
    const read = await readManifest(zip, byName.get(MANIFEST_FILE), problems);
    const manifest = read?.manifest ?? null;
    const signature =
      read === null ? { signedBy: null, pinned: false } : await checkSignature(zip, read, byName, trusted, problems);
    if (manifest !== null) await checkManifest(zip, manifest, byName, problems);
    await checkAllReferences(zip, byName, problems);
    return {
      ok: problems.length === 0,
      problems,
      files: byName.size,
      pages: manifest?.pages.length ?? 0,
      domain: manifest?.domain ?? null,
      deployment: manifest?.deployment ?? null,
      versionLabel: manifest?.versionLabel ?? null,
      offprintVersion: manifest?.offprintVersion ?? null,
      signedBy: signature.signedBy,
      keyPinned: signature.pinned,
      createdAt: manifest?.createdAt ?? null,
      chromiumVersion: manifest?.chromiumVersion ?? null,
      egressProof: manifest?.egressProof ?? null,
    };
  } finally {
    zip.close();
  }
}
