/**
 * Command-line parsing over node:util's strict `parseArgs`, with our own messages: node's name the
 * flag but talk about positionals and `--`, which is not what someone who mistyped a flag needs.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { type z } from 'zod';
import { UsageError } from './io.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** Options every command takes. */
export const COMMON_OPTIONS = {
  'data-dir': { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const satisfies ParseArgsConfig['options'];

/** Edit distance, for "did you mean": small strings only. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}

function unknownOption(raw: string, name: string, options: Options): UsageError {
  const close = Object.keys(options).filter((known) => distance(known, name) <= 2 && known.length > 2);
  const suggestion = close.length > 0 ? `did you mean ${close.map((c) => `--${c}`).join(' or ')}?` : undefined;
  return new UsageError(`unknown option ${raw}`, { unknownOption: raw, suggestion });
}

/** The first problem node's strict parse would report, in our words; null when there is none. */
function findProblem(argv: string[], options: Options): UsageError | null {
  const { tokens } = parseArgs({ args: argv, options, allowPositionals: true, strict: false, tokens: true });
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    const option = Object.hasOwn(options, token.name) ? options[token.name] : undefined;
    if (option === undefined) return unknownOption(token.rawName, token.name, options);
    if (option.type === 'boolean' && token.value !== undefined) {
      return new UsageError(`${token.rawName} takes no value (got "${token.value}")`);
    }
    const dashed = token.value?.startsWith('-') === true && !token.inlineValue;
    if (option.type === 'string' && (token.value === undefined || dashed)) {
      const how = dashed ? ` (for a value starting with a dash, write ${token.rawName}=${token.value ?? ''})` : '';
      return new UsageError(`${token.rawName} needs a value${how}`);
    }
  }
  return null;
}

/** Parses `argv` against `options`; unknown flags and missing values are usage errors. */
export function parseCommandArgs<O extends Options>(argv: string[], options: O) {
  const all = { ...COMMON_OPTIONS, ...options };
  const problem = findProblem(argv, all);
  if (problem !== null) throw problem;
  try {
    return parseArgs({ args: argv, options: all, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** A flag's name as typed, from a schema field's (`dateFrom` is `--date-from`), or as `renamed` says. */
function flagName(field: PropertyKey, renamed: Readonly<Record<string, string>>): string {
  const key = String(field);
  return renamed[key] ?? key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** The value an issue is about: `value` itself, or the field of it the issue's path names. */
function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let at = value;
  for (const key of path) at = typeof at === 'object' && at !== null ? Reflect.get(at, key) : undefined;
  return at;
}

/**
 * One issue about `--flag`, in the words of someone typing a command line: zod's own ("Invalid input:
 * expected string, received undefined", "expected one of \"a\"|\"b\"") describe the schema, not what
 * to type. Messages the schemas wrote themselves are kept.
 */
function issueLine(flagText: string, issue: z.core.$ZodIssue, given: unknown): string {
  if (issue.code === 'invalid_type' && given === undefined) return `${flagText} is required`;
  if (issue.code === 'invalid_value' && issue.values.length > 1) {
    const choices = issue.values.map(String).join(', ');
    if (given === undefined) return `${flagText} is required (${choices})`;
    return `${flagText} must be one of ${choices} (got ${JSON.stringify(given)})`;
  }
  if (issue.code === 'too_big' && issue.origin === 'string') {
    return `${flagText} must be at most ${issue.maximum} characters`;
  }
  // zod's own wording only ("Too small: expected string to have >=1 characters"); a schema's message is kept.
  if (issue.code === 'too_small' && issue.origin === 'string' && issue.message.startsWith('Too small')) {
    const least = Number(issue.minimum);
    return least <= 1 ? `${flagText} must not be empty` : `${flagText} must be at least ${least} characters`;
  }
  return `${flagText}: ${issue.message}`;
}

/**
 * Validates a flag value with a zod schema, naming the flag in the error. Issues of an object schema
 * name their own field (a flag of that name, or as `renamed` says: `{ q: 'search' }`); others `name`.
 */
export function flag<S extends z.ZodType>(
  name: string,
  schema: S,
  value: unknown,
  renamed: Readonly<Record<string, string>> = {},
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const field = issue.path.map((key) => flagName(key, renamed)).join('.');
    return issueLine(`--${field === '' ? name : field}`, issue, valueAt(value, issue.path));
  });
  throw new UsageError(lines.join('; '));
}

/**
 * Validates a positional argument with a zod schema, naming it as `label` (`the note TEXT`) in the error,
 * in the words {@link flag} uses for a flag's value.
 */
export function positional<S extends z.ZodType>(label: string, schema: S, value: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new UsageError(result.error.issues.map((issue) => issueLine(label, issue, value)).join('; '));
}

/** The single positional argument a command expects. */
export function onePositional(positionals: string[], what: string): string {
  const [first, ...rest] = positionals;
  if (first === undefined) throw new UsageError(`missing ${what}`);
  if (rest.length > 0) throw new UsageError(`unexpected argument: ${rest[0]}`);
  return first;
}
