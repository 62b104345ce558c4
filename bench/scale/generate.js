#!/usr/bin/env node
/**
 * `bench/scale/generate.js`: builds a large Mintlify project from the novu fixture (read in place) by
 * copying its navigation pages under prefixes (`copy-001/...`, `copy-002/...`), each copy distinct in its
 * page titles and navigation group names, with a `docs.json` whose navigation covers every copied page.
 * Links between pages are rewritten into the same copy, so the import reports no more broken links than the
 * fixture does; images, logo and favicon are shared at the root (one copy).
 *
 * Usage: node bench/scale/generate.js [--pages 2000] [--out DIR] [--fixture DIR]
 * Prints the folder it wrote (default: bench/.data/scale-N, gitignored). Also importable: `generateProject`.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { parseArgs } from 'node:util';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Where the novu fixture lives on the shared machine. */
export const DEFAULT_FIXTURE = resolve(REPO_ROOT, '../shared/fixtures/novu-docs');

/** Three-digit copy label: copy numbers sort the same as strings up to 999 copies. */
const label = (/** @type {number} */ copy) => String(copy).padStart(3, '0');

/**
 * Every page path of a navigation value, in order (strings in `pages`, nested groups, tabs, anchors...).
 * @param {unknown} node
 * @param {string[]} out
 */
function collectPages(node, out) {
  if (typeof node === 'string') out.push(node);
  else if (Array.isArray(node)) for (const item of node) collectPages(item, out);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (['pages', 'groups', 'tabs', 'anchors', 'dropdowns', 'versions', 'languages'].includes(key)) {
        collectPages(value, out);
      }
    }
  }
  return out;
}

/**
 * The navigation of one copy: the fixture's groups with pages prefixed and group names suffixed; pages
 * past `keep` (a set of page paths) dropped, and groups left empty dropped with them.
 * @param {unknown} node
 * @param {string} prefix
 * @param {string} suffix
 * @param {Set<string>} keep
 * @returns {unknown}
 */
function copyNavigation(node, prefix, suffix, keep) {
  if (typeof node === 'string') return keep.has(node) ? `${prefix}/${node}` : undefined;
  if (Array.isArray(node)) {
    return node.map((item) => copyNavigation(item, prefix, suffix, keep)).filter((item) => item !== undefined);
  }
  if (!node || typeof node !== 'object') return node;
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'group') out[key] = `${value}${suffix}`;
    else if (key === 'pages' || key === 'groups') out[key] = copyNavigation(value, prefix, suffix, keep);
    else out[key] = value;
  }
  const children = /** @type {unknown[] | undefined} */ (out.pages ?? out.groups);
  return children && children.length === 0 ? undefined : out;
}

/**
 * One page's text for a copy: title (and sidebar title) suffixed, links to the fixture's page folders
 * pointed into the same copy.
 * @param {string} text
 * @param {string} prefix
 * @param {string} suffix
 * @param {RegExp} linkPattern
 */
function copyPage(text, prefix, suffix, linkPattern) {
  let out = text.replace(linkPattern, (_match, lead, path) => `${lead}/${prefix}/${path}`);
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(out);
  if (front) {
    const body = front[1].replace(
      /^(title|sidebarTitle):\s*(["']?)(.*?)\2\s*$/gm,
      (_m, key, quote, value) => `${key}: ${quote || '"'}${value}${suffix}${quote || '"'}`,
    );
    const withTitle = /^title:/m.test(body) ? body : `${body}\ntitle: "Page${suffix}"`;
    out = `---\n${withTitle}\n---${out.slice(front[0].length)}`;
  } else {
    out = `---\ntitle: "Page${suffix}"\n---\n\n${out}`;
  }
  return out;
}

/** The file of a navigation page in the fixture (`.mdx`, else `.md`), or undefined. */
function pageFile(fixture, page) {
  for (const ext of ['.mdx', '.md']) {
    if (existsSync(join(fixture, page + ext))) return page + ext;
  }
  return undefined;
}

/**
 * Writes a project of `pages` navigation pages built from copies of the fixture into `out` (emptied
 * first) and returns what it wrote.
 * @param {{ pages: number, out: string, fixture?: string }} options
 */
export function generateProject({ pages, out, fixture = DEFAULT_FIXTURE }) {
  const config = JSON.parse(readFileSync(join(fixture, 'docs.json'), 'utf8'));
  const source = [...new Set(collectPages(config.navigation, []))].filter((page) => pageFile(fixture, page));
  const roots = [...new Set(source.map((page) => page.split('/')[0]))].map((r) => r.replace(/[-]/g, '\\-'));
  const linkPattern = new RegExp(`(\\]\\(|href=["'{\`]*)/((?:${roots.join('|')})(?=[/#?)"'\`\\s]|$))`, 'g');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  for (const shared of ['images', 'logo', 'favicon.svg']) {
    if (existsSync(join(fixture, shared))) cpSync(join(fixture, shared), join(out, shared), { recursive: true });
  }
  const copies = Math.ceil(pages / source.length);
  const tabs = config.navigation.tabs.map((/** @type {Record<string, unknown>} */ tab) => ({ ...tab, groups: [] }));
  let written = 0;
  for (let copy = 1; copy <= copies; copy++) {
    const prefix = `copy-${label(copy)}`;
    const suffix = ` (copy ${label(copy)})`;
    const keep = new Set(source.slice(0, Math.min(source.length, pages - written)));
    for (const page of keep) {
      const file = /** @type {string} */ (pageFile(fixture, page));
      const target = join(out, prefix, file);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, copyPage(readFileSync(join(fixture, file), 'utf8'), prefix, suffix, linkPattern));
    }
    written += keep.size;
    config.navigation.tabs.forEach((/** @type {{ groups: unknown[] }} */ tab, index) => {
      const groups = /** @type {unknown[]} */ (copyNavigation(tab.groups, prefix, suffix, keep));
      tabs[index].groups.push(...groups);
    });
  }
  // The fixture's redirects point at unprefixed paths that no copy has.
  const docs = {
    ...config,
    name: `${config.name} x${copies}`,
    navigation: { tabs: tabs.filter((t) => t.groups.length) },
  };
  delete docs.redirects;
  writeFileSync(join(out, 'docs.json'), `${JSON.stringify(docs, null, 2)}\n`);
  return { out, pages: written, copies };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { pages: { type: 'string', default: '2000' }, out: { type: 'string' }, fixture: { type: 'string' } },
  });
  const pages = Number(values.pages);
  if (!Number.isInteger(pages) || pages < 1) throw new Error(`--pages must be a positive integer, got ${values.pages}`);
  const out = resolve(values.out ?? join(REPO_ROOT, 'bench/.data', `scale-${pages}`));
  const result = generateProject({ pages, out, fixture: values.fixture ?? DEFAULT_FIXTURE });
  console.log(`Wrote ${result.pages} pages (${result.copies} copies of the novu fixture) to ${result.out}`);
}
