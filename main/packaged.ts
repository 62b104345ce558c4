/**
 * Paths that differ in the packaged desktop app: files shipped beside the app (electron-builder
 * `extraResources`: the sample docs) live in `process.resourcesPath`, and esbuild's native binary is
 * unpacked from the asar archive (`asarUnpack`), where esbuild's own lookup does not search.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setResourcesDir } from '../server/paths.js';

/** Points the server at the packaged app's resources; call before `setupServer`, only when packaged. */
export function setupPackagedPaths(resourcesPath: string): void {
  setResourcesDir(resourcesPath);
  const pkg = join(
    resourcesPath,
    'app.asar.unpacked',
    'node_modules',
    '@esbuild',
    `${process.platform}-${process.arch}`,
  );
  const binary = process.platform === 'win32' ? join(pkg, 'esbuild.exe') : join(pkg, 'bin', 'esbuild');
  if (process.env['ESBUILD_BINARY_PATH'] === undefined && existsSync(binary))
    process.env['ESBUILD_BINARY_PATH'] = binary;
}
