/** Command-line parsing over node:util's strict `parseArgs`. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { type z } from 'zod';
import { UsageError } from './io.js';

/** Options every command takes. */
export const COMMON_OPTIONS = {
  'data-dir': { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const satisfies ParseArgsConfig['options'];

/** Parses `argv` against `options`; unknown flags and missing values are usage errors. */
export function parseCommandArgs<O extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: O) {
  try {
    return parseArgs({ args: argv, options: { ...COMMON_OPTIONS, ...options }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** Validates a flag value with a zod schema, naming the flag in the error. */
export function flag<S extends z.ZodType>(name: string, schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  // Issues of an object schema name their own field (a flag of the same name); others belong to `name`.
  throw new UsageError(
    result.error.issues.map((i) => `--${i.path.length > 0 ? i.path.join('.') : name}: ${i.message}`).join('; '),
  );
}

/** The single positional argument a command expects. */
export function onePositional(positionals: string[], what: string): string {
  const [first, ...rest] = positionals;
  if (first === undefined) throw new UsageError(`missing ${what}`);
  if (rest.length > 0) throw new UsageError(`unexpected argument: ${rest[0]}`);
  return first;
}
