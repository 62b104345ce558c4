/**
 * MDX -> JavaScript function body, with Mintlify's Markdown extensions. Compilation is synchronous and
 * cached by source text: the same snippet imported by many pages is compiled once per process.
 */
import { compileSync } from '@mdx-js/mdx';
import type { FunctionDeclaration, Program } from 'estree';
import rehypeKatex from 'rehype-katex';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { remarkPromptSource } from './promptSource.js';
import { HOOKS, remarkOffprint, type CompileFacts, type ImportBinding } from './remarkOffprint.js';
import type { IslandPlan } from './islands.js';
import { SizedCache } from '../sizedCache.js';
import { id, objectPatternConst, walk } from './estree.js';
import { escapeStrayBrace, failureOffset, lineColumn } from './strayBraces.js';
import { describeCompileError } from './syntaxError.js';

/** A compiled MDX module, ready for `runSync`. */
export interface CompiledModule {
  /** Function body; null when the source did not compile (see `error`). */
  readonly code: string | null;
  readonly error: string | null;
  readonly imports: readonly string[];
  /** The names its imports declare (snippet code may read the page's: modules.tsx). */
  readonly bindings: readonly ImportBinding[];
  readonly langs: readonly string[];
  readonly warnings: readonly string[];
  /** The page's interactive components and their code for the browser (islands.ts); null when none. */
  readonly islands: IslandPlan | null;
}

/**
 * Characters of source and compiled code the cache keeps (16 MB or so): every page of a few hundred
 * pages' site, and its snippets; 2,000 entries, the bound before, held ~100 MB per sandbox once a large
 * site's pages had filled it.
 */
export const COMPILE_CACHE_CHARS = 16_000_000;

const cache = new SizedCache<CompiledModule>(
  COMPILE_CACHE_CHARS,
  (source, compiled) => source.length + (compiled.code?.length ?? 0) + (compiled.islands?.source.length ?? 0),
);

/**
 * Compiles MDX (or Markdown, parsed as MDX like Mintlify does) to a function body. Identifiers that
 * expressions read without declaring them are taken from the component's props (snippet props are
 * `{name}` variables in Mintlify), so an undefined one is `undefined`, never a ReferenceError.
 */
export function compileMdx(source: string): CompiledModule {
  const hit = cache.get(source);
  if (hit !== undefined) return hit;
  const result = compileUncached(source);
  cache.set(source, result);
  return result;
}

/** Stray braces escaped in one source at most: past that the page is more likely not MDX at all. */
const MAX_BRACE_REPAIRS = 20;

/**
 * Compiles `source`; where a `{` opens no valid expression, compiles it again with that brace read as
 * text (strayBraces.ts), naming each in the warnings, so the rest of the page renders.
 */
function compileUncached(source: string): CompiledModule {
  let text = source;
  // Offsets in `text` of the backslashes added so far: a brace's place in `source` is its own less those before it.
  const added: number[] = [];
  const repairs: string[] = [];
  let beforeRepair: CompiledModule | null = null;
  for (;;) {
    const { compiled, thrown } = compileOnce(text);
    if (compiled.code !== null || repairs.length >= MAX_BRACE_REPAIRS) return withWarnings(compiled, repairs);
    // The parser stopped at the backslash just added (a brace in an attribute value, where `\{` is no text):
    // the escape made it worse, and the error before it is the one the author can act on.
    if (beforeRepair !== null && failureOffset(thrown) === added.at(-1)) {
      return withWarnings(beforeRepair, repairs.slice(0, -1));
    }
    const repair = escapeStrayBrace(text, thrown);
    if (repair === null) return withWarnings(compiled, repairs);
    const original = repair.offset - added.filter((at) => at < repair.offset).length;
    repairs.push(
      `MDX syntax: the \`{\` at line ${lineColumn(source, original)} opens no valid expression (${repair.reason}); shown as text`,
    );
    added.push(repair.offset);
    beforeRepair = compiled;
    text = repair.text;
  }
}

function withWarnings(compiled: CompiledModule, repairs: readonly string[]): CompiledModule {
  return repairs.length === 0 ? compiled : { ...compiled, warnings: [...repairs, ...compiled.warnings] };
}

/** One compile of `source`; what it threw is kept for {@link escapeStrayBrace}. */
function compileOnce(source: string): { compiled: CompiledModule; thrown?: unknown } {
  const facts: CompileFacts = {
    imports: [],
    bindings: [],
    langs: new Set(),
    freeNames: new Set(),
    warnings: [],
    islands: null,
  };
  try {
    const file = compileSync(source, {
      outputFormat: 'function-body',
      development: false,
      remarkPlugins: [remarkGfm, remarkMath, remarkPromptSource(source), remarkOffprint(facts)],
      rehypePlugins: [[rehypeKatex, { output: 'html', throwOnError: false, strict: 'ignore' }]],
      recmaPlugins: [() => (tree: Program) => injectPropNames(tree, facts.freeNames)],
    });
    const compiled: CompiledModule = {
      code: String(file.value),
      error: null,
      imports: facts.imports,
      bindings: facts.bindings,
      langs: [...facts.langs],
      warnings: facts.warnings,
      islands: facts.islands,
    };
    return { compiled };
  } catch (error) {
    const compiled: CompiledModule = {
      code: null,
      error: describeCompileError(error),
      imports: [],
      bindings: [],
      langs: [],
      warnings: facts.warnings,
      islands: null,
    };
    return { compiled, thrown: error };
  }
}

const NOT_PROPS = new Set(['props', 'arguments', 'undefined', 'React', ...HOOKS]);

/** Adds `const {a, b} = props;` at the top of `_createMdxContent(props)` for free identifiers. */
function injectPropNames(tree: Program, names: ReadonlySet<string>): void {
  const wanted = [...names].filter(
    (name) => !name.startsWith('_') && !NOT_PROPS.has(name) && !(name in globalThis) && name !== 'props',
  );
  if (wanted.length === 0) return;
  walk(tree, (node) => {
    if (node.type !== 'FunctionDeclaration' || node.id?.name !== '_createMdxContent') return undefined;
    const fn: FunctionDeclaration = node;
    fn.body.body.unshift(
      objectPatternConst(
        wanted.map((name) => ({ key: name, local: name })),
        id('props'),
      ),
    );
    return false;
  });
}
