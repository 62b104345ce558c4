/**
 * Headless Chromium through playwright-core: the only module that imports it. It drives the Chromium
 * executable installed on the machine (Debian's `chromium` here); nothing is downloaded.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Flags for a quiet, offline headless Chromium (no update checks, sync or background traffic). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
] as const;

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The Chromium executable: `OFFPRINT_CHROMIUM`, else the first installed candidate, else null. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const configured = env['OFFPRINT_CHROMIUM'];
  if (configured !== undefined && configured !== '') return configured;
  return CANDIDATES.find((path) => existsSync(path)) ?? null;
}

/** Launches headless Chromium; throws a clear error when none is installed. */
export async function launchChromium(executablePath: string | null = findChromium()): Promise<Browser> {
  if (executablePath === null) {
    throw new Error('No Chromium found: install it (Debian: apt-get install chromium) or set OFFPRINT_CHROMIUM');
  }
  return chromium.launch({ executablePath, headless: true, args: [...CHROMIUM_ARGS] });
}

export type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
