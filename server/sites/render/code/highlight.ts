/**
 * Build-time syntax highlighting with Shiki. One highlighter per process, created on first use; grammars
 * load lazily per language. Tokens are coloured through CSS variables (`--op-code-token-*`), so a single
 * tokenisation serves both the light and the dark palette (see code-theme.css); that halves the cost of
 * Shiki's dual-theme mode, which tokenises once per theme.
 *
 * Grammars run on Shiki's JavaScript regex engine, not Oniguruma compiled to WebAssembly: a WebAssembly
 * memory only grows, and a render sandbox's grew to 250-300 MB over a large site's code blocks (each of
 * the two sandboxes ~450-500 MB in all while importing 10,000 pages). `forgiving` skips a pattern the
 * engine cannot translate instead of failing the grammar: the block is still highlighted, by the rest.
 */
import {
  bundledLanguages,
  bundledLanguagesInfo,
  createCssVariablesTheme,
  createHighlighter,
  type BundledLanguage,
  type Highlighter,
  type ShikiTransformer,
} from 'shiki';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { SizedCache } from '../sizedCache.js';
import { injectionCarriers } from './injections.js';
import type { FenceMeta } from './fenceMeta.js';

const THEME = createCssVariablesTheme({ name: 'offprint', variablePrefix: '--op-code-', fontStyle: true });

/** Names authors use that Shiki does not know, mapped to a Shiki language ('text' = no highlighting). */
const ALIASES: Readonly<Record<string, string>> = {
  '': 'text',
  txt: 'text',
  plaintext: 'text',
  plain: 'text',
  none: 'text',
  output: 'text',
  log: 'text',
  env: 'dotenv',
  curl: 'bash',
  terminal: 'bash',
  golang: 'go',
  svg: 'xml',
  vue3: 'vue',
  'c#': 'csharp',
  'f#': 'fsharp',
};

let highlighter: Highlighter | null = null;
let starting: Promise<Highlighter> | null = null;
const loaded = new Set<string>(['text']);
const pending = new Map<string, Promise<void>>();

/** The Shiki language to use for a fence language, 'text' when there is none. */
export function resolveLanguage(lang: string): string {
  const key = lang.trim().toLowerCase();
  const mapped = ALIASES[key] ?? key;
  return isBundled(mapped) ? mapped : 'text';
}

/** Shiki's own name of each language alias (`bash` → `shellscript`). */
const LANGUAGE_IDS: ReadonlyMap<string, string> = new Map(
  bundledLanguagesInfo.flatMap((info) => (info.aliases ?? []).map((alias): [string, string] => [alias, info.id])),
);

/**
 * Shiki's own name of a fence language (`bash` → `shellscript`, `txt` → `text`), which Mintlify writes on
 * a code block as its `language` attribute and projects' CSS selects (`.code-block[language="text"]`).
 */
export function languageId(lang: string): string {
  const resolved = resolveLanguage(lang);
  return LANGUAGE_IDS.get(resolved) ?? resolved;
}

function isBundled(name: string): name is BundledLanguage {
  return name in bundledLanguages;
}

/** Starts (once) the highlighter and loads the grammars of `langs`; safe to call concurrently. */
export async function prepareHighlighter(langs: Iterable<string>): Promise<void> {
  starting ??= createHighlighter({
    themes: [THEME],
    langs: [],
    engine: createJavaScriptRegexEngine({ forgiving: true }),
  }).then((h) => (highlighter = h));
  const h = await starting;
  const wanted = [...new Set([...langs].map(resolveLanguage))].filter((l) => !loaded.has(l));
  // One load per grammar even when concurrent renders ask for it at the same time.
  await Promise.all(
    wanted.map((lang) => {
      let load = pending.get(lang);
      if (!load) {
        // Every language loaded with it had its own embeds loaded first: none is loaded again later.
        load = loadWithEmbeds(h, lang).then((names) => names.forEach((name) => loaded.add(name)));
        pending.set(lang, load);
      }
      return load;
    }),
  );
}

/**
 * Loads `lang` with every language that may change how its blocks are tokenized: those it may embed, and
 * those whose grammars inject into one of their scopes (injections.ts). Shiki loads a grammar's lazily
 * embedded languages (an `mdx` block's JSX is `tsx`, a `markdown` block's fences are any language) only
 * when asked, and uses one for a block whenever it happens to be loaded; an injecting grammar (`ts-tags`'s
 * CSS in a TypeScript template) applies to every block of its target once anything loaded it. Either way
 * the same block rendered differently depending on which pages a render sandbox met before, and an
 * export's bytes on which sandbox rendered what. Loading them all with the language, before any of its
 * blocks is highlighted, makes a block's HTML a function of its code and language (and highlights it whole).
 *
 * They load one at a time, each after the languages it embeds: Shiki compiles a grammar again whenever a
 * language it embeds lazily arrives after it, so `mdx`'s 68 embedded grammars took ~5 s in one call (`mdx`
 * rebuilt for each) and ~0.5 s in this order; with the injecting ones, 76 grammars take ~1-1.3 s, once per
 * process. Returns the languages loaded (`lang` last).
 */
async function loadWithEmbeds(h: Highlighter, lang: string): Promise<readonly string[]> {
  const seen = new Set<BundledLanguage>();
  const embedsFirst: BundledLanguage[] = [];
  const visit = async (name: string): Promise<void> => {
    if (!isBundled(name) || seen.has(name)) return;
    seen.add(name);
    const grammars = (await bundledLanguages[name]()).default;
    for (const grammar of grammars) {
      for (const embedded of grammar.embeddedLangsLazy ?? []) await visit(embedded);
      for (const carrier of injectionCarriers(grammar.scopeName)) await visit(carrier);
    }
    embedsFirst.push(name);
  };
  await visit(lang);
  for (const name of embedsFirst) await h.loadLanguage(name);
  return embedsFirst;
}

/** Line decorations from the fence meta and `[!code ...]` markers. */
export interface LineMarks {
  readonly highlight: Set<number>;
  readonly focus: Set<number>;
  readonly add: Set<number>;
  readonly remove: Set<number>;
  readonly error: Set<number>;
  readonly warning: Set<number>;
}

const MARKER =
  /\s*(?:\/\/|#|--|;|%|<!--|\/\*|\{\/\*)\s*\[!code\s+(\+\+|--|highlight|hl|focus|error|warning)(?::(\d+))?\]\s*(?:-->|\*\/\}|\*\/)?\s*$/;

/** Strips `[!code ++]`-style comments (Shiki notation) and returns the code with the lines they mark. */
export function extractMarkers(
  code: string,
  meta: Pick<FenceMeta, 'highlight' | 'focus'>,
): { code: string; marks: LineMarks } {
  const marks: LineMarks = {
    highlight: new Set(meta.highlight),
    focus: new Set(meta.focus),
    add: new Set(),
    remove: new Set(),
    error: new Set(),
    warning: new Set(),
  };
  if (!code.includes('[!code')) return { code, marks };
  const lines = code.split('\n');
  lines.forEach((line, index) => {
    const match = MARKER.exec(line);
    if (!match) return;
    lines[index] = line.slice(0, match.index);
    const kind = match[1] ?? '';
    const target =
      kind === '++'
        ? marks.add
        : kind === '--'
          ? marks.remove
          : kind === 'focus'
            ? marks.focus
            : kind === 'error'
              ? marks.error
              : kind === 'warning'
                ? marks.warning
                : marks.highlight;
    const count = Math.min(Number(match[2] ?? '1') || 1, lines.length);
    for (let n = 0; n < count; n++) target.add(index + 1 + n);
  });
  return { code: lines.join('\n'), marks };
}

function lineTransformer(marks: LineMarks): ShikiTransformer {
  const anyFocus = marks.focus.size > 0;
  return {
    name: 'offprint-lines',
    line(node, line) {
      if (marks.highlight.has(line)) this.addClassToHast(node, 'op-line-highlight');
      if (marks.add.has(line)) this.addClassToHast(node, 'op-line-add');
      if (marks.remove.has(line)) this.addClassToHast(node, 'op-line-remove');
      if (marks.error.has(line)) this.addClassToHast(node, 'op-line-error');
      if (marks.warning.has(line)) this.addClassToHast(node, 'op-line-warning');
      if (anyFocus) this.addClassToHast(node, marks.focus.has(line) ? 'op-line-focus' : 'op-line-dim');
    },
    pre(node) {
      delete node.properties['tabindex'];
      this.addClassToHast(node, 'op-code-pre');
    },
  };
}

/** Longer lines (minified code) are shown untokenized rather than risk a slow scan. */
const MAX_TOKENIZED_LINE = 10_000;

/** Characters of code and highlighted HTML the cache keeps (4 MB or so; it was 4,000 blocks, however long). */
export const HIGHLIGHT_CACHE_CHARS = 4_000_000;

const cache = new SizedCache<string>(HIGHLIGHT_CACHE_CHARS, (key, html) => key.length + html.length);

/**
 * The `<pre>` HTML of a code block (synchronous; the language must have been prepared, otherwise the
 * block is rendered as plain text). Results are cached by language, decorations and code.
 */
export function highlightToHtml(code: string, lang: string, marks: LineMarks): string {
  const language = resolveLanguage(lang);
  const key = [language, ...Object.values(marks).map((s: Set<number>) => [...s].join(','))].join('|') + '\0' + code;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const html =
    highlighter?.codeToHtml(code, {
      lang: loaded.has(language) ? language : 'text',
      theme: 'offprint',
      // Shiki stops tokenizing a line after 500 ms by default and emits the rest as one token: on a busy
      // machine (a grammar's first use compiles its patterns) the same page then renders differently,
      // and an export's bytes depend on timing. The bound is on length instead, which is deterministic.
      tokenizeTimeLimit: 0,
      tokenizeMaxLineLength: MAX_TOKENIZED_LINE,
      transformers: [lineTransformer(marks)],
    }) ?? plainCodeHtml(code);
  cache.set(key, html);
  return html;
}

/** No line decorations: blocks the server writes itself (endpoint samples and examples). */
const NO_MARKS: LineMarks = {
  highlight: new Set(),
  focus: new Set(),
  add: new Set(),
  remove: new Set(),
  error: new Set(),
  warning: new Set(),
};

/** The `<pre>` HTML of each block, without line decorations, once the grammars they use are loaded. */
export async function highlightBlocks(blocks: readonly { code: string; lang: string }[]): Promise<string[]> {
  await prepareHighlighter(blocks.map((block) => block.lang));
  return blocks.map((block) => highlightToHtml(block.code, block.lang, NO_MARKS));
}

/** The `<pre>` HTML of a block left unhighlighted (Shiki's markup without tokens). */
export function plainCodeHtml(code: string): string {
  return `<pre class="op-code-pre"><code>${escapeHtml(code)}</code></pre>`;
}

/** Minimal HTML text escaping. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
