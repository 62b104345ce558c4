/**
 * The CSS class names a project's pages and snippets write (`className="p-4 rounded-lg"`, `class='x'`,
 * `className={"x"}`, and the string literals of an expression: `className={cn("p-4", open && "border")}`,
 * `` className={`grid ${cols}`} ``, a name joined to a hole left out): Mintlify pages style themselves
 * with Tailwind's utility classes, and the theme makes a stylesheet of exactly those (theme/utilityCss.ts).
 * Only the distinct names are kept, each short and at most {@link MAX_CLASS_NAMES} of them, so a
 * 10,000-page project holds a few thousand small strings at most.
 */

/** A class attribute: a quoted value, or the start of an expression in braces (read by {@link expressionAt}). */
const CLASS_ATTRIBUTE = /\bclass(?:Name)?\s*=\s*(?:"([^"]*)"|'([^']*)'|(\{))/g;
/** A string literal in an expression; a template literal's holes are cut out of it by {@link TEMPLATE_HOLE}. */
const STRING_LITERAL = /"([^"\n]*)"|'([^'\n]*)'|`([^`]*)`/g;
const TEMPLATE_HOLE = /\$\{[^}]*\}/g;
/** What a hole becomes: a name written against it (`text-${size}`) is only part of a name. */
const HOLE = '\u0000';
/** Characters of an expression read at most (a class expression is a line or two). */
const MAX_EXPRESSION = 2_000;

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
      const quoted = match[1] ?? match[2];
      const values = quoted !== undefined ? [quoted] : literalsOf(expressionAt(source, match.index + match[0].length));
      for (const value of values) if (!this.add(value)) return;
    }
  }

  /** Adds the names of one class value; false once the bound is reached. */
  private add(value: string): boolean {
    for (const name of value.split(/\s+/)) {
      if (name === '' || name.length > MAX_NAME_LENGTH || name.includes(HOLE)) continue;
      if (this.names.size >= MAX_CLASS_NAMES) return false;
      this.names.add(name);
    }
    return true;
  }

  /** The names collected, sorted (the same project gives the same list). */
  sorted(): string[] {
    return [...this.names].sort();
  }
}

/** The expression that starts at `start` (just after its `{`), up to its closing brace; bounded. */
function expressionAt(source: string, start: number): string {
  let depth = 1;
  const end = Math.min(source.length, start + MAX_EXPRESSION);
  for (let i = start; i < end; i++) {
    const char = source[i];
    if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return source.slice(start, i);
  }
  return '';
}

/** The static text of each string literal in `expression` (a template literal's holes left out). */
function literalsOf(expression: string): string[] {
  return [...expression.matchAll(STRING_LITERAL)].map((m) => (m[1] ?? m[2] ?? m[3] ?? '').replace(TEMPLATE_HOLE, HOLE));
}
