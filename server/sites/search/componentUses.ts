/**
 * Components a site's pages use that nothing defines: neither Mintlify's built-ins nor the project's
 * snippets. Mintlify refuses to build such a page; Offprint shows the component's content without it, so
 * a reader sees a card without its frame or a tab set flattened. The import names each one, with where
 * it is first used and a built-in it may be a misspelling of, so the author can fix or drop it.
 */
import { closest } from '../project/spelling.js';
import type { SiteProblem } from '../project/model.js';
import { BUILTIN_NAMES } from '../render/runtime/builtinNames.js';

/** At most this many component names are named; a site with more gets one line counting the rest. */
export const MAX_REPORTED_COMPONENTS = 20;

/** Distinct names kept: enough to report, bounded however many pages use how many names. */
const MAX_NAMES = 200;

interface ComponentUse {
  /** The first file (in page order) that uses the component. */
  readonly file: string;
  /** How many pages use it. */
  pages: number;
}

/** The unknown components of an import's pages, gathered page by page in reading order. */
export class UnknownComponentUses {
  private readonly uses = new Map<string, ComponentUse>();

  /** Records that the page in `file` uses each of `names`. */
  add(file: string, names: readonly string[]): void {
    for (const name of names) {
      const use = this.uses.get(name);
      if (use !== undefined) use.pages += 1;
      else if (this.uses.size < MAX_NAMES) this.uses.set(name, { file, pages: 1 });
    }
  }

  /**
   * One `unknown-component` problem per name (at most {@link MAX_REPORTED_COMPONENTS}), then one whose
   * `count` is the number of names left unnamed.
   */
  problems(): SiteProblem[] {
    const uses = [...this.uses];
    const problems: SiteProblem[] = uses.slice(0, MAX_REPORTED_COMPONENTS).map(([name, use]) => ({
      code: 'unknown-component',
      file: use.file,
      message: `${componentMessage(name)}${use.pages > 1 ? ` (used on ${use.pages} pages)` : ''}`,
    }));
    const rest = uses.length - MAX_REPORTED_COMPONENTS;
    const [, first] = uses[MAX_REPORTED_COMPONENTS] ?? [];
    if (rest > 0 && first !== undefined) {
      problems.push({
        code: 'unknown-component',
        file: first.file,
        message: `and ${rest} more components that neither Mintlify nor the project defines`,
        count: rest,
      });
    }
    return problems;
  }
}

function componentMessage(name: string): string {
  // A member of a namespace (`Radix.Popover.Trigger`) is named as written; only plain names are spelt.
  const suggestion = name.includes('.') ? undefined : closest(name, BUILTIN_NAMES);
  return (
    `<${name}> is not a component Mintlify or the project defines, so its content is shown without it` +
    (suggestion === undefined ? '' : ` (did you mean <${suggestion}>?)`)
  );
}
