/**
 * The remark plugin that adapts Mintlify MDX to our runtime (runs after MDX has parsed the page):
 * - fenced code -> `<OpCode>` / `<OpMermaid>` elements (highlighted at render time, so snippet props can
 *   still be substituted into them), languages collected so the highlighter can load them first;
 * - `{#id}` heading suffixes (turned into `{/*op-id:..*\/}` by the preprocessor) -> heading `id`;
 * - `import` declarations -> `const {..} = _op.imp(spec)` (we resolve snippets ourselves, synchronously);
 * - a prologue binding every JSX name that is not declared (built-ins and unknown names) and the React
 *   hooks Mintlify provides as globals, so nothing is a ReferenceError at render time;
 * - lower-case `<img>`, `<a>`, `<h2>`... written as JSX go through our components like Markdown ones;
 * - Markdown paragraphs carry Mintlify's `data-as="p"` (its paragraphs are `<span data-as="p">`), which
 *   projects' stylesheets select (`.postman-button [data-as="p"] { padding: 0 }`).
 *   Inside a JSX `<p>` they are `<span data-as="p">`, so the browser does not split the `<p>` in two.
 */
import type { Program, Statement } from 'estree';
import type { Code, Heading, Nodes, Paragraph, Root, RootContent } from 'mdast';
import type { MdxJsxAttribute, MdxJsxExpressionAttribute, MdxJsxFlowElement } from 'mdast-util-mdx';
import { styleEntries } from '../style.js';
import { call, constDeclaration, declaredNames, id, jsxNames, member, program, readIdentifiers } from './estree.js';
import { rewriteEsm, refuseDynamicImport } from './esmRewrite.js';
import { markIslands, type IslandPlan } from './islands.js';
import { rewriteLegacySnippets } from './legacySnippets.js';

/** What the plugin learned about the document; filled in during the transform. */
/** A name an import declares: `import { A as B } from 's'` is `{ local: 'B', spec: 's', imported: 'A' }`. */
export interface ImportBinding {
  readonly local: string;
  readonly spec: string;
  /** The export it reads: a name, `default`, or `*` for the whole module. */
  readonly imported: string;
}

export interface CompileFacts {
  /** Import specifiers in source order (deduplicated). */
  readonly imports: string[];
  /** The names the module's imports declare, in source order (see {@link ImportBinding}). */
  readonly bindings: ImportBinding[];
  /** Code fence languages (lower-case, as written). */
  readonly langs: Set<string>;
  /** Identifiers read by expressions outside ESM (snippet props candidates). */
  readonly freeNames: Set<string>;
  readonly warnings: string[];
  /** The page's interactive components, wrapped for the browser (islands.ts); null when none. */
  islands: IslandPlan | null;
}

/**
 * Lower-case elements our runtime renders itself even when written as JSX (`script`, `meta` and `base`
 * so that content cannot run code or send readers away, wherever it writes them, inside an SVG too).
 */
const OVERRIDDEN = new Set([
  'img',
  'video',
  'source',
  'a',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'iframe',
  'script',
  'meta',
  'base',
]);
/** Globals Mintlify injects into MDX and snippet code. */
export const HOOKS = ['useState', 'useEffect', 'useRef', 'useCallback', 'useMemo', 'useContext', 'useReducer'];
const HEADING_ID = /^\s*\/\*op-id:(.+?)\*\/\s*$/;

type EstreeCarrier = { data?: { estree?: Program | null | undefined } | undefined };

/** Creates the plugin; `facts` receives what it found. */
export function remarkOffprint(facts: CompileFacts): () => (tree: Root) => void {
  return () => (tree) => {
    const jsx = new Set<string>();
    const declared = new Set<string>();
    const used = new Set<string>();
    rewriteLegacySnippets(tree);
    visitMdast(tree, facts, jsx);
    const esm = esmNodes(tree);
    facts.islands = markIslands(esm.map((node) => ({ value: node.value, estree: node.estree })));
    for (const { estree } of esm) {
      declaredNames(estree, declared);
      rewriteEsm(estree, facts);
      jsxNames(estree, jsx);
      readIdentifiers(estree, used);
      refuseDynamicImport(estree, facts);
    }
    for (const name of facts.freeNames) used.add(name);
    const prologue: Statement[] = [constDeclaration('_op', member(member(id('arguments'), '0'), '_op'))];
    for (const name of jsx) {
      if (/^[A-Z]/.test(name) && !declared.has(name)) {
        prologue.push(constDeclaration(name, call(member(id('_op'), 'c'), name)));
      }
      facts.freeNames.delete(name);
    }
    for (const name of [...HOOKS, 'React']) {
      if (used.has(name) && !declared.has(name)) {
        prologue.push(constDeclaration(name, call(member(id('_op'), 'g'), name)));
      }
    }
    for (const name of declared) facts.freeNames.delete(name);
    tree.children.unshift({ type: 'mdxjsEsm', value: '', data: { estree: program(prologue) } });
  };
}

/**
 * Every `import`/`export` block with its program, nested ones included: MDX also accepts them inside a
 * component's children (as Mintlify does, e.g. an import inside a `<Tab>`) and hoists them to the module.
 */
function esmNodes(node: Nodes, into: { value: string; estree: Program }[] = []): { value: string; estree: Program }[] {
  if (node.type === 'mdxjsEsm' && node.data?.estree) into.push({ value: node.value, estree: node.data.estree });
  if ('children' in node) for (const child of node.children) esmNodes(child, into);
  return into;
}

/**
 * `inP`: inside a `<p>` written as JSX, where a paragraph is drawn as `<span data-as="p">` (Mintlify's
 * paragraph element): a `<p>` there would be closed by the browser at the inner one's start, putting the
 * text outside the author's element and its class.
 */
function visitMdast(node: Nodes, facts: CompileFacts, jsx: Set<string>, inP = false): void {
  if (!('children' in node)) return;
  const children = node.children as RootContent[];
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (!child) continue;
    if (child.type === 'code') {
      const replacement = codeElement(child, facts);
      if (replacement) children[i] = replacement;
      continue;
    }
    if (child.type === 'heading') customHeadingId(child);
    if (child.type === 'paragraph') markParagraph(child, inP);
    if (child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement') {
      const root = (child.name ?? '').split('.')[0] ?? '';
      if (/^[A-Z]/.test(root)) jsx.add(root);
      // MDX maps explicit lower-case JSX straight to DOM elements; unmarking lets `components` apply.
      if (OVERRIDDEN.has(child.name ?? '') && child.data)
        delete (child.data as { _mdxExplicitJsx?: boolean })._mdxExplicitJsx;
      if (/^[a-z]/.test(child.name ?? '')) htmlAttributes(child.attributes);
      if (child.name === 'CodeBlock') {
        for (const a of child.attributes) {
          const isLang = a.type === 'mdxJsxAttribute' && (a.name === 'language' || a.name === 'lang');
          if (isLang && typeof a.value === 'string') facts.langs.add(a.value.toLowerCase());
        }
      }
      for (const attribute of child.attributes) inspectExpression(attribute.value, facts, jsx);
      for (const attribute of child.attributes) {
        if (attribute.type === 'mdxJsxExpressionAttribute') inspectExpression(attribute, facts, jsx);
      }
    }
    if (child.type === 'mdxFlowExpression' || child.type === 'mdxTextExpression') inspectExpression(child, facts, jsx);
    visitMdast(child, facts, jsx, inP || (child.type === 'mdxJsxFlowElement' && child.name === 'p'));
  }
}

function inspectExpression(value: unknown, facts: CompileFacts, jsx: Set<string>): void {
  if (typeof value !== 'object' || value === null) return;
  const estree = (value as EstreeCarrier).data?.estree;
  if (!estree) return;
  readIdentifiers(estree, facts.freeNames);
  jsxNames(estree, jsx);
  refuseDynamicImport(estree, facts);
}

/** HTML spellings React rejects: `class` -> `className`, `for` -> `htmlFor`, `style="a: b"` -> an object. */
function htmlAttributes(attributes: (MdxJsxAttribute | MdxJsxExpressionAttribute)[]): void {
  for (const attribute of attributes) {
    if (attribute.type !== 'mdxJsxAttribute') continue;
    if (attribute.name === 'class') attribute.name = 'className';
    else if (attribute.name === 'for') attribute.name = 'htmlFor';
    else if (attribute.name === 'style' && typeof attribute.value === 'string') {
      const properties = styleEntries(attribute.value).map(([key, value]) => ({
        type: 'Property' as const,
        key: { type: 'Literal' as const, value: key },
        value: { type: 'Literal' as const, value },
        kind: 'init' as const,
        computed: false,
        method: false,
        shorthand: false,
      }));
      const expression = { type: 'ObjectExpression' as const, properties };
      attribute.value = {
        type: 'mdxJsxAttributeValueExpression',
        value: JSON.stringify(Object.fromEntries(styleEntries(attribute.value))),
        data: { estree: program([{ type: 'ExpressionStatement', expression }]) },
      };
    }
  }
}

function stringAttribute(name: string, value: string): MdxJsxAttribute {
  return { type: 'mdxJsxAttribute', name, value };
}

function codeElement(node: Code, facts: CompileFacts): MdxJsxFlowElement | null {
  const lang = (node.lang ?? '').toLowerCase();
  // ```math is display math for rehype-katex.
  if (lang === 'math') return null;
  if (lang && lang !== 'mermaid') facts.langs.add(lang.replace(/\{.*$/, ''));
  const attributes = [stringAttribute('code', node.value), stringAttribute('meta', node.meta ?? '')];
  if (lang !== 'mermaid') attributes.unshift(stringAttribute('lang', node.lang ?? ''));
  const element: MdxJsxFlowElement = {
    type: 'mdxJsxFlowElement',
    name: lang === 'mermaid' ? 'OpMermaid' : 'OpCode',
    attributes,
    children: [],
  };
  if (node.position) element.position = node.position;
  return element;
}

function customHeadingId(node: Heading): void {
  const last = node.children[node.children.length - 1];
  if (last?.type !== 'mdxTextExpression') return;
  const match = HEADING_ID.exec(last.value);
  if (!match?.[1]) return;
  node.children.pop();
  const previous = node.children[node.children.length - 1];
  if (previous?.type === 'text') previous.value = previous.value.trimEnd();
  node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id: match[1] } };
}

function markParagraph(node: Paragraph, inP: boolean): void {
  node.data = {
    ...node.data,
    ...(inP ? { hName: 'span' } : {}),
    hProperties: { ...node.data?.hProperties, dataAs: 'p' },
  };
}
