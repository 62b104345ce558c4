/**
 * SVG and XML files of a bundle, made inert. Opened from disk (`file://`), an SVG or an XML file is a
 * document of its own that no Content-Security-Policy reaches: its scripts, event handlers and
 * `javascript:` links would run (in an XML file, every element in the XHTML or SVG namespace is live;
 * the site server sandboxes both with a header, which a bundle on disk does not have).
 * So every such file a bundle carries is parsed as XML (namespace-aware, like the browser does), stripped
 * of what can run code or embed HTML, and written back from the parsed tree: the browser reads exactly the
 * tree that was checked, and the same input always gives the same bytes. A file that is not well-formed
 * XML is replaced by an empty document (the browser would render the part before the error, scripts too).
 */
import { DOMParser, onWarningStopParsing, XMLSerializer, type Element, type Node } from '@xmldom/xmldom';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

/** What stands in for an SVG that cannot be read. */
export const EMPTY_SVG = `<svg xmlns="${SVG_NS}"/>`;

/** Written before the root of an XML file: the bytes written are UTF-8, whatever the source declared. */
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** What stands in for an XML file that cannot be read, or whose root element is itself HTML. */
export const EMPTY_XML = `${XML_DECLARATION}<empty/>`;

/** How one kind of file is parsed and written back. */
interface DocumentKind {
  readonly mime: 'image/svg+xml' | 'text/xml';
  /** The whole file when it cannot be read or its root is active. */
  readonly empty: string;
  /** Written before the root element. */
  readonly prolog: string;
}

const SVG_KIND: DocumentKind = { mime: 'image/svg+xml', empty: EMPTY_SVG, prolog: '' };
const XML_KIND: DocumentKind = { mime: 'text/xml', empty: EMPTY_XML, prolog: XML_DECLARATION };

/** Elements that run code or hold HTML (in any namespace: a prefixed `<s:script>` is still a script). */
const DROPPED_ELEMENTS = new Set(['script', 'foreignobject', 'handler', 'listener']);

/** Animations that could write a link or a handler after the file was checked. */
const ANIMATIONS = new Set(['set', 'animate', 'animatemotion', 'animatetransform']);

/** URL schemes that run code or open a document of their own when followed. */
const ACTIVE_URL = /(javascript|vbscript|livescript):|data:(text\/html|application\/xhtml|text\/xml|application\/xml)/;

/** The outcome of {@link sanitizeSvg} and {@link sanitizeXml}. */
export interface SanitizedSvg {
  readonly bytes: Buffer;
  /** What was taken out (`<script>`, `onload`, ...), for the run's log; empty for a clean file. */
  readonly removed: readonly string[];
  /** False when the file was not well-formed XML and {@link EMPTY_SVG} replaced it. */
  readonly readable: boolean;
}

/** The inert form of an SVG file's bytes. */
export function sanitizeSvg(data: Buffer): SanitizedSvg {
  return sanitizeDocument(data, SVG_KIND);
}

/**
 * The inert form of an XML file's bytes (a data file a page links to): its data is kept, and any XHTML
 * element, script, handler or active URL in it is taken out as in an SVG.
 */
export function sanitizeXml(data: Buffer): SanitizedSvg {
  return sanitizeDocument(data, XML_KIND);
}

function sanitizeDocument(data: Buffer, kind: DocumentKind): SanitizedSvg {
  const unreadable: SanitizedSvg = { bytes: Buffer.from(kind.empty), removed: [], readable: false };
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(data);
    const root = new DOMParser({ onError: onWarningStopParsing }).parseFromString(text, kind.mime).documentElement;
    if (root === null) return unreadable;
    const removed: string[] = [];
    cleanElement(root, removed);
    // Only the root element is written: a doctype (entities that expand to markup), processing
    // instructions (an XSLT stylesheet) and comments around it are left behind.
    const body = isActiveElement(root) ? kind.empty : kind.prolog + new XMLSerializer().serializeToString(root);
    return { bytes: Buffer.from(body), removed, readable: true };
  } catch {
    // Not UTF-8, not well-formed, or nested deeper than the stack allows.
    return unreadable;
  }
}

function lower(name: string | null): string {
  return (name ?? '').toLowerCase();
}

/** Whether an element runs code or holds HTML, whatever its attributes. */
function isActiveElement(el: Element): boolean {
  const name = lower(el.localName);
  if (el.namespaceURI === XHTML_NS || DROPPED_ELEMENTS.has(name)) return true;
  if (!ANIMATIONS.has(name)) return false;
  const target = lower(el.getAttribute('attributeName')).replace(/^.*:/, '');
  return target === 'href' || target.startsWith('on');
}

/** Removes handlers and active URLs from `el`, then its active children, recursively. */
function cleanElement(el: Element, removed: string[]): void {
  for (const attr of Array.from(el.attributes)) {
    const name = lower(attr.localName ?? attr.name);
    const value = withoutControls(attr.value).toLowerCase();
    if (name.startsWith('on') || ACTIVE_URL.test(value)) {
      el.removeAttributeNode(attr);
      removed.push(`${attr.name}=`);
    }
  }
  for (const child of Array.from(el.childNodes)) {
    if (!isElement(child)) continue;
    if (isActiveElement(child)) {
      el.removeChild(child);
      removed.push(`<${child.nodeName}>`);
    } else cleanElement(child, removed);
  }
}

/** A value as a URL parser reads it: tabs, newlines, spaces and control characters do not count. */
function withoutControls(value: string): string {
  return Array.from(value)
    .filter((c) => (c.codePointAt(0) ?? 0) > 0x20)
    .join('');
}

const ELEMENT_NODE = 1;

function isElement(node: Node): node is Element {
  return node.nodeType === ELEMENT_NODE;
}
