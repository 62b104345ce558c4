/**
 * Script snippets (`.jsx`, `.js`, `.tsx`, `.ts`) -> CommonJS that the module loader runs, and a page's
 * interactive components -> the script the browser runs them from. Sucrase is pure
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

/** The hooks a page's components use as globals, as Mintlify gives them (compile/remarkOffprint.ts HOOKS). */
const ISLAND_GLOBALS = [
  'React',
  'useState',
  'useEffect',
  'useRef',
  'useCallback',
  'useMemo',
  'useContext',
  'useReducer',
];

/**
 * The browser's copy of a page's components (compile/islands.ts): `source`, the page's import-free ESM,
 * as a plain script that queues a function for the theme's islands script, which calls it with React and
 * its hooks and gets the components from the `exports` it fills. A plain script, not a module: pages
 * opened from disk run it too.
 */
export function islandScript(source: string): string {
  return queued(transform(source, { transforms: ['jsx', 'imports'], jsxRuntime: 'classic', production: true }).code);
}

/** `body` as the function the theme's islands script calls with `exports`, React and its hooks. */
function queued(body: string): string {
  return (
    `(self.__opIslands = self.__opIslands || []).push(function (exports, ${ISLAND_GLOBALS.join(', ')}) {\n` +
    `${body}\n});\n`
  );
}

/**
 * The browser's copy of script snippet `path` (compile/islands.ts `isIslandSnippet`), queued like a
 * page's: its exports are named `<path>#<export>`, as the markers of its components are.
 */
export function snippetIslandScript(path: string, source: string): string {
  const body = transform(source, { transforms: transformsFor(path), jsxRuntime: 'classic', production: true }).code;
  // Its only import is React (isIslandSnippet), which the islands script passes in.
  const require = "function (spec) { if (spec === 'react') return React; throw new Error('cannot import ' + spec); }";
  return queued(
    'var module = { exports: {} };\n' +
      `(function (exports, module, require) {\n${body}\n})(module.exports, module, ${require});\n` +
      `for (var name in module.exports) exports[${JSON.stringify(`${path}#`)} + name] = module.exports[name];`,
  );
}
