/** Output helpers and error reporting shared by the CLI commands. */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { AppError } from '../errors.js';
import { DatabaseTooNewError } from '../db/migrations.js';
import { CliNotFoundError } from './notFound.js';

/** What a usage error knows besides its message. */
export interface UsageDetails {
  /** The flag that no option of the command matches, as typed. */
  readonly unknownOption?: string;
  /** A likely fix (`did you mean --json?`). */
  readonly suggestion?: string | undefined;
}

/** Raised for wrong command-line usage: printed with a hint, exit code 2. */
export class UsageError extends Error {
  /** The command it happened in (`keys`) and how it was run (`keys list`); set by `runCli`. */
  command: { readonly name: string; readonly label: string } | undefined;

  constructor(
    message: string,
    readonly details: UsageDetails = {},
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

function usageMessage(error: UsageError): string {
  const { command, details } = error;
  const where =
    details.unknownOption !== undefined && command !== undefined ? ` for \`offprint ${command.label}\`` : '';
  const fix = details.suggestion === undefined ? '' : ` (${details.suggestion})`;
  const hint = command === undefined ? 'Run "offprint help" for usage.' : `See \`offprint ${command.name} --help\`.`;
  return `offprint: ${error.message}${where}${fix}\n${hint}`;
}

/** Where a command writes. Tests pass their own streams. */
export interface CliIo {
  readonly stdout: Writable;
  readonly stderr: Writable;
  readonly stdin: NodeJS.ReadableStream;
  readonly env: NodeJS.ProcessEnv;
}

/** True when `stream` is a terminal (a person reads it), not a pipe or a file. */
export function isTerminal(stream: Writable): boolean {
  return 'isTTY' in stream && stream.isTTY === true;
}

/** Writes `text`, waiting when the stream's buffer is full (exports may be millions of lines). */
export async function write(stream: Writable, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain');
}

/** Prints one JSON object on a line. */
export async function printJson(io: CliIo, value: unknown): Promise<void> {
  await write(io.stdout, `${JSON.stringify(value)}\n`);
}

/** Formats rows as aligned columns. */
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(headers), ...rows.map(line)].join('\n') + '\n';
}

/** Turns an error into the message printed on stderr and the exit code. */
export function describeError(error: unknown): { message: string; exitCode: number } {
  if (error instanceof UsageError) return { message: usageMessage(error), exitCode: 2 };
  if (error instanceof AppError) {
    const details = error.details.map((d) => `  - ${d.message}`).join('\n');
    return { message: `offprint: ${error.message}${details === '' ? '' : `\n${details}`}`, exitCode: 1 };
  }
  if (error instanceof CliNotFoundError) return { message: `offprint: ${error.message}`, exitCode: 1 };
  if (error instanceof DatabaseTooNewError) return { message: `offprint: ${error.message}`, exitCode: 1 };
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') {
    return { message: `offprint: ${error.message} (${error.code})`, exitCode: 1 };
  }
  return {
    message: `offprint: unexpected error: ${error instanceof Error ? error.message : String(error)}`,
    exitCode: 1,
  };
}
