/**
 * Components a site's pages use that do not render as their author meant, gathered across an import:
 * - `unknown-component`: nothing defines them (neither Mintlify's built-ins nor the project's snippets).
 *   Mintlify refuses to build such a page; Offprint shows the component's content without it, so a reader
 *   sees a card without its frame or a tab set flattened.
 * - `component-failed`: a project component threw while rendering (a browser API it expects, a prop it
 *   cannot read). The page renders, with nothing in the component's place, so a reader silently misses
 *   a setup card or a whole table.
 * The import names each one, with where it is first used, so the author can fix or drop it.
 */
import { closest } from '../project/spelling.js';
import type { SiteProblem } from '../project/model.js';
import type { FailedComponent } from '../render/types.js';
import { BUILTIN_NAMES } from '../render/runtime/builtinNames.js';

/** At most this many component names are named; a site with more gets one line counting the rest. */
export const MAX_REPORTED_COMPONENTS = 20;

/** Distinct names kept: enough to report, bounded however many pages use how many names. */
const MAX_NAMES = 200;

interface ComponentUse {
  /** The first file (in page order) that uses the component. */
  readonly file: string;
  /** What the component did there: for a failing one, the first thing it threw. */
  readonly detail: string;
  /** How many pages use it. */
  pages: number;
}

/** How one kind of component problem is worded. */
interface ProblemWording {
  readonly code: Extract<SiteProblem['code'], 'unknown-component' | 'component-failed'>;
  /** The line for one component. */
  readonly describe: (name: string, detail: string) => string;
  /** The summary line for the `rest` components not named. */
  readonly rest: (rest: number) => string;
}

/** The components of one kind of problem, gathered page by page in reading order. */
class ComponentUses {
  private readonly uses = new Map<string, ComponentUse>();

  constructor(private readonly wording: ProblemWording) {}

  /** Records that the page in `file` uses each of `components`. */
  add(file: string, components: readonly FailedComponent[]): void {
    for (const { name, reason } of components) {
      const use = this.uses.get(name);
      if (use !== undefined) use.pages += 1;
      else if (this.uses.size < MAX_NAMES) this.uses.set(name, { file, detail: reason, pages: 1 });
    }
  }

  /**
   * One problem per name (at most {@link MAX_REPORTED_COMPONENTS}), then one whose `count` is the number
   * of names left unnamed.
   */
  problems(): SiteProblem[] {
    const { code, describe, rest } = this.wording;
    const uses = [...this.uses];
    const problems: SiteProblem[] = uses.slice(0, MAX_REPORTED_COMPONENTS).map(([name, use]) => ({
      code,
      file: use.file,
      message: `${describe(name, use.detail)}${use.pages > 1 ? ` (used on ${use.pages} pages)` : ''}`,
    }));
    const unnamed = uses.length - MAX_REPORTED_COMPONENTS;
    const [, first] = uses[MAX_REPORTED_COMPONENTS] ?? [];
    if (unnamed > 0 && first !== undefined) {
      problems.push({ code, file: first.file, message: rest(unnamed), count: unnamed });
    }
    return problems;
  }
}

/** Components the pages use that nothing defines (`add` them with an empty reason). */
export function unknownComponentUses(): ComponentUses {
  return new ComponentUses({
    code: 'unknown-component',
    describe: unknownMessage,
    rest: (n) => `and ${n} more components that neither Mintlify nor the project defines`,
  });
}

/** Project components that threw while rendering, each with the first thing it threw. */
export function failedComponentUses(): ComponentUses {
  return new ComponentUses({
    code: 'component-failed',
    describe: (name, reason) =>
      `<${name}> failed while rendering, so the page shows nothing in its place` +
      (reason === '' ? '' : ` (it threw: ${reason})`),
    rest: (n) => `and ${n} more components that failed while rendering`,
  });
}

export type { ComponentUses };

function unknownMessage(name: string): string {
  // A member of a namespace (`Radix.Popover.Trigger`) is named as written; only plain names are spelt.
  const suggestion = name.includes('.') ? undefined : closest(name, BUILTIN_NAMES);
  return (
    `<${name}> is not a component Mintlify or the project defines, so its content is shown without it` +
    (suggestion === undefined ? '' : ` (did you mean <${suggestion}>?)`)
  );
}
