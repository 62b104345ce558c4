/** Offprint's version, read once from package.json. */
import { readFileSync } from 'node:fs';

function readVersion(): string {
  // Both server/version.ts (tests) and dist/server/version.js (built) find package.json by walking up.
  for (const relative of ['../package.json', '../../package.json']) {
    try {
      const parsed: unknown = JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8'));
      if (
        typeof parsed === 'object' &&
        parsed !== null &&
        'name' in parsed &&
        parsed.name === 'offprint' &&
        'version' in parsed
      ) {
        return String(parsed.version);
      }
    } catch {
      // try the next candidate
    }
  }
  return '0.0.0';
}

/** The running Offprint's version. */
export const OFFPRINT_VERSION = readVersion();
