/**
 * Author-written `#fragment` links of a docs project checked against the rendered pages: every page is
 * rendered the way the server renders it (renderPageSource, in the render sandbox), its element ids are
 * collected, and each same-page `#x` or `/page#x` link whose target exists in the target page's source
 * (a heading, a titled component or an explicit id, compared ignoring case and punctuation, so the
 * check does not depend on the slug algorithm under test) must land on an element of the rendered page:
 * its id, or (as the site's script resolves a hash, theme/client/anchors.ts) an id or GitHub-style alias
 * (`data-op-alias`) equal to it ignoring case.
 */
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { loadSiteProject } from '../../server/sites/project/model.js';
import { renderPageSource } from '../../server/sites/sandbox/page.js';

/** One link whose target exists in the source but names no element of the rendered page. */
export interface MissingAnchor {
  readonly page: string;
  readonly href: string;
}

/** What {@link checkFragmentLinks} found. */
export interface FragmentReport {
  readonly pages: number;
  /** Author links to an anchor whose target exists in the source. */
  readonly checked: number;
  readonly missing: MissingAnchor[];
}

/** Letters and digits only, lower-cased: the same for a heading's text and any slug of it. */
function looseKey(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The loose keys of everything in `source` a fragment may target. */
export function sourceTargets(source: string): Set<string> {
  const keys = new Set<string>();
  const body = source.replace(/^(```|~~~)[^\n]*\n[\s\S]*?\n\1[^\n]*$/gm, '');
  for (const match of body.matchAll(/^\s*#{1,6}\s+(.+?)\s*(?:\{#([^}]+)\})?\s*$/gm)) {
    keys.add(looseKey((match[1] ?? '').replace(/\]\([^)]*\)/g, ']')));
    if (match[2] !== undefined) keys.add(looseKey(match[2]));
  }
  const attrs = /\b(?:title|id|name|path|body|query|header|param)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  for (const match of body.matchAll(attrs)) keys.add(looseKey(match[1] ?? match[2] ?? ''));
  keys.delete('');
  return keys;
}

/**
 * Whether `fragment` names something `keys` (a page's {@link sourceTargets}) holds: as written, as the
 * repeat of a title (`-1`, `-2` appended) or as a field (`param-` before the name).
 */
export function targetExists(keys: ReadonlySet<string>, fragment: string): boolean {
  const bare = fragment.replace(/^param-/, '');
  return [fragment, fragment.replace(/-\d+$/, ''), bare].some((f) => keys.has(looseKey(f)));
}

/** A permalink the renderer adds to a heading or component (`#x` inside the element with id `x`). */
function selfLink(a: HTMLElement): boolean {
  const href = a.getAttribute('href') ?? '';
  if (!href.startsWith('#')) return false;
  const id = decode(href.slice(1));
  for (let el = a.parentNode; el !== null && el !== undefined; el = el.parentNode) {
    if (el.getAttribute?.('id') === id) return true;
  }
  return false;
}

/** The target page path and fragment of `href` found on page `from`, or null for other links. */
function target(from: string, href: string): { page: string; fragment: string } | null {
  const at = href.indexOf('#');
  if (at < 0 || /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(href)) return null;
  const fragment = decode(href.slice(at + 1));
  const rawPath = href.slice(0, at).split('?')[0] ?? '';
  if (fragment === '') return null;
  if (rawPath === '') return { page: from, fragment };
  const joined = rawPath.startsWith('/') ? rawPath : posix.join(posix.dirname(`/${from}`), rawPath);
  const path = posix
    .normalize(decode(joined))
    .replace(/^\/+|\/+$/g, '')
    .replace(/\.mdx?$/, '');
  return { page: path === '' ? 'index' : path, fragment };
}

/** Renders every page of the project at `rootDir` and checks its authors' fragment links. */
export async function checkFragmentLinks(rootDir: string): Promise<FragmentReport> {
  const model = loadSiteProject(rootDir);
  const ids = new Map<string, Set<string>>();
  const aliases = new Map<string, Set<string>>();
  const links = new Map<string, string[]>();
  const sources = new Map<string, Set<string>>();
  for (const page of model.pages.values()) {
    const rendered = await renderPageSource(model, rootDir, page);
    const root = parse(rendered.html);
    const loose = root
      .querySelectorAll('[id], [data-op-alias]')
      .flatMap((el) => [(el.getAttribute('id') ?? '').toLowerCase(), el.getAttribute('data-op-alias') ?? '']);
    ids.set(page.path, new Set(root.querySelectorAll('[id]').map((el) => el.getAttribute('id') ?? '')));
    aliases.set(page.path, new Set(loose.filter((key) => key !== '')));
    links.set(
      page.path,
      root
        .querySelectorAll('a[href]')
        .filter((a) => !selfLink(a))
        .map((a) => a.getAttribute('href') ?? ''),
    );
    const source = page.file === null ? '' : readFileSync(join(rootDir, page.file), 'utf8');
    sources.set(page.path, sourceTargets(source));
  }
  let checked = 0;
  const missing: MissingAnchor[] = [];
  for (const [page, hrefs] of links) {
    for (const href of hrefs) {
      const t = target(page, href);
      const targetIds = t === null ? undefined : ids.get(t.page);
      const keys = t === null ? undefined : sources.get(t.page);
      if (t === null || targetIds === undefined || keys === undefined || !targetExists(keys, t.fragment)) continue;
      checked += 1;
      const lands = targetIds.has(t.fragment) || aliases.get(t.page)?.has(t.fragment.toLowerCase()) === true;
      if (!lands) missing.push({ page, href });
    }
  }
  return { pages: ids.size, checked, missing };
}
