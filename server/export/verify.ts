/**
 * `offprint verify`: proves a bundle complete, untouched and closed. Every entry must be listed in the
 * manifest with its size and SHA-256 (nothing missing, nothing extra); no entry may escape the bundle
 * folder (`..`, absolute paths, drive letters, backslashes, links or other special files); and no HTML
 * or CSS file may refer to anything outside the bundle: every reference resolves to a bundle file, or
 * is an anchor, `mailto:`, `tel:` or `data:`, or an external http(s) *link* (never a loaded resource).
 */
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import AdmZip from 'adm-zip';
import { unsafeEntryName } from '../sites/import/zip.js';
import { MANIFEST_FILE, manifestSchema, type Manifest } from './manifest.js';
import { isExternalUrl, isSelfContained, parseHtml, visitCssRefs, visitHtmlRefs, type RefKind } from './refs.js';

/** The verdict on a bundle. */
export interface VerifyReport {
  readonly ok: boolean;
  /** Everything wrong, one sentence each, in a stable order. */
  readonly problems: string[];
  /** Files checked (the manifest's own entry included). */
  readonly files: number;
  readonly pages: number;
  readonly domain: string | null;
  readonly deployment: string | null;
}

const S_IFMT = 0o170000;
const REGULAR = 0o100000;
const DIRECTORY = 0o040000;

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Why a reference in bundle file `file` does not resolve inside the bundle, or null when it does. */
export function referenceProblem(url: string, kind: RefKind, file: string, files: ReadonlySet<string>): string | null {
  if (isSelfContained(url)) return null;
  if (isExternalUrl(url)) return kind === 'link' ? null : `loads ${url} from outside the bundle`;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return `refers to ${url} (not a bundle file)`;
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

function entryProblems(entries: readonly AdmZip.IZipEntry[], problems: string[]): Map<string, AdmZip.IZipEntry> {
  const byName = new Map<string, AdmZip.IZipEntry>();
  for (const entry of entries) {
    const names = new Set([entry.entryName, entry.rawEntryName.toString('utf8')]);
    let safe = true;
    for (const name of names) {
      const why = unsafeEntryName(name);
      if (why !== undefined) {
        problems.push(`entry "${name}" ${why}: it would escape the bundle folder`);
        safe = false;
      }
    }
    const type = (entry.header.attr >>> 16) & S_IFMT;
    if (type === 0o120000) problems.push(`entry "${entry.entryName}" is a symbolic link`);
    else if (type !== 0 && type !== REGULAR && type !== DIRECTORY) {
      problems.push(`entry "${entry.entryName}" is not a regular file`);
    }
    if (entry.header.encrypted) problems.push(`entry "${entry.entryName}" is encrypted`);
    if (entry.isDirectory) continue;
    if (byName.has(entry.entryName)) problems.push(`entry "${entry.entryName}" appears twice`);
    else if (safe) byName.set(entry.entryName, entry);
  }
  return byName;
}

function readManifest(entry: AdmZip.IZipEntry | undefined, problems: string[]): Manifest | null {
  if (entry === undefined) {
    problems.push(`${MANIFEST_FILE} is missing`);
    return null;
  }
  let json: unknown;
  try {
    json = JSON.parse(entry.getData().toString('utf8'));
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
  return parsed.data;
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

/** Checks the bundle at `zipFile`; never throws for a bad bundle (its problems are the report). */
export function verifyBundle(zipFile: string): VerifyReport {
  const problems: string[] = [];
  let entries: AdmZip.IZipEntry[];
  try {
    entries = new AdmZip(zipFile).getEntries();
  } catch (error) {
    problems.push(`${zipFile} is not a readable zip file (${message(error)})`);
    return { ok: false, problems, files: 0, pages: 0, domain: null, deployment: null };
  }
  const byName = entryProblems(entries, problems);
  const manifest = readManifest(byName.get(MANIFEST_FILE), problems);
  const listed = new Set<string>();
  if (manifest !== null) {
    for (const described of manifest.files) {
      if (listed.has(described.path)) problems.push(`${MANIFEST_FILE} lists ${described.path} twice`);
      listed.add(described.path);
      const entry = byName.get(described.path);
      if (entry === undefined) {
        problems.push(`${described.path} is in the manifest but not in the bundle`);
        continue;
      }
      let data: Buffer;
      try {
        data = entry.getData();
      } catch (error) {
        problems.push(`${described.path} cannot be read (${message(error)})`);
        continue;
      }
      if (data.length !== described.size) {
        problems.push(`${described.path} has ${data.length} bytes, the manifest says ${described.size}`);
      }
      if (createHash('sha256').update(data).digest('hex') !== described.sha256) {
        problems.push(`${described.path} does not match its SHA-256 in the manifest`);
      }
    }
    for (const page of manifest.pages) {
      if (!listed.has(page.file)) problems.push(`page ${page.path}: its file ${page.file} is not in the manifest`);
    }
    for (const name of byName.keys()) {
      if (name !== MANIFEST_FILE && !listed.has(name))
        problems.push(`${name} is in the bundle but not in the manifest`);
    }
  }
  const present = new Set(byName.keys());
  for (const [name, entry] of byName) {
    if (!/\.(html?|css)$/i.test(name)) continue;
    try {
      checkReferences(name, entry.getData(), present, problems);
    } catch (error) {
      problems.push(`${name} cannot be read (${message(error)})`);
    }
  }
  return {
    ok: problems.length === 0,
    problems,
    files: byName.size,
    pages: manifest?.pages.length ?? 0,
    domain: manifest?.domain ?? null,
    deployment: manifest?.deployment ?? null,
  };
}
