/**
 * Is a page's content all there? The words of an MDX page's source (prose and code, without markup:
 * frontmatter, imports and exports, JSX tags and their attribute values, expressions, link and image
 * targets, heading ids and comments are left out) compared with the words of the page as the server
 * renders it (renderPageSource, in the render sandbox, then the search index's plain text). The measure
 * is word coverage: the share of the source's words (as a multiset, lower-cased) the rendered text has.
 * Extra rendered words (snippets, generated reference, labels) do not count against a page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeEntities, htmlToText } from '../../server/sites/render/text.js';
import type { SiteModel } from '../../server/sites/project/model.js';
import { renderPageSource } from '../../server/sites/sandbox/page.js';

/** One page's comparison. */
export interface PageCoverage {
  readonly file: string;
  readonly sourceWords: number;
  /** Share of the source's words found in the rendered text (1 for a page with no words). */
  readonly ratio: number;
  /** Source words the rendered text lacks (up to 12, most frequent first): where to look. */
  readonly lost: readonly string[];
}

/** A fenced code block; as in CommonMark, a longer run of the fence's character closes it too. */
const FENCE = /^[ \t]*(`{3,}|~{3,})[^\n]*\n([\s\S]*?)\n[ \t]*\1[`~]*[ \t]*$/gm;
/** A JSX/HTML tag with its attributes (quoted values and up to two levels of braces). */
const TAG = /<\/?[A-Za-z][\w.:-]*(?:\s+(?:[^<>"'{}]|"[^"]*"|'[^']*'|\{(?:[^{}]|\{[^{}]*\})*\})*)?\s*\/?>/g;

/** Prose without markup: what a reader of the rendered page reads of it. */
function proseText(prose: string): string {
  return (
    prose
      .replace(/\{\/\*[\s\S]*?\*\/\}/g, ' ')
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/^(import|export)\s[\s\S]*?(?=\n\s*\n|$)/gm, ' ')
      .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
      .replace(/\]\([^)]*\)/g, ']')
      .replace(/\{#[^}]+\}/g, ' ')
      .replace(TAG, ' ')
      .replace(/\{(?:[^{}]|\{[^{}]*\})*\}/g, ' ')
      // List numbers are drawn by the list, not text; code and bold marks vanish without a space (as
      // `<code>PORT</code>The` reads "PORTThe" in the rendered text), so both sides split words alike.
      .replace(/^[ \t>]*\d+[.)][ \t]+/gm, ' ')
      .replace(/`+|\*\*/g, '')
  );
}

/** The words of an MDX source: code blocks kept whole, prose stripped of markup. */
export function sourceText(source: string): string {
  const body = source.replace(/^---\n[\s\S]*?\n---\n/, '');
  const code: string[] = [];
  const prose = body.replace(FENCE, (_all, _fence: string, inner: string) => {
    code.push(inner);
    return '\n';
  });
  return `${decodeEntities(proseText(prose))}\n${code.join('\n')}`;
}

/** Lower-cased letter/digit runs. */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function counts(list: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const word of list) out.set(word, (out.get(word) ?? 0) + 1);
  return out;
}

/** Word coverage of `source` by `rendered` (see the file's doc). */
export function coverage(file: string, source: string, rendered: string): PageCoverage {
  const have = counts(words(rendered));
  const need = counts(words(sourceText(source)));
  let total = 0;
  let found = 0;
  const lost: [string, number][] = [];
  for (const [word, n] of need) {
    const m = Math.min(n, have.get(word) ?? 0);
    total += n;
    found += m;
    if (m < n) lost.push([word, n - m]);
  }
  lost.sort((a, b) => b[1] - a[1]);
  return { file, sourceWords: total, ratio: total === 0 ? 1 : found / total, lost: lost.slice(0, 12).map(([w]) => w) };
}

/** Renders every page of `model` that has an MDX file and measures its coverage. */
export async function compareSite(model: SiteModel, rootDir: string): Promise<PageCoverage[]> {
  const out: PageCoverage[] = [];
  for (const page of model.pages.values()) {
    if (page.file === null) continue;
    const rendered = await renderPageSource(model, rootDir, page);
    // Adjacent elements read as separate words (a tooltip's trigger and its tip), except in code blocks,
    // where the highlighter's tokens may split one word (`ENDPOIN` `T`).
    const spaced = rendered.html
      .split(/(<pre\b[\s\S]*?<\/pre>)/)
      .map((part) => (part.startsWith('<pre') ? part : part.replace(/></g, '> <')))
      .join('');
    const text = htmlToText(spaced);
    out.push(coverage(page.file, readFileSync(join(rootDir, page.file), 'utf8'), text));
  }
  return out;
}
