/**
 * Script snippets (`.jsx`, `.js`, `.tsx`, `.ts`) -> CommonJS that the module loader runs. Sucrase is pure
 * JavaScript and synchronous, so it runs inside the render sandbox, where starting a helper process
 * (as esbuild does) is not permitted.
 */
import { transform, type Transform } from 'sucrase';

function transformsFor(path: string): Transform[] {
  if (path.endsWith('.tsx')) return ['typescript', 'jsx', 'imports'];
  if (path.endsWith('.ts')) return ['typescript', 'imports'];
  // Mintlify lets `.js` snippets hold JSX, as `.jsx` ones do.
  return ['jsx', 'imports'];
}

/** The CommonJS body of the script at `path` (automatic JSX runtime: it requires `react/jsx-runtime`). */
export function transformScript(path: string, source: string): string {
  return transform(source, {
    transforms: transformsFor(path),
    jsxRuntime: 'automatic',
    production: true,
    filePath: path,
  }).code;
}
