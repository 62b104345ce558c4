/** Locations inside the installed package, found the same way from source (tests) and from dist/. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const parsed: unknown = JSON.parse(readFileSync(manifest, 'utf8'));
      if (typeof parsed === 'object' && parsed !== null && 'name' in parsed && parsed.name === 'offprint') return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Offprint package root not found');
    dir = parent;
  }
}

/** The folder holding Offprint's package.json. */
export const PACKAGE_ROOT = findPackageRoot();

/** The built dashboard (`npm run build` writes it). */
export const DASHBOARD_DIR = join(PACKAGE_ROOT, 'renderer', 'dist');
