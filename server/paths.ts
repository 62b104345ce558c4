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

let resourcesOverride: string | undefined;

/**
 * Tells where the files shipped with the app are when they are not beside the package: the packaged
 * desktop app copies them to `process.resourcesPath` (electron-builder `extraResources`), which only the
 * Electron main process knows.
 */
export function setResourcesDir(dir: string): void {
  resourcesOverride = dir;
}

/** The folder of files shipped with the app: the override, else the package's `resources/`. */
export function resourcesDir(): string {
  return resourcesOverride ?? join(PACKAGE_ROOT, 'resources');
}

/** The sample docs project a fresh install serves (`resources/sample-docs`). */
export function sampleDocsDir(): string {
  return join(resourcesDir(), 'sample-docs');
}
