/**
 * Raw HTML a project hands React (`<div dangerouslySetInnerHTML={{ __html: strings.intro }} />`, Helicone's
 * shared sentences with links in them), turned into elements instead of being inserted as a string. Mintlify
 * shows such HTML; inserting it as-is would also insert any script or handler it carries, so every element
 * is made again through the guarded factory project code already uses (handlers, `srcdoc`, `<script>` and
 * `<base>` go), and links and images go through the same components as the page's own.
 */
import { parse, HTMLElement, TextNode, type Node } from 'node-html-parser';
import { Img, Link } from '../components/html.js';
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
  cellpadding: 'cellPadding',
  cellspacing: 'cellSpacing',
  frameborder: 'frameBorder',
  allowfullscreen: 'allowFullScreen',
  datetime: 'dateTime',
  referrerpolicy: 'referrerPolicy',
};

/** Tags whose output the page's own components make (resolved links, served images). */
const TAG_COMPONENTS: Readonly<Record<string, unknown>> = { a: Link, img: Img };

/** True for a URL that runs code when followed (browsers ignore blanks and controls in the scheme). */
function scriptUrl(value: string): boolean {
  const squeezed = [...value].filter((char) => char.charCodeAt(0) > 0x20).join('');
  return /^(javascript|vbscript|data:text\/html)/i.test(squeezed);
}

function elementProps(element: HTMLElement): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(element.attributes)) {
    const lower = name.toLowerCase();
    if (scriptUrl(value)) continue;
    if (lower === 'style') props['style'] = Object.fromEntries(styleEntries(value));
    else props[REACT_NAMES[lower] ?? name] = value;
  }
  return props;
}

function toElement(node: Node, make: MakeElement, key: number): unknown {
  if (node instanceof TextNode) return node.text;
  if (!(node instanceof HTMLElement)) return null;
  const tag = node.rawTagName.toLowerCase();
  const props = elementProps(node);
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
