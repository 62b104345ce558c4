/**
 * Zod messages for config files, and lenient parsing: for keys the site can be served without
 * (`background`, `integrations.telemetry`, frontmatter), where a bad value is a problem to report and
 * the default to use, never a reason to refuse the whole project.
 */
import { type z } from 'zod';
import type { ConfigIssue } from './navigationSchema.js';

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

/** Zod's default messages say "Invalid input: expected string, received undefined"; these read better. */
export const configErrorMap: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined) return 'is required';
    return `must be ${issue.expected === 'object' ? 'an object' : issue.expected === 'array' ? 'an array' : `a ${issue.expected}`}, found ${describe(issue.input)}`;
  }
  if (issue.code === 'invalid_value') {
    return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, found ${describe(issue.input)}`;
  }
  return undefined;
};

/** What a lenient parse kept, and what it dropped. */
export interface LenientResult<T> {
  readonly data: T;
  readonly issues: readonly ConfigIssue[];
}

/**
 * Parses `value` with an object schema whose keys are all optional. Each top-level key whose value does
 * not match is dropped (so its default applies) and reported; a value that is not an object at all
 * gives `fallback`. Unknown keys are kept as the schema keeps them.
 */
export function parseLenient<S extends z.ZodObject>(
  schema: S,
  value: unknown,
  fallback: z.output<S>,
): LenientResult<z.output<S>> {
  const first = schema.safeParse(value, { error: configErrorMap });
  if (first.success) return { data: first.data, issues: [] };
  const issues = first.error.issues.map((i) => ({ path: i.path, message: i.message }));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { data: fallback, issues };
  const bad = new Set(issues.map((i) => i.path[0]));
  const kept = Object.fromEntries(Object.entries(value).filter(([key]) => !bad.has(key)));
  const second = schema.safeParse(kept);
  return { data: second.success ? second.data : fallback, issues };
}
