/**
 * Remote browsers on loopback for the `--browser` tests: a Playwright browser server (`launchServer`,
 * the playwright protocol) and a bare Chromium with a remote debugging port (plain CDP), each with a
 * way to kill it mid-export.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { CHROMIUM_ARGS, findChromium, launchChromiumServer } from '../../server/render/chromium.js';
import { tempDir } from './dataDirs.js';

/** A browser an export can be pointed at. */
export interface RemoteBrowser {
  /** What `--browser` takes. */
  readonly url: string;
  /** Kills the browser at once (SIGKILL), like a pod that dies. */
  readonly kill: () => Promise<void>;
}

/** A Playwright browser server (`chromium.launchServer()`) on 127.0.0.1. */
export async function playwrightServer(): Promise<RemoteBrowser> {
  const server = await launchChromiumServer();
  return { url: server.wsEndpoint(), kill: () => server.kill() };
}

/**
 * Chromium started with `--remote-debugging-port=0`; its URL is the `ws://.../devtools/browser/ID` it
 * prints. Like a pod on another machine it has no route to Offprint's loopback: every request, loopback
 * included, goes to a proxy that does not exist, so only what Offprint answers itself reaches its pages.
 */
export async function cdpChromium(): Promise<RemoteBrowser> {
  const executable = findChromium();
  if (executable === null) throw new Error('no Chromium');
  const child = spawn(
    executable,
    [
      ...CHROMIUM_ARGS,
      '--headless',
      '--remote-debugging-address=127.0.0.1',
      '--remote-debugging-port=0',
      '--proxy-server=http://127.0.0.1:9',
      '--proxy-bypass-list=<-loopback>',
      `--user-data-dir=${join(tempDir('offprint-cdp-browser-'), 'profile')}`,
      'about:blank',
    ],
    // A process group of its own, killed whole: the executable may be a wrapper script that starts the
    // browser as its child without exec (Debian's /usr/bin/chromium-headless-shell), and killing the script
    // alone left that browser running, so a test's "kill" killed nothing.
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`Chromium printed no DevTools URL:\n${seen}`)), 30_000);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      seen += chunk;
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(seen);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`Chromium exited (${code}) before listening:\n${seen}`)));
  });
  return {
    url,
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      if (child.pid === undefined) child.kill('SIGKILL');
      else process.kill(-child.pid, 'SIGKILL');
      await exited;
    },
  };
}
