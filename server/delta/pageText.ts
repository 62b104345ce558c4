/**
 * What a reader sees of an exported page, for `offprint diff`: the text of its article (scripts, styles,
 * icons and tags stripped, block elements apart, whitespace collapsed; the sidebar, header and footer
 * left out, since a navigation change would otherwise show on every page), and the ordered links of its
 * sidebar with the group labels above each. Falls back to `<main>`, then `<body>`, for other themes.
 *
 * Read with a linear scan of the tags rather than a DOM: a diff reads every page of both bundles (for
 * their navigation), and building a tree of a 100 KB page with a sidebar of icons costs 100 ms a page.
 */
import { posix } from 'node:path';

/** One link of the sidebar. */
export interface NavLink {
  /** The bundle file it opens (resolved from the page), or the URL itself when it leaves the bundle. */
  readonly target: string;
  /** Group labels then the link's label, as shown: `Getting Started › Overview`. */
  readonly trail: string;
}

const HIDDEN = /<(script|style|noscript|template|svg)\b[\s\S]*?<\/\1\s*>/gi;
const BLOCK = new Set(
  'address article aside blockquote br dd details dialog div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table tbody td tfoot th thead tr ul'.split(
    ' ',
  ),
);
const TOKEN = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|([^<]+|<)/g;
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The text of an HTML fragment: block elements separated, everything else joined as rendered. */
function textOf(html: string): string {
  let out = '';
  for (const match of html.replace(HIDDEN, ' ').matchAll(TOKEN)) {
    const [, , tag, , text] = match;
    if (text !== undefined) out += decode(text);
    else if (tag !== undefined && BLOCK.has(tag.toLowerCase())) out += ' ';
  }
  return collapse(out);
}

/** The fragment from the first `<tag` matching `open` to its matching close tag, or null. */
function element(html: string, open: RegExp, tag: string): string | null {
  const start = html.search(open);
  if (start < 0) return null;
  const tags = new RegExp(`<(/?)${tag}\\b`, 'gi');
  tags.lastIndex = start;
  let depth = 0;
  for (let m = tags.exec(html); m !== null; m = tags.exec(html)) {
    depth += m[1] === '/' ? -1 : 1;
    if (depth === 0) return html.slice(start, html.indexOf('>', m.index) + 1);
  }
  return html.slice(start);
}

/** The article text of the page `html`: what a reader reads, whitespace collapsed. */
export function pageText(html: string): string {
  const content =
    element(html, /<article\b[^>]*class="[^"]*\bop-article\b/i, 'article') ??
    element(html, /<main\b/i, 'main') ??
    element(html, /<body\b/i, 'body') ??
    html;
  return textOf(content);
}

function resolveTarget(href: string, file: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return href;
  const path = href.split(/[?#]/)[0] ?? '';
  if (path === '') return file;
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Kept as written: still comparable between two bundles.
  }
  return posix.normalize(posix.join(posix.dirname(file), decoded));
}

const attr = (attrs: string, name: string): string | undefined =>
  new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i').exec(attrs)?.[1];

/** Walks the sidebar's tags: groups (`op-nav-group` titles, `<details>` summaries) and links inside them. */
class NavWalker {
  readonly links: NavLink[] = [];
  /** Open elements: a group's label once read, or null for any other element. */
  private readonly stack: { tag: string; label: string | null }[] = [];
  private capture: { kind: 'title' | 'link'; text: string; href?: string } | null = null;

  constructor(private readonly file: string) {}

  open(tag: string, attrs: string): void {
    const classes = ` ${attr(attrs, 'class') ?? ''} `;
    const isGroup = classes.includes(' op-nav-group ') || tag === 'details';
    this.stack.push({ tag, label: isGroup ? '' : null });
    // The heading of a group a shared sidebar leaves out (theme/sharedNav.ts) names the group, not a page.
    const href = tag === 'a' && !/\sdata-op-nav-heading\b/.test(attrs) ? attr(attrs, 'href') : undefined;
    // A link inside a group title (its root page) is captured as the link; it labels the group too.
    if (href !== undefined && this.capture?.kind !== 'link') this.capture = { kind: 'link', text: '', href };
    else if (this.capture === null && (classes.includes(' op-nav-group-title ') || tag === 'summary')) {
      this.capture = { kind: 'title', text: '' };
    }
  }

  text(text: string): void {
    if (this.capture !== null) this.capture.text += decode(text);
  }

  close(tag: string): void {
    // Badges (`GET`) and labels are sibling spans: read apart, as they are shown.
    if (tag === 'span' && this.capture !== null) this.capture.text += ' ';
    const groups = this.stack.filter((s) => s.label !== null);
    if (this.capture?.kind === 'link' && tag === 'a') {
      const label = collapse(this.capture.text);
      const trail = groups.map((g) => g.label).filter((l) => l !== '' && l !== label);
      this.links.push({
        target: resolveTarget(this.capture.href ?? '', this.file),
        trail: [...trail, label].join(' › '),
      });
      this.labelGroup(groups, label);
      this.capture = null;
    } else if (this.capture?.kind === 'title' && (tag === 'summary' || tag === 'p' || tag === 'a')) {
      this.labelGroup(groups, collapse(this.capture.text));
      this.capture = null;
    }
    const at = this.stack.map((s) => s.tag).lastIndexOf(tag);
    if (at >= 0) this.stack.length = at;
  }

  /** The innermost group without a label yet takes `label` (its title or its own root link). */
  private labelGroup(groups: { label: string | null }[], label: string): void {
    const group = groups.at(-1);
    if (group !== undefined && group.label === '') group.label = label;
  }
}

/**
 * The sidebar links of the page `html` at bundle path `file`, or null when it has none (only the
 * `<nav class="op-nav">` element is read).
 */
export function pageNav(html: string, file: string): NavLink[] | null {
  const nav = element(html, /<nav\b[^>]*class="op-nav"/i, 'nav');
  if (nav === null) return null;
  const walker = new NavWalker(file);
  for (const match of nav.replace(HIDDEN, ' ').matchAll(TOKEN)) {
    const [, slash, tag, attrs, text] = match;
    if (text !== undefined) walker.text(text);
    else if (tag === undefined) continue;
    else if (slash === '/') walker.close(tag.toLowerCase());
    else if (!/\/\s*$/.test(attrs ?? '') && !['br', 'img', 'hr', 'input', 'meta', 'link'].includes(tag.toLowerCase()))
      walker.open(tag.toLowerCase(), attrs ?? '');
  }
  return walker.links;
}
