/**
 * The CSS class names a project's pages and snippets write (`className="p-4 rounded-lg"`, `class='x'`,
 * `className={"x"}`): Mintlify pages style themselves with Tailwind's utility classes, and the theme makes
 * a stylesheet of exactly those (theme/utilityCss.ts). Only the distinct names are kept, each short and at
 * most {@link MAX_CLASS_NAMES} of them, so a 10,000-page project holds a few thousand small strings at most.
 */

/** A class attribute with a literal value: quoted, or a string literal in braces (no template holes). */
const CLASS_ATTRIBUTE = /\bclass(?:Name)?\s*=\s*(?:"([^"]*)"|'([^']*)'|\{\s*(?:"([^"]*)"|'([^']*)'|`([^`$]*)`)\s*\})/g;

/** Distinct names kept per project; past it, more are not looked for. */
export const MAX_CLASS_NAMES = 10_000;
/** Longer tokens are no utility class (an arbitrary value is rarely past a few dozen characters). */
const MAX_NAME_LENGTH = 120;

/** Collects the class names of the sources it is given. */
export class ClassNameCollector {
  private readonly names = new Set<string>();

  /** Adds the class names written in `source` (an MDX page, a snippet). */
  collect(source: string): void {
    if (this.names.size >= MAX_CLASS_NAMES || !source.includes('class')) return;
    for (const match of source.matchAll(CLASS_ATTRIBUTE)) {
      const value = match.slice(1).find((group) => group !== undefined) ?? '';
      for (const name of value.split(/\s+/)) {
        if (name === '' || name.length > MAX_NAME_LENGTH) continue;
        if (this.names.size >= MAX_CLASS_NAMES) return;
        this.names.add(name);
      }
    }
  }

  /** The names collected, sorted (the same project gives the same list). */
  sorted(): string[] {
    return [...this.names].sort();
  }
}
