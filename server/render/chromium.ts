/**
 * Headless Chromium through playwright-core: the only module that imports it. It drives the Chromium
 * executable installed on the machine (Debian's `chromium` here); nothing is downloaded.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserServer } from 'playwright-core';

/**
 * Flags for a quiet, offline headless Chromium (no update checks, sync or background traffic). WebRTC is
 * held to proxied UDP only, and there is no proxy: a peer connection a page opens gathers no candidate and
 * sends nothing, whatever scripts the page has (the egress check also refuses and counts such attempts).
 * The policy is given twice because the two builds read it from different switches: the desktop build
 * from `--webrtc-ip-handling-policy` (its browser layer), the headless shell, which has no such layer, only
 * from `--force-webrtc-ip-handling-policy`; each ignores the other's.
 *
 * The renderer process limit is there for speed: every target has a browser context of its own, and with
 * two or more of them loading pages Chromium kept one spare renderer warm for the context that loaded
 * last and threw it away for the other's next load, so nearly every page load started a new renderer
 * process (212 for 160 loads of the egress check). At the limit Chromium reuses the same-site process a
 * target already has instead (6 for 160). Site isolation is untouched: a process still hosts one site of
 * one context, and a target that needs another site (or a new context) still gets a new process.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--renderer-process-limit=1',
] as const;

/**
 * Where Chromium is looked for, in order. Debian's headless shell (`chromium-headless-shell`) comes first:
 * with no desktop browser layer to run, an export of the novu fixture took 629 s in it against 922 s in the
 * desktop build (the same pages, byte for byte), and it
 * holds to the WebRTC policy through the switch it reads (test/render-webrtc-policy.browser.test.ts checks
 * every build installed here).
 */
export const CHROMIUM_CANDIDATES = [
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
] as const;

/**
 * The Chromium executable: `OFFPRINT_CHROMIUM`, else the first installed of {@link CHROMIUM_CANDIDATES},
 * else null. `exists` is the file check (tests give their own).
 */
export function findChromium(
  env: NodeJS.ProcessEnv = process.env,
  exists: (path: string) => boolean = existsSync,
): string | null {
  const configured = env['OFFPRINT_CHROMIUM'];
  if (configured !== undefined && configured !== '') return configured;
  return CHROMIUM_CANDIDATES.find((path) => exists(path)) ?? null;
}

/** What to do when no Chromium is found. */
const NO_CHROMIUM =
  'No Chromium found: install it (Debian: apt-get install chromium-headless-shell, or chromium) or set OFFPRINT_CHROMIUM';

/** Launches headless Chromium; throws a clear error when none is installed. */
export async function launchChromium(executablePath: string | null = findChromium()): Promise<Browser> {
  if (executablePath === null) {
    throw new Error(NO_CHROMIUM);
  }
  // Ctrl-C is the owner's to handle (an export cancels its job, serve shuts down, each closing the
  // browser): Playwright's own handler would close Chromium under the pages in flight, which then fail
  // as warnings, and exit the process before the owner's cleanup ran. It still kills it at exit.
  return chromium.launch({ executablePath, headless: true, args: [...CHROMIUM_ARGS], handleSIGINT: false });
}

/** How a remote browser is spoken to: Playwright's browser-server protocol, or plain CDP. */
export type RemoteProtocol = 'playwright' | 'cdp';

/**
 * Connects to a browser running elsewhere: `playwright` for a `launchServer()` / `playwright
 * launch-server` wsEndpoint (same playwright-core version on both sides), `cdp` for a Chromium remote
 * debugging endpoint (`http://host:9222` or `ws://host:9222/devtools/browser/ID`, browserless-style pods).
 */
export async function connectChromium(url: string, protocol: RemoteProtocol, timeoutMs: number): Promise<Browser> {
  return protocol === 'cdp'
    ? chromium.connectOverCDP(url, { timeout: timeoutMs })
    : chromium.connect(url, { timeout: timeoutMs });
}

/**
 * Starts a Playwright browser server on 127.0.0.1 running the machine's Chromium with the flags above:
 * what `--browser` connects to (tests and `bench/browsers` start several to shard an export over).
 */
export async function launchChromiumServer(executablePath: string | null = findChromium()): Promise<BrowserServer> {
  if (executablePath === null) {
    throw new Error(NO_CHROMIUM);
  }
  return chromium.launchServer({ executablePath, headless: true, args: [...CHROMIUM_ARGS], host: '127.0.0.1' });
}

export type { Browser, BrowserContext, BrowserServer, CDPSession, Page } from 'playwright-core';
