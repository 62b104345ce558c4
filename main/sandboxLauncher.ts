/**
 * The desktop app's render-sandbox backend: an Electron utility process (a packaged app has no Node
 * binary to fork). It runs the same child module (server/sites/sandbox/child.ts) with the same runtime
 * flags: Node's permission model, no code generation from strings, a heap cap, and an empty
 * environment. The child checks that the permission model holds and refuses to render otherwise.
 */
import { utilityProcess } from 'electron';
import { sandboxEnv, type SandboxChild, type SandboxLauncher } from '../server/sites/sandbox/launcher.js';

const STDERR_TAIL = 4096;

/** Starts a sandbox as a utility process (call after `app.whenReady()`). */
export const utilityProcessLauncher: SandboxLauncher = (spec): SandboxChild => {
  const child = utilityProcess.fork(spec.entry, [...spec.args], {
    execArgv: [...spec.execArgv],
    env: sandboxEnv(),
    stdio: ['ignore', 'ignore', 'pipe'],
    serviceName: 'Offprint render sandbox',
  });
  let tail = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    tail = (tail + chunk).slice(-STDERR_TAIL);
  });
  return {
    send: (message) => child.postMessage(message),
    onMessage: (listener) => void child.on('message', (message: unknown) => listener(message)),
    onExit: (listener) => void child.on('exit', (code: number) => listener(code, null)),
    kill: () => void child.kill(),
    stderrTail: () => tail,
  };
};
