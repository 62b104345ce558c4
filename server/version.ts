/** Offprint's version, read once from package.json. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from './paths.js';

function readVersion(): string {
  const parsed: unknown = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8'));
  return typeof parsed === 'object' && parsed !== null && 'version' in parsed ? String(parsed.version) : '0.0.0';
}

/** The running Offprint's version. */
export const OFFPRINT_VERSION = readVersion();
