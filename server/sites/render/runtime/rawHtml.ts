/**
 * Raw HTML a project hands React (`<div dangerouslySetInnerHTML={{ __html: strings.intro }} />`, Helicone's
 * shared sentences with links in them), turned into elements instead of being inserted as a string. Mintlify
 * shows such HTML; inserting it as-is would also insert any script or handler it carries, so every element
 * is made again through the guarded factory project code already uses (handlers, `srcdoc`, `<script>` and
 * `<base>` go), and links and images go through the same components as the page's own.
 */
import { parse, HTMLElement, TextNode, type Node } from 'node-html-parser';
import { Iframe, Img, Link, Source, Video } from '../components/html.js';
import { styleEntries } from '../style.js';

/** `jsx(type, props, key)` as the guarded runtime provides it. */
export type MakeElement = (type: unknown, props: unknown, key?: unknown) => unknown;

/** HTML attribute names React spells differently (it warns on, or ignores, the HTML spelling). */
const REACT_NAMES: Readonly<Record<string, string>> = {
  class: 'className',
  for: 'htmlFor',
  tabindex: 'tabIndex',
  colspan: 'colSpan',
  rowspan: 'rowSpan',
  srcset: 'srcSet',
  crossorigin: 'crossOrigin',
  readonly: 'readOnly',
  maxlength: 'maxLength',
  minlength: 'minLength',
  cellpadding: 'cellPadding',
  cellspacing: 'cellSpacing',
  frameborder: 'frameBorder',
  allowfullscreen: 'allowFullScreen',
  autoplay: 'autoPlay',
  playsinline: 'playsInline',
  autofocus: 'autoFocus',
  novalidate: 'noValidate',
  contenteditable: 'contentEditable',
  spellcheck: 'spellCheck',
  datetime: 'dateTime',
  referrerpolicy: 'referrerPolicy',
  hreflang: 'hrefLang',
  usemap: 'useMap',
  // React renders this as the attribute but warns about a checkbox it thinks is controlled.
  checked: 'defaultChecked',
};

/** Form controls whose `value` React wants as `defaultValue` (an <option>'s or a <li>'s stays `value`). */
const FORM_CONTROLS = new Set(['input', 'textarea', 'select']);

/**
 * Boolean attributes: HTML writes them bare (`<details open>`, `<video controls>`), which parses to "" and
 * React would take as false and drop.
 */
const BOOLEAN_PROPS = new Set([
  'allowFullScreen',
  'async',
  'autoFocus',
  'autoPlay',
  'controls',
  'default',
  'defaultChecked',
  'defer',
  'disabled',
  'hidden',
  'loop',
  'multiple',
  'muted',
  'noValidate',
  'open',
  'playsInline',
  'readOnly',
  'required',
  'reversed',
  'selected',
]);

/** A React prop name for an HTML attribute: the table above, else `stroke-width` -> `strokeWidth`, `xlink:href` -> `xlinkHref`. */
function propName(name: string): string {
  const lower = name.toLowerCase();
  const known = REACT_NAMES[lower];
  if (known !== undefined) return known;
  if (/^(data|aria)-/.test(lower) || !/[-:]/.test(name)) return name;
  return name.replace(/[-:]([a-z])/g, (_m, c: string) => c.toUpperCase());
}

/** Tags whose output the page's own components make (resolved links, served media, offline embeds). */
const TAG_COMPONENTS: Readonly<Record<string, unknown>> = {
  a: Link,
  img: Img,
  video: Video,
  source: Source,
  iframe: Iframe,
};

/** Attributes a browser follows or loads as a URL (others may say "javascript:" as text: a title, an alt). */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'data',
  'poster',
  'background',
  'cite',
]);

/** True for a URL that runs code when followed (browsers ignore blanks and controls in the scheme). */
function scriptUrl(value: string): boolean {
  const squeezed = [...value].filter((char) => char.charCodeAt(0) > 0x20).join('');
  return /^(javascript|vbscript|data:text\/html)/i.test(squeezed);
}

function elementProps(element: HTMLElement, tag: string): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(element.attributes)) {
    if (URL_ATTRIBUTES.has(name.toLowerCase()) && scriptUrl(value)) continue;
    const prop = name.toLowerCase() === 'value' && FORM_CONTROLS.has(tag) ? 'defaultValue' : propName(name);
    // A boolean attribute is on whatever its value (`disabled="false"` is disabled too).
    if (prop === 'style') props['style'] = Object.fromEntries(styleEntries(value));
    else props[prop] = BOOLEAN_PROPS.has(prop) ? true : value;
  }
  return props;
}

function toElement(node: Node, make: MakeElement, key: number): unknown {
  if (node instanceof TextNode) return node.text;
  if (!(node instanceof HTMLElement)) return null;
  const tag = node.rawTagName.toLowerCase();
  const props = elementProps(node, tag);
  // A <style> keeps its text as written: parsing CSS as HTML would turn `a > b` into entities.
  const children = tag === 'style' ? node.rawText : toElements(node.childNodes, make, tag);
  if (Array.isArray(children) ? children.length > 0 : children !== '') props['children'] = children;
  return make(TAG_COMPONENTS[tag] ?? tag, props, key);
}

/** Elements where text between tags is not content (React warns about it, browsers move it out). */
const NO_TEXT = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr', 'colgroup', 'select']);

function toElements(nodes: readonly Node[], make: MakeElement, parent = ''): unknown[] {
  const kept = NO_TEXT.has(parent) ? nodes.filter((node) => !(node instanceof TextNode) || node.text.trim()) : nodes;
  return kept.map((node, index) => toElement(node, make, index)).filter((child) => child !== null);
}

/**
 * The element children `html` stands for, each made with `make` (the guarded JSX factory), for a host
 * element whose `dangerouslySetInnerHTML` it was. Comments are dropped.
 */
export function rawHtmlChildren(html: string, make: MakeElement): unknown[] {
  // Only script-like elements keep their content as text: a <pre> in the HTML keeps its inner tags.
  const root = parse(html, { comment: false, blockTextElements: { script: true, noscript: true, style: true } });
  return toElements(root.childNodes, make);
}
