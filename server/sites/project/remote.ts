/**
 * Remote assets packed by `offprint pack` (server/pack): the lock file's schema, and reading it back at
 * import. A project references images, videos, fonts and OpenAPI specs by `https://` URL; offline they
 * cannot load. Packing stores a copy of each under {@link REMOTE_DIR} and lists it in {@link REMOTE_LOCK}
 * (URL -> path, sha256, size, content type); the author's own files are never rewritten. The loader
 * trusts an entry only when its file is there with the recorded hash, so a hand-edited or truncated
 * pack degrades to the placeholder a remote asset gets anyway, with a problem saying why.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { SiteProblem } from './model.js';
import type { SiteSettings } from './settingsModel.js';
import { readProjectBytes } from './read.js';

/**
 * The reserved folder of packed copies. Not a dot folder (the project reader, the site servers and the
 * export skip hidden files, and these must be served and bundled like any project asset), and not under
 * `/_offprint/`, the theme's own URLs.
 */
export const REMOTE_DIR = '_offprint-remote';
/** The lock file, next to the packed copies. */
export const REMOTE_LOCK = '_offprint-remote/lock.json';
/** The lock format this Offprint writes and reads. */
export const REMOTE_LOCK_VERSION = 1;
/** Largest lock file read (a lock lists URLs, not content: 50,000 entries fit easily). */
const MAX_LOCK_BYTES = 16 * 1024 * 1024;

/** What a remote URL is used as; decides the content types accepted and the size cap. */
export const RemoteKindSchema = z.enum(['image', 'video', 'font', 'spec']);
/** See {@link RemoteKindSchema}. */
export type RemoteKind = z.infer<typeof RemoteKindSchema>;

const PACKED_PATH = /^_offprint-remote\/[0-9a-f]{64}\.[a-z0-9]{1,8}$/;

/** One packed asset. */
export const RemoteLockEntrySchema = z.strictObject({
  /** The URL exactly as the project writes it (the key every lookup uses). */
  url: z.string().min(1),
  kind: RemoteKindSchema,
  /** Project-relative path of the copy: `_offprint-remote/<sha256>.<ext>`. */
  path: z.string().regex(PACKED_PATH, 'must be _offprint-remote/<sha256>.<ext>'),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  size: z.number().int().nonnegative(),
  contentType: z.string(),
  /** The URL the bytes finally came from, after redirects. */
  fetchedFrom: z.string(),
});
/** See {@link RemoteLockEntrySchema}. */
export type RemoteLockEntry = z.infer<typeof RemoteLockEntrySchema>;

/** A URL the pack could not fetch, and why (kept in the lock so the gap stays visible offline). */
export const RemoteLockFailureSchema = z.strictObject({
  url: z.string().min(1),
  /** What the project uses it as (`media`: an image or video, which the response would have told). */
  kind: z.enum(['media', 'font', 'spec']),
  reason: z.string(),
});
/** See {@link RemoteLockFailureSchema}. */
export type RemoteLockFailure = z.infer<typeof RemoteLockFailureSchema>;

/** `_offprint-remote/lock.json`: entries and failures, each sorted by URL (deterministic bytes). */
export const RemoteLockSchema = z.strictObject({
  schemaVersion: z.literal(REMOTE_LOCK_VERSION),
  entries: z.array(RemoteLockEntrySchema),
  failures: z.array(RemoteLockFailureSchema),
});
/** See {@link RemoteLockSchema}. */
export type RemoteLock = z.infer<typeof RemoteLockSchema>;

/** A packed copy as the model holds it. */
export interface PackedAsset {
  readonly kind: RemoteKind;
  /** Project-relative path of the copy. */
  readonly path: string;
  readonly contentType: string;
}

/** The packed copies of a project by URL as written, and problems with the lock. */
export interface RemoteAssets {
  readonly assets: ReadonlyMap<string, PackedAsset>;
  readonly problems: readonly SiteProblem[];
}

/** An http(s) or protocol-relative URL: hosted elsewhere. */
export function isRemoteUrl(url: string): boolean {
  return /^(https?:)?\/\//i.test(url.trim());
}

function lockProblem(message: string): SiteProblem {
  return { code: 'remote-asset', file: REMOTE_LOCK, message };
}

function parseLock(text: string): { lock?: RemoteLock; problem?: SiteProblem } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: lockProblem('the lock file is not JSON; packed copies are not used') };
  }
  const parsed = RemoteLockSchema.safeParse(json);
  if (parsed.success) return { lock: parsed.data };
  const first = parsed.error.issues[0];
  const where = first === undefined ? '' : ` (${first.path.join('.') || 'root'}: ${first.message})`;
  return { problem: lockProblem(`the lock file is not a valid lock${where}; packed copies are not used`) };
}

function checkEntry(root: string, entry: RemoteLockEntry): SiteProblem | undefined {
  const bytes = readProjectBytes(root, entry.path, entry.size);
  if (bytes === null) return lockProblem(`${entry.url}: the packed copy ${entry.path} is missing; not used`);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (sha256 !== entry.sha256 || bytes.length !== entry.size) {
    return lockProblem(`${entry.url}: the packed copy ${entry.path} does not match its sha256; not used`);
  }
  return undefined;
}

/**
 * The packed copies of the project at `root`: none when it has no lock; entries whose file is missing
 * or altered are left out with a problem each, and so is a lock that does not validate.
 */
export function readRemoteAssets(root: string): RemoteAssets {
  const bytes = readProjectBytes(root, REMOTE_LOCK, MAX_LOCK_BYTES);
  if (bytes === null) return { assets: new Map(), problems: [] };
  const { lock, problem } = parseLock(bytes.toString('utf8'));
  if (lock === undefined) return { assets: new Map(), problems: problem === undefined ? [] : [problem] };
  const assets = new Map<string, PackedAsset>();
  const problems: SiteProblem[] = [];
  for (const entry of lock.entries) {
    const bad = checkEntry(root, entry);
    if (bad !== undefined) problems.push(bad);
    else assets.set(entry.url, { kind: entry.kind, path: entry.path, contentType: entry.contentType });
  }
  return { assets, problems };
}

/** The problem of a remote asset the project uses that has no packed copy. */
export function unpackedProblem(file: string, url: string, what: string, keyPath?: string): SiteProblem {
  return {
    code: 'remote-asset',
    file,
    ...(keyPath === undefined ? {} : { keyPath }),
    message:
      `${url}: ${what} hosted elsewhere cannot load offline; ` +
      'run `offprint pack` on a connected machine and import its zip',
  };
}

/**
 * The problem of a web page hosted elsewhere that a page embeds (`<iframe>`): offline the page shows a link
 * to it. Not sent to `offprint pack`, which fetches files (a player page would not play from a copy).
 */
export function embeddedProblem(file: string, url: string): SiteProblem {
  return {
    code: 'remote-asset',
    file,
    message: `${url}: a web page embedded from elsewhere cannot load offline; readers get a link to it instead`,
  };
}

/**
 * Settings whose remote logo and favicon point at their packed copies (`/_offprint-remote/...`); the
 * ones with no copy stay as written (the theme leaves them out) and are listed as problems.
 */
export function withPackedSettings(
  settings: SiteSettings,
  assets: ReadonlyMap<string, PackedAsset>,
  configFile: string,
): { settings: SiteSettings; problems: SiteProblem[] } {
  const problems: SiteProblem[] = [];
  const reported = new Set<string>();
  const local = (url: string, keyPath: string): string => {
    if (!isRemoteUrl(url)) return url;
    const packed = assets.get(url.trim());
    if (packed?.kind === 'image') return `/${packed.path}`;
    if (!reported.has(url)) problems.push(unpackedProblem(configFile, url, 'an image', keyPath));
    reported.add(url);
    return url;
  };
  const { logo, favicon } = settings;
  return {
    settings: {
      ...settings,
      ...(logo === undefined
        ? {}
        : { logo: { ...logo, light: local(logo.light, 'logo.light'), dark: local(logo.dark, 'logo.dark') } }),
      ...(favicon === undefined
        ? {}
        : { favicon: { light: local(favicon.light, 'favicon.light'), dark: local(favicon.dark, 'favicon.dark') } }),
    },
    problems,
  };
}
