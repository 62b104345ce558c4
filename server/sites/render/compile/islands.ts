/**
 * Interactive components a page defines (`export const Counter = () => { const [n, setN] = useState(0);
 * ... }`). Mintlify renders them in the reader's browser; Offprint renders every page on the server, so
 * such a component shows its first state and never reacts. This finds the ones that can also run in the
 * browser ("islands"): defined in the page's own ESM, using a hook or an event handler, and made of
 * elements and of the page's own components only (the built-ins, `<Card>` and the rest, exist on the
 * server alone). Their definitions are wrapped as `_op.island("Name", definition)` so that the renderer
 * marks where each is used, and the page's import-free ESM is kept as the browser's copy of the code.
 */
import type { Expression, Node, Program } from 'estree';
import { call, declaredNames, member, id, walk } from './estree.js';

/** What a page's islands need in the browser. */
export interface IslandPlan {
  /** The page's ESM without imports (its components and what they use), as written. */
  readonly source: string;
}

/** An ESM block of the page: its text as written and its parsed program. */
export interface EsmBlock {
  readonly value: string;
  readonly estree: Program;
}

/** Hooks and handler props: a component using none of them has nothing to do in the browser. */
const INTERACTIVE_HOOKS = new Set(['useState', 'useReducer', 'useEffect', 'useRef', 'useCallback', 'useMemo']);
const HANDLER_PROP = /^on[A-Z]/;

/** A block the browser's copy can hold: no import, no re-export, no default export. */
function isClientBlock(program: Program): boolean {
  return program.body.every(
    (statement) =>
      statement.type !== 'ImportDeclaration' &&
      statement.type !== 'ExportAllDeclaration' &&
      statement.type !== 'ExportDefaultDeclaration' &&
      !(statement.type === 'ExportNamedDeclaration' && statement.source),
  );
}

/** What a component's definition uses: hooks or handlers, and the capitalised elements it makes. */
function usesOf(definition: Node): { interactive: boolean; elements: Set<string> } {
  const elements = new Set<string>();
  let interactive = false;
  walk(definition, (node) => {
    const jsx = node as unknown as { type: string; name?: { type?: string; name?: unknown; object?: unknown } };
    if (node.type === 'Identifier' && INTERACTIVE_HOOKS.has(node.name)) interactive = true;
    else if (jsx.type === 'JSXAttribute' && typeof jsx.name?.name === 'string' && HANDLER_PROP.test(jsx.name.name)) {
      interactive = true;
    } else if (jsx.type === 'JSXOpeningElement') {
      const name = jsx.name;
      // `<Tabs.Tab>` and `<svg:rect>`: only plain names are the page's own.
      if (name?.type === 'JSXIdentifier' && typeof name.name === 'string') {
        if (/^[A-Z]/.test(name.name)) elements.add(name.name);
      } else elements.add('.');
    }
    return undefined;
  });
  return { interactive, elements };
}

/** `export const Name = () => ...` declarators of a block: capitalised names bound to a function. */
function componentDeclarators(program: Program): { name: string; holder: { init?: Expression | null | undefined } }[] {
  const out: { name: string; holder: { init?: Expression | null | undefined } }[] = [];
  for (const statement of program.body) {
    if (statement.type !== 'ExportNamedDeclaration' || statement.declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of statement.declaration.declarations) {
      const init = declarator.init;
      if (declarator.id.type !== 'Identifier' || !/^[A-Z]/.test(declarator.id.name)) continue;
      if (init?.type !== 'ArrowFunctionExpression' && init?.type !== 'FunctionExpression') continue;
      out.push({ name: declarator.id.name, holder: declarator });
    }
  }
  return out;
}

/**
 * Finds the islands of a page's ESM blocks and wraps their definitions in place; null when it has none.
 * Runs before imports are rewritten (an import-free block is told apart by its statements).
 */
export function markIslands(blocks: readonly EsmBlock[]): IslandPlan | null {
  const client = blocks.filter((block) => isClientBlock(block.estree));
  const known = new Set<string>();
  for (const block of client) declaredNames(block.estree, known);
  let islands = 0;
  for (const block of client) {
    for (const { name, holder } of componentDeclarators(block.estree)) {
      const definition = holder.init;
      if (definition === null || definition === undefined) continue;
      const { interactive, elements } = usesOf(definition);
      if (!interactive || [...elements].some((element) => !known.has(element))) continue;
      const wrapped = call(member(id('_op'), 'island'), name);
      if (wrapped.type === 'CallExpression') wrapped.arguments.push(definition);
      holder.init = wrapped;
      islands += 1;
    }
  }
  if (islands === 0) return null;
  return { source: client.map((block) => block.value).join('\n') };
}

/** A hook or a handler prop written anywhere in a source's text. */
const INTERACTIVE_TEXT = /\b(?:useState|useReducer|useEffect|useRef|useCallback|useMemo)\s*\(|\son[A-Z]\w*\s*=\s*\{/;
/** `import`/`require` of anything: the browser's copy of a snippet cannot follow them. */
const DEPENDS = /(?:^|[\s;])(?:import\s*[\s{*('"]|require\s*\()/m;
/** `import ... from 'react'`: the browser's copy is handed React, as Mintlify's snippets get it. */
const REACT_IMPORT = /^[ \t]*import\s+[\w$\s{},*]+\s+from\s*(['"])react\1\s*;?/gm;

/** A quoted string or template literal (one without nested backticks). */
const STRING = /(["'`])(?:\\[\s\S]|(?!\1)[^\\])*\1/g;

/**
 * `source` with the text of its strings left out, so that a generated code sample in a string
 * (`"from managed_deepagents import define_identity"`) is not taken for an import; import sources stay.
 */
function withoutStrings(source: string): string {
  return source.replace(STRING, (literal, quote: string, offset: number) =>
    /\bfrom\s*$|\bimport\s*$/.test(source.slice(Math.max(0, offset - 12), offset)) ? literal : `${quote}${quote}`,
  );
}

/**
 * Whether `source` writes a hook or a handler prop somewhere: what a component needs to do anything in a
 * browser. A look at the text, for snippets and for the import's quick scan (project/scripts.ts).
 */
export function writesBrowserCode(source: string): boolean {
  return INTERACTIVE_TEXT.test(source);
}

/**
 * Whether the components of script snippet `source` (`.jsx`, `.tsx`) can run in the browser: it uses a
 * hook or a handler, imports nothing but React, and every capitalised element it makes is one it declares (the
 * built-ins exist on the server alone). Read from the text, not parsed: a snippet judged wrongly fails in
 * the browser, where its uses keep the server's render.
 */
export function isIslandSnippet(source: string): boolean {
  if (!writesBrowserCode(source) || DEPENDS.test(withoutStrings(source).replace(REACT_IMPORT, ''))) return false;
  const declared = new Set(
    [...source.matchAll(/\b(?:const|let|var|function|class)\s+([A-Z][\w$]*)/g)].map((m) => m[1]),
  );
  return [...source.matchAll(/<([A-Z][\w$]*)/g)].every((m) => declared.has(m[1]));
}
