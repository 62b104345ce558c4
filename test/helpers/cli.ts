/** Runs the CLI: in-process (fast) or as the built `offprint` binary (what scripts use). */
import { spawn } from 'node:child_process';
import { PassThrough, Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../server/cli/main.js';
import { tempDir } from './dataDirs.js';

/** What a CLI run printed and returned. */
export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function collect(stream: PassThrough): () => string {
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  return () => Buffer.concat(chunks).toString('utf8');
}

/**
 * An environment whose default data dir is a throwaway folder (removed after the test file), so a test never
 * touches the real one.
 */
function isolatedEnv(): NodeJS.ProcessEnv {
  return { XDG_DATA_HOME: tempDir('offprint-cli-home-') };
}

/** Runs `offprint ...args` in this process. */
export async function cli(
  args: string[],
  options: { stdin?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<CliResult> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out = collect(stdout);
  const err = collect(stderr);
  const code = await runCli(args, {
    stdout,
    stderr,
    stdin: Readable.from([options.stdin ?? '']),
    env: options.env ?? isolatedEnv(),
  });
  return { code, stdout: out(), stderr: err() };
}

/** The built CLI entry point (`npm run build` produces it; the test command builds first). */
export const CLI_BIN = fileURLToPath(new URL('../../dist/server/cli/main.js', import.meta.url));

/** Runs the built `offprint` in a child process and waits for it to exit. */
export function cliProcess(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_BIN, ...args], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdin.end();
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (c: string) => (stdout += c));
    child.stderr.on('data', (c: string) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
