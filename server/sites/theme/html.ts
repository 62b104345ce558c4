/** HTML building blocks: escaping, safe URLs, and the inline Markdown used by banners. */

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for element content and (double- or single-quoted) attribute values. */
export function esc(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** ` name="value"` pairs, skipping undefined/false values; `true` gives a bare attribute. */
export function attrs(values: Readonly<Record<string, string | number | boolean | undefined | null>>): string {
  let out = '';
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === false) continue;
    out += value === true ? ` ${name}` : ` ${name}="${esc(value)}"`;
  }
  return out;
}

/** Joins class names, skipping empty ones. */
export function cls(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

/**
 * A URL safe to put in `href`/`src`: http(s), mailto, tel, root-relative, fragment or relative paths.
 * Anything with another scheme (`javascript:`, `data:`, `vbscript:`) becomes `#`.
 */
export function safeUrl(url: string): string {
  const trimmed = url.trim();
  // Browsers ignore tabs/newlines inside schemes ("java\tscript:"), so test the compacted string.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must be removed here
  const compact = trimmed.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(compact);
  if (scheme && !['http', 'https', 'mailto', 'tel'].includes(scheme[1] ?? '')) return '#';
  return trimmed;
}

/**
 * A project file path for `src`/`href` of something the page loads (logo, favicon), or undefined for
 * remote URLs: loading them would leave the local server.
 */
export function localAsset(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const trimmed = url.trim();
  if (trimmed === '' || /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(trimmed)) return undefined;
  return trimmed.startsWith('/') ? trimmed : `/${trimmed.replace(/^\.\//, '')}`;
}

/** True for links that leave the site (absolute http(s), mailto, protocol-relative). */
export function isExternal(url: string): boolean {
  return /^(https?:)?\/\//i.test(url.trim()) || /^(mailto|tel):/i.test(url.trim());
}

/** Attributes for a link: external http(s) links open in a new tab without referrer. */
export function linkAttrs(href: string): string {
  const url = safeUrl(href);
  return /^(https?:)?\/\//i.test(url)
    ? attrs({ href: url, target: '_blank', rel: 'noreferrer' })
    : attrs({ href: url });
}

/**
 * The code spans of a text: a run of backticks opens one and the next run of the same length closes it
 * (CommonMark), so "``a ` b``" and "``` x ```" are code. Found over the text's backtick runs in one pass
 * each way: a regex with a lazy body and a backreference tries every unclosed run against the rest of the
 * text, which grows as length^1.5 on a spec's description of many runs of distinct lengths.
 */
function codeSpans(text: string): { start: number; end: number; fence: number }[] {
  const runs = [...text.matchAll(/`+/g)].map((m) => ({ at: m.index, length: m[0].length }));
  // For each run, the index of the next run of the same length (-1: none).
  const next = new Array<number>(runs.length).fill(-1);
  const seen = new Map<number, number>();
  for (let i = runs.length - 1; i >= 0; i--) {
    const length = runs[i]?.length ?? 0;
    next[i] = seen.get(length) ?? -1;
    seen.set(length, i);
  }
  const spans: { start: number; end: number; fence: number }[] = [];
  for (let i = 0; i < runs.length; i++) {
    const open = runs[i];
    const close = runs[next[i] ?? -1];
    if (open === undefined || close === undefined) continue;
    spans.push({ start: open.at, end: close.at + close.length, fence: open.length });
    i = next[i] ?? i;
  }
  return spans;
}

function inlineEmphasis(escaped: string): string {
  // What is inside a code span is left as written, emphasis marks included.
  let out = '';
  let last = 0;
  for (const { start, end, fence } of codeSpans(escaped)) {
    let code = escaped.slice(start + fence, end - fence);
    if (code.length > 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '') code = code.slice(1, -1);
    out += emphasis(escaped.slice(last, start)) + `<code>${code}</code>`;
    last = end;
  }
  return out + emphasis(escaped.slice(last));
}

/** Bold and italic marks of escaped text outside code spans. */
function emphasis(escaped: string): string {
  return escaped
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/__([^_]+)__/g, '<strong>$1</strong>')
    .replace(/(^|[^*\w])\*([^*\s][^*]*)\*/g, '$1<em>$2</em>')
    .replace(/(^|[^_\w])_([^_\s][^_]*)_(?!\w)/g, '$1<em>$2</em>');
}

/**
 * Inline Markdown (links, bold, italic, code) to HTML, everything else escaped. Used for `banner.content`,
 * which the format restricts to inline Markdown.
 */
export function inlineMarkdown(text: string): string {
  const link = /\[([^\]]+)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
  let out = '';
  let last = 0;
  for (let m = link.exec(text); m !== null; m = link.exec(text)) {
    out += inlineEmphasis(esc(text.slice(last, m.index)));
    out += `<a${linkAttrs(m[2] ?? '#')}>${inlineEmphasis(esc(m[1] ?? ''))}</a>`;
    last = m.index + m[0].length;
  }
  return out + inlineEmphasis(esc(text.slice(last)));
}

/** A short stable hash (FNV-1a, base 36) for class names and storage keys. */
export function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}
