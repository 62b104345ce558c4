/**
 * Guards for tests that need something the repository does not hold: Chromium (the browser tier), the
 * novu fixture (a checkout next to the repository) or the Electron binary (downloaded from GitHub).
 * Every such test skips the same way when it is absent: its suite becomes one skipped test whose name
 * says what is missing, and one line on stderr says so in CI's log (the default reporter lists no
 * skipped names).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import { findChromium } from '../../server/render/chromium.js';
import { NOVU } from './siteProjects.js';

/** Something a test needs: why it is missing, or null when it is present. */
export interface Requirement {
  readonly missing: () => string | null;
}

/** Debian's Chromium (or OFFPRINT_CHROMIUM), which playwright-core drives. */
export const CHROMIUM: Requirement = {
  missing: () =>
    findChromium() === null
      ? 'no Chromium: apt-get install chromium-headless-shell (or chromium), or set OFFPRINT_CHROMIUM'
      : null,
};

/** The novu docs project, a real Mintlify site kept outside the repository. */
export const NOVU_FIXTURE: Requirement = {
  missing: () => (existsSync(NOVU) ? null : `no novu fixture at ${NOVU}`),
};

const ELECTRON_PATH = fileURLToPath(new URL('../../node_modules/electron/path.txt', import.meta.url));

/** The Electron binary, which installs with ELECTRON_SKIP_BINARY_DOWNLOAD=1 (CI, offline machines) skip. */
export const ELECTRON: Requirement = {
  missing: () =>
    existsSync(ELECTRON_PATH) ? null : 'no Electron binary (installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1)',
};

/** `describe` and `it` that run when every requirement is met, and skip saying why otherwise. */
export interface Guard {
  readonly describe: (name: string, fn: () => void) => void;
  readonly it: (name: string, fn: () => Promise<void> | void, timeout?: number) => void;
}

/**
 * The stand-in for a suite that cannot run: one skipped test named with the reason. The suite's own
 * body is never collected, so it may read the fixture or start Chromium while it is being defined.
 */
function skipped(name: string, reason: string): void {
  // Once per suite at collection, so the reason is in the log whatever the reporter prints.
  console.warn(`skipped "${name}": ${reason}`);
  describe.skip(name, () => {
    it(`needs what is missing: ${reason}`, () => undefined);
  });
}

/** A guard over all of `requirements` (the reasons of the missing ones, joined). */
export function needs(...requirements: readonly Requirement[]): Guard {
  const missing = requirements.map((r) => r.missing()).filter((m): m is string => m !== null);
  const reason = missing.length === 0 ? null : missing.join('; ');
  return {
    describe: (name, fn) => {
      if (reason === null) describe(name, fn);
      else skipped(name, reason);
    },
    it: (name, fn, timeout) => {
      if (reason === null) it(name, fn, timeout);
      else skipped(name, reason);
    },
  };
}

/** Tests that start Chromium. */
export function needsChromium(): Guard {
  return needs(CHROMIUM);
}

/** Tests that read the novu fixture. */
export function needsNovu(): Guard {
  return needs(NOVU_FIXTURE);
}
