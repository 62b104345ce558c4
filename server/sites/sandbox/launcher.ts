/**
 * How a sandbox process is started: a small interface with two backends, like the CDP one. Headless
 * Offprint forks a Node child; the desktop app passes one that starts an Electron `utilityProcess`
 * (main/sandboxLauncher.ts), since a packaged app has no separate Node binary.
 */
import { fork, type Serializable } from 'node:child_process';
import { Socket } from 'node:net';

/** What to start. */
export interface SandboxSpawnSpec {
  /** The child's entry module (absolute path). */
  readonly entry: string;
  readonly args: readonly string[];
  /** Runtime flags: the permission model, memory cap and code-generation ban (see sandboxExecArgv). */
  readonly execArgv: readonly string[];
}

/** A started sandbox process, as the pool sees it. */
export interface SandboxChild {
  send(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
  onExit(listener: (code: number | null, signal: string | null) => void): void;
  /** Ends the process at once (SIGKILL where there are signals). */
  kill(): void;
  /** The tail of what the process wrote to stderr, for the log when it dies. */
  stderrTail(): string;
}

/** Starts a sandbox process. */
export type SandboxLauncher = (spec: SandboxSpawnSpec) => SandboxChild;

const STDERR_TAIL = 4096;

/**
 * The Node backend: `child_process.fork` of the same Node binary, with only NODE_ENV in its environment
 * (nothing of the server's environment, secrets included, reaches project code).
 */
export const forkLauncher: SandboxLauncher = (spec) => {
  const child = fork(spec.entry, [...spec.args], {
    execArgv: [...spec.execArgv],
    env: sandboxEnv(),
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'advanced',
  });
  let tail = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    tail = (tail + chunk).slice(-STDERR_TAIL);
  });
  // A send to a child that just died fails asynchronously; the exit handler reports it.
  child.on('error', () => undefined);
  // An idle sandbox does not keep a one-shot command alive; a render in flight has its own timer.
  child.unref();
  child.channel?.unref();
  // The pipe is a socket; unref'd, it does not hold the parent open either.
  if (child.stderr instanceof Socket) child.stderr.unref();
  return {
    send: (message) => {
      if (child.connected) child.send(message as Serializable);
    },
    onMessage: (listener) => void child.on('message', listener),
    onExit: (listener) => void child.on('exit', listener),
    kill: () => void child.kill('SIGKILL'),
    stderrTail: () => tail,
  };
};

/**
 * The whole environment of a sandbox: only NODE_ENV (React's build is chosen from it; the server's own
 * defaults to production, see productionEnv.ts). Nothing else of the server's environment gets through.
 */
export function sandboxEnv(): Record<string, string> {
  return { NODE_ENV: process.env['NODE_ENV'] ?? 'production' };
}

/** Limits of one sandbox process. */
export interface SandboxLimits {
  /** V8 old-space cap in MiB: a page that allocates past it kills only its sandbox. */
  readonly memoryMb: number;
}

/**
 * Flags for a sandbox process under Node `nodeVersion`: the permission model (file reads only under
 * `readPaths`; no writes, child processes, workers or native addons), no code from strings, a heap cap.
 * Node 20 calls the model `--experimental-permission`; 22.13 and later (Electron's Node) `--permission`.
 */
export function sandboxExecArgv(readPaths: readonly string[], limits: SandboxLimits, nodeVersion: string): string[] {
  const [major = 0, minor = 0] = nodeVersion.split('.').map(Number);
  const stable = major > 22 || (major === 22 && minor >= 13);
  return [
    stable ? '--permission' : '--experimental-permission',
    ...readPaths.map((path) => `--allow-fs-read=${path}`),
    '--disallow-code-generation-from-strings',
    `--max-old-space-size=${limits.memoryMb}`,
    '--disable-warning=ExperimentalWarning',
  ];
}
