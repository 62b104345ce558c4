/**
 * The built `offprint` binary as a child process, the way scripts run it: `serve` kept running, and
 * one-shot commands fed on standard input (which `cliProcess` leaves open).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { CLI_BIN } from './cli.js';

/** A running `offprint serve`. */
export interface ServeProcess {
  readonly child: ChildProcessWithoutNullStreams;
  /** The first stdout line, without its newline. */
  readonly line: string;
  /** The URL the line announced. */
  readonly url: string;
  readonly port: number;
  /** Everything printed so far. */
  readonly stdout: () => string;
  readonly stderr: () => string;
  /** Sends `signal` and resolves with how the process ended. */
  readonly stop: (signal?: NodeJS.Signals) => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** How a process ended and what it printed. */
export interface Exited {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** How `serve` is started: extra environment, and whether it leads its own process group. */
export interface ServeOptions {
  readonly env?: NodeJS.ProcessEnv;
  /** Leader of its own process group, so a kill test can SIGKILL the group (its Chromium too) at once. */
  readonly detached?: boolean;
}

function start(args: readonly string[], options: ServeOptions): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [CLI_BIN, 'serve', ...args], {
    env: { ...process.env, OFFPRINT_LOG_LEVEL: 'warn', ...options.env },
    detached: options.detached ?? false,
  });
}

/** How long `serve` may take to print its first line before the start counts as failed. */
const FIRST_LINE_MS = 60_000;

/** The URL of `serve`'s first line: the contract's line, or with --json one object naming it. */
function urlOfServeLine(line: string): string {
  const url = line.startsWith('{')
    ? (JSON.parse(line) as { url?: unknown }).url
    : line.replace(/^Offprint listening on /, '');
  if (typeof url !== 'string' || !URL.canParse(url)) throw new Error(`serve printed no URL: ${line}`);
  return url;
}

/**
 * Starts `offprint serve ARGS` and resolves once it printed its first stdout line; rejects when the
 * process exits before that, takes longer than a minute or prints no URL, and then kills it (a test
 * whose start failed never gets a handle to stop). Always `stop()` it (or let the test fail with the
 * process killed).
 */
export async function startServe(args: readonly string[], options: ServeOptions = {}): Promise<ServeProcess> {
  const child = start(args, options);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => (stdout += chunk));
  child.stderr.on('data', (chunk: string) => (stderr += chunk));
  const exited = once(child, 'close');
  let timer: NodeJS.Timeout | undefined;
  let line: string;
  let url: string;
  try {
    line = await new Promise<string>((resolve, reject) => {
      const check = (): void => {
        const end = stdout.indexOf('\n');
        if (end >= 0) resolve(stdout.slice(0, end));
      };
      child.stdout.on('data', check);
      timer = setTimeout(
        () => reject(new Error(`serve printed nothing in ${FIRST_LINE_MS} ms: ${stderr}`)),
        FIRST_LINE_MS,
      );
      exited.then(
        ([code, signal]) =>
          reject(new Error(`serve exited (${String(code)}, ${String(signal)}) before printing: ${stderr}`)),
        reject,
      );
    });
    url = urlOfServeLine(line);
  } catch (error) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return {
    child,
    line,
    url,
    port: Number(new URL(url).port),
    stdout: () => stdout,
    stderr: () => stderr,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const [code, sig] = (await exited) as [number | null, NodeJS.Signals | null];
      return { code, signal: sig };
    },
  };
}

/**
 * Runs `offprint ARGS` to completion, writing `stdin` to its standard input and closing it. With
 * `timeoutMs` a run that takes longer is killed (SIGTERM), so a hang fails the test instead of stalling it.
 */
export async function runBinary(
  args: readonly string[],
  options: { stdin?: string | Buffer; env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number } = {},
): Promise<Exited> {
  const child = spawn(process.execPath, [CLI_BIN, ...args], {
    env: { ...process.env, OFFPRINT_LOG_LEVEL: 'warn', ...options.env },
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs }),
  });
  // Decoded once at the end: a chunk boundary may fall inside a multi-byte character.
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
  child.stdin.end(options.stdin ?? '');
  const [code, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
  return { code, signal, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
}

/** Runs `offprint serve ARGS` expecting it to exit on its own (a refused data dir, a bad flag). */
export function serveUntilExit(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<Exited> {
  return runBinary(['serve', ...args], { env });
}

/**
 * Through the binary, as a script sets up a workstation: a project named `name` whose site is imported
 * from `source`, and an admin key. Throws with the CLI's stderr when a step fails.
 */
export async function createProjectAndKey(
  dataDir: string,
  project: { name: string; domain: string; source: string },
): Promise<{ projectId: string; key: string }> {
  const json = async (args: readonly string[]): Promise<Record<string, string>> => {
    const run = await runBinary([...args, '--data-dir', dataDir, '--json']);
    if (run.code !== 0) throw new Error(`offprint ${args.join(' ')} failed: ${run.stderr}`);
    return JSON.parse(run.stdout) as Record<string, string>;
  };
  const created = await json([
    'projects',
    'create',
    '--name',
    project.name,
    '--domain',
    project.domain,
    '--source',
    project.source,
  ]);
  const keys = await json(['keys', 'create']);
  return { projectId: created['projectId'] ?? '', key: keys['key'] ?? '' };
}
