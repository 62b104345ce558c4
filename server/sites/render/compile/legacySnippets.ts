/**
 * Mintlify's older snippet syntax, `<Snippet file="get-help.mdx" />`, includes `_snippets/get-help.mdx`
 * (the folder mint.json-era projects keep their snippets in; `file` may name a subfolder too). Projects
 * still use it alongside `import` (mem0, Agno, Smartcar), so each such element becomes an ordinary default
 * import of that file under a generated name: the snippet then renders, and is reported when missing,
 * exactly like an imported one.
 */
import type { ImportDeclaration } from 'estree';
import type { Nodes, Root, RootContent } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx';
import { declaredNames, id } from './estree.js';

/** The folder `<Snippet file>` names files in. */
export const LEGACY_SNIPPET_DIR = '/_snippets/';

/** Rewrites `<Snippet file="...">` elements into imports, unless the page defines its own `Snippet`. */
export function rewriteLegacySnippets(tree: Root): void {
  const declared = new Set<string>();
  for (const node of tree.children) {
    if (node.type === 'mdxjsEsm' && node.data?.estree) declaredNames(node.data.estree, declared);
  }
  if (declared.has('Snippet')) return;
  const locals = new Map<string, string>();
  visit(tree, (element) => {
    const file = fileOf(element);
    if (file === null) return;
    const spec = LEGACY_SNIPPET_DIR + file.replace(/^\/+/, '');
    let local = locals.get(spec);
    if (local === undefined) {
      local = `OpLegacySnippet${locals.size}`;
      locals.set(spec, local);
    }
    element.name = local;
    element.attributes = element.attributes.filter((a) => a.type !== 'mdxJsxAttribute' || a.name !== 'file');
  });
  const imports = [...locals].map(([spec, local]) => importNode(spec, local));
  tree.children.unshift(...imports);
}

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

function visit(node: Nodes, found: (element: JsxElement) => void): void {
  if (!('children' in node)) return;
  for (const child of node.children as RootContent[]) {
    if ((child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement') && child.name === 'Snippet') {
      found(child);
    }
    visit(child, found);
  }
}

/** The `file` attribute when written as a plain string (an expression cannot be resolved before rendering). */
function fileOf(element: JsxElement): string | null {
  for (const attribute of element.attributes) {
    if (attribute.type === 'mdxJsxAttribute' && attribute.name === 'file' && typeof attribute.value === 'string') {
      return attribute.value.trim() === '' ? null : attribute.value.trim();
    }
  }
  return null;
}

function importNode(spec: string, local: string): RootContent {
  const statement: ImportDeclaration = {
    type: 'ImportDeclaration',
    specifiers: [{ type: 'ImportDefaultSpecifier', local: id(local) }],
    source: { type: 'Literal', value: spec },
    attributes: [],
  };
  return {
    type: 'mdxjsEsm',
    value: '',
    data: { estree: { type: 'Program', sourceType: 'module', body: [statement] } },
  };
}
