/**
 * Every place an exported HTML or CSS file refers to another file, found the same way by the assembly
 * (which rewrites them) and by `offprint verify` (which checks them). A reference is a *link* (the reader
 * may follow it: `<a href>`, canonical, a meta refresh) or a *resource* (the browser loads it: images,
 * scripts, stylesheets, fonts, frames); only links may leave the bundle.
 */
import { parse, TextNode, type HTMLElement } from 'node-html-parser';

/** How a reference is used. */
export type RefKind = 'link' | 'resource';

/**
 * Visits one reference; returns its new value, the same value to keep it, or null to drop it (the
 * attribute is removed, a CSS `url()` becomes an empty data URL).
 */
export type RefVisitor = (url: string, kind: RefKind) => string | null;

/** `<link rel>` values that make the browser load or contact the target (hints included: they reach out too). */
const LOADED_RELS = new Set([
  'stylesheet',
  'icon',
  'shortcut',
  'apple-touch-icon',
  'apple-touch-icon-precomposed',
  'mask-icon',
  'manifest',
  'preload',
  'prefetch',
  'modulepreload',
  'preconnect',
  'dns-prefetch',
  'prerender',
  'op-search-index',
  'op-nav',
]);

/** Attributes holding one URL, by element (lowercase tag names; `*` = any element). */
const URL_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'xlink:href'],
  area: ['href'],
  link: ['href'],
  img: ['src'],
  source: ['src'],
  video: ['src', 'poster'],
  audio: ['src'],
  track: ['src'],
  iframe: ['src'],
  embed: ['src'],
  object: ['data'],
  script: ['src'],
  input: ['src'],
  image: ['href', 'xlink:href'],
  use: ['href', 'xlink:href'],
  feimage: ['href', 'xlink:href'],
};

/** Options for parsing exported HTML: `<pre>` is parsed (links may sit in code), scripts and styles are raw. */
export function parseHtml(html: string): HTMLElement {
  return parse(html, { comment: true, blockTextElements: { script: true, noscript: true, style: true } });
}

function kindOf(element: HTMLElement): RefKind {
  const tag = element.rawTagName.toLowerCase();
  if (tag === 'a' || tag === 'area') return 'link';
  if (tag === 'link') {
    const rels = (element.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
    return rels.some((rel) => LOADED_RELS.has(rel)) ? 'resource' : 'link';
  }
  return 'resource';
}

/** Escapes what an attribute value needs besides the quotes node-html-parser escapes itself. */
function attributeValue(value: string): string {
  return value.replace(/&/g, '&amp;');
}

function visitSrcset(value: string, visit: RefVisitor): string | null {
  const parts: string[] = [];
  for (const candidate of value.split(/,(?=\s|$)|,(?=[^\s,])/)) {
    const trimmed = candidate.trim();
    if (trimmed === '') continue;
    const [url = '', ...descriptor] = trimmed.split(/\s+/);
    const next = visit(url, 'resource');
    if (next !== null) parts.push([next, ...descriptor].join(' '));
  }
  return parts.length === 0 ? null : parts.join(', ');
}

const REFRESH = /^(\s*\d*\.?\d*\s*[;,]\s*url\s*=\s*)(['"]?)(.*?)\2\s*$/i;

/** Visits (and rewrites in place) every reference of an HTML document. */
export function visitHtmlRefs(root: HTMLElement, visit: RefVisitor): void {
  for (const element of root.querySelectorAll('*')) {
    const tag = element.rawTagName.toLowerCase();
    for (const attribute of URL_ATTRIBUTES[tag] ?? []) {
      const value = element.getAttribute(attribute);
      if (value === undefined) continue;
      const next = visit(value.trim(), kindOf(element));
      if (next === null) element.removeAttribute(attribute);
      else if (next !== value.trim()) element.setAttribute(attribute, attributeValue(next));
    }
    for (const attribute of ['srcset', 'imagesrcset']) {
      const value = element.getAttribute(attribute);
      if (value === undefined) continue;
      const next = visitSrcset(value, visit);
      if (next === null) element.removeAttribute(attribute);
      else if (next !== value) element.setAttribute(attribute, attributeValue(next));
    }
    const style = element.getAttribute('style');
    if (style !== undefined && /url\(|@import/i.test(style)) {
      const next = visitCssRefs(style, visit);
      if (next !== style) element.setAttribute('style', attributeValue(next));
    }
    if (tag === 'style') {
      const text = element.innerHTML;
      const next = visitCssRefs(text, visit);
      if (next !== text) element.set_content(new TextNode(next, element));
    }
    if (tag === 'meta' && (element.getAttribute('http-equiv') ?? '').toLowerCase() === 'refresh') {
      const content = element.getAttribute('content') ?? '';
      const match = REFRESH.exec(content);
      if (match !== null) {
        const next = visit(match[3] ?? '', 'link');
        if (next === null) element.removeAttribute('content');
        else if (next !== match[3]) element.setAttribute('content', attributeValue(`${match[1] ?? ''}${next}`));
      }
    }
  }
}

/** `url(...)` (quoted or not) and `@import "..."` in CSS. */
const CSS_REF =
  /url\(\s*(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|([^)'"\s]*))\s*\)|@import\s+(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)')/gi;

/** Visits (and rewrites) every reference of a stylesheet; a dropped reference becomes an empty data URL. */
export function visitCssRefs(css: string, visit: RefVisitor): string {
  return css.replace(CSS_REF, (whole: string, ...groups: (string | undefined)[]) => {
    const isImport = whole.startsWith('@');
    const raw = (isImport ? (groups[3] ?? groups[4]) : (groups[0] ?? groups[1] ?? groups[2])) ?? '';
    const url = raw.replace(/\\(.)/g, '$1');
    if (url === '') return whole;
    const next = visit(url, 'resource');
    if (next === url) return whole;
    const quoted = `"${(next ?? 'data:,').replace(/["\\\n]/g, (c) => `\\${c}`)}"`;
    return isImport ? `@import ${quoted}` : `url(${quoted})`;
  });
}

/** Values that refer to nothing to load or open: fragments, empty, mail/phone and inline data. */
export function isSelfContained(url: string): boolean {
  return url === '' || url.startsWith('#') || /^(mailto|tel|data):/i.test(url);
}

/** True for absolute http(s) and protocol-relative URLs. */
export function isExternalUrl(url: string): boolean {
  return /^(https?:)?\/\//i.test(url);
}

/** A URL scheme (`https:`, `mailto:`, `cursor:`), as a reference begins with one. */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** True when `url` begins with a scheme (whatever it is). */
export function hasScheme(url: string): boolean {
  return SCHEME.test(url);
}

/**
 * True for a reference to something outside the bundle: any URL with a scheme (`https:`, `mailto:`,
 * `tel:`, app deep links such as `cursor:` or `vscode:`) or protocol-relative (`//host`). Not `data:`
 * (inline) nor `javascript:`/`vbscript:` (code, not a place). Only the other, relative, references
 * name bundle files.
 */
export function isExternalReference(url: string): boolean {
  if (isExternalUrl(url)) return true;
  return hasScheme(url) && !/^(data|javascript|vbscript):/i.test(url);
}
