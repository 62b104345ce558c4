/**
 * Listing a project's files: which are pages, snippets, candidate OpenAPI specs, and which exist at all
 * (for asset checks). Rules (format reference §1, §3.3, §10.2):
 * - folders and files whose name starts with `.` are skipped, as is `node_modules` (Mintlify's defaults
 *   ignore `.git`, `.github`, `.claude`, `.agents`, `.idea`, `node_modules`);
 * - `.mintignore` patterns (gitignore syntax: `dir/`, `*.draft.mdx`, `/anchored`, `**`, `!negation`)
 *   remove files completely;
 * - every `.mdx`/`.md` file is a page, except files under `snippets/` (or `_snippets/`, where older
 *   projects keep the files `<Snippet file>` includes) and the repository files at the
 *   root that Mintlify ignores (`README.md`, `LICENSE.md`, `CHANGELOG.md`, `CONTRIBUTING.md`) plus the
 *   agent-instruction files `AGENTS.md` and `CLAUDE.md` (tool configuration, never docs content).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The files of a project, as project-relative `/`-separated paths, sorted. */
export interface ProjectFiles {
  /** Every non-ignored file. */
  readonly all: ReadonlySet<string>;
  /** Page files (`.mdx` / `.md`). */
  readonly pages: readonly string[];
  /** Files under `snippets/` and `_snippets/`. */
  readonly snippets: readonly string[];
  /** `.json` / `.yaml` / `.yml` files that may be OpenAPI documents. */
  readonly specCandidates: readonly string[];
}

const NOT_PAGES_AT_ROOT = new Set([
  'readme.md',
  'license.md',
  'changelog.md',
  'contributing.md',
  'agents.md',
  'claude.md',
]);
const CONFIG_FILES = new Set(['docs.json', 'mint.json', 'package.json', 'package-lock.json', 'tsconfig.json']);

interface IgnoreRule {
  readonly negate: boolean;
  readonly dirOnly: boolean;
  readonly regex: RegExp;
}

function globToRegex(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob.charAt(i);
    if (c === '*' && glob.charAt(i + 1) === '*') {
      // `**/` matches any number of folders, a trailing `**` anything below.
      out += glob.charAt(i + 2) === '/' ? '(?:.*/)?' : '.*';
      i += glob.charAt(i + 2) === '/' ? 2 : 1;
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else out += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return out;
}

/** Parses `.mintignore` text into rules. */
export function parseIgnore(text: string): IgnoreRule[] {
  const rules: IgnoreRule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    let line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const negate = line.startsWith('!');
    if (negate) line = line.slice(1);
    const dirOnly = line.endsWith('/');
    line = line.replace(/\/+$/, '');
    const anchored = line.includes('/');
    line = line.replace(/^\/+/, '');
    if (line === '') continue;
    const body = globToRegex(line);
    rules.push({ negate, dirOnly, regex: new RegExp(anchored ? `^${body}$` : `^(?:.*/)?${body}$`) });
  }
  return rules;
}

/** Whether `path` (project-relative) is ignored by `rules`; the last matching rule wins. */
export function isIgnored(rules: readonly IgnoreRule[], path: string, isDir: boolean): boolean {
  let ignored = false;
  for (const rule of rules) {
    if (rule.dirOnly && !isDir) continue;
    if (rule.regex.test(path)) ignored = !rule.negate;
  }
  return ignored;
}

function readIgnore(rootDir: string): IgnoreRule[] {
  try {
    return parseIgnore(readFileSync(join(rootDir, '.mintignore'), 'utf8'));
  } catch {
    return [];
  }
}

/** Walks `rootDir` and classifies its files. Symbolic links are not followed. */
export function listProjectFiles(rootDir: string): ProjectFiles {
  const rules = readIgnore(rootDir);
  const all: string[] = [];
  const walk = (dir: string, rel: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!isIgnored(rules, path, true)) walk(join(dir, entry.name), path);
      } else if (entry.isFile() && !isIgnored(rules, path, false)) {
        all.push(path);
      }
    }
  };
  walk(rootDir, '');
  all.sort();
  const pages: string[] = [];
  const snippets: string[] = [];
  const specCandidates: string[] = [];
  for (const path of all) {
    const lower = path.toLowerCase();
    if (path.startsWith('snippets/') || path.startsWith('_snippets/')) snippets.push(path);
    else if (/\.mdx?$/.test(lower) && !NOT_PAGES_AT_ROOT.has(lower)) pages.push(path);
    if (/\.(json|ya?ml)$/.test(lower) && !CONFIG_FILES.has(lower)) specCandidates.push(path);
  }
  return { all: new Set(all), pages, snippets, specCandidates };
}

/** The page path of a page file: without extension (`guides/a.mdx` -> `guides/a`). */
export function pagePathOf(file: string): string {
  return file.replace(/\.mdx?$/i, '');
}

/** The URL of a page path: `/` for the root `index`, else `/` + path. */
export function pageUrlOf(path: string): string {
  return path === 'index' ? '/' : `/${path}`;
}
