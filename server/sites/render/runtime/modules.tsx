/**
 * Runs compiled pages and resolves their imports: `.mdx`/`.md` snippets (compiled like pages, props as
 * variables), `.jsx`/`.js` snippets (esbuild), and refusal of npm packages. Files are read only through
 * `RenderInput.readFile`. Anything that cannot be loaded becomes an empty module that renders nothing.
 */
import type { ReactNode } from 'react';
import { compileMdx, type CompiledModule } from '../compile/compile.js';
import { HOOKS, type ImportBinding } from '../compile/remarkOffprint.js';
import { isIslandSnippet } from '../compile/islands.js';
import { preprocessBody, splitFrontmatter } from '../preprocess.js';
import type { RenderInput } from '../types.js';
import { BUILTINS, componentFor, guardComponent, HTML_COMPONENTS } from './components.js';
import { GUEST_JSX_RUNTIME, GUEST_REACT } from './guestReact.js';
import { guestModule, newGuestRealm, runInGuest, thrownMessage, type GuestRealm } from './guest.js';
import { islandComponent } from './islands.js';
import { withSnippetBlocks } from './snippetBlocks.js';
import { SnippetPropsProvider, type RenderState } from './state.js';
import { transformScript } from './transform.js';

/** What an import yields: the module's exports by name (`default` included). */
export type ModuleNamespace = Readonly<Record<string, unknown>>;

const Nothing = (): ReactNode => null;

/** An empty module: every export is a component that renders nothing. */
function missingModule(): ModuleNamespace {
  return new Proxy(
    {},
    {
      get: (_target, key) => (typeof key === 'string' && key !== 'then' && key !== '__esModule' ? Nothing : undefined),
    },
  );
}

const REACT_MODULE: ModuleNamespace = { ...GUEST_REACT, default: GUEST_REACT };
const RUNTIME_MODULE: ModuleNamespace = { ...GUEST_JSX_RUNTIME, default: GUEST_JSX_RUNTIME };
const SNIPPET_EXTENSIONS = ['.mdx', '.md', '.jsx', '.js', '.tsx', '.ts'];

/** Project path (no leading slash) for an import specifier, or null when it is not a project file. */
export function resolveSpecifier(fromFile: string, spec: string): string | null {
  let parts: string[];
  if (spec.startsWith('/')) parts = [];
  else if (spec.startsWith('./') || spec.startsWith('../')) parts = fromFile.split('/').slice(0, -1);
  else return null;
  for (const part of spec.split(/[?#]/)[0]?.split('/') ?? []) {
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.length > 0 ? parts.join('/') : null;
}

/** Whether script `source` reads identifier `name` (roughly: anywhere but as a property). */
function readsName(source: string, name: string): boolean {
  return new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(source);
}

/** Loads and runs the modules of one render; each file is loaded once per render. */
export class ModuleLoader {
  /** Code languages found in the snippets loaded so far. */
  readonly langs = new Set<string>();
  private readonly loaded = new Map<string, ModuleNamespace>();
  private readonly loading = new Set<string>();
  /** Every module of this render runs in one realm of its own (see guest.ts). */
  private readonly realm: GuestRealm = newGuestRealm();
  /** The names the page's imports declare, which its script snippets may read too (see loadScript). */
  private pageBindings: readonly ImportBinding[] = [];

  constructor(
    private readonly input: RenderInput,
    private readonly state: RenderState,
  ) {}

  /** Runs a compiled MDX module as if it lived at `file`. */
  run(compiled: CompiledModule & { code: string }, file: string): ModuleNamespace {
    if (file === this.input.file) this.pageBindings = compiled.bindings;
    const op = {
      imp: (spec: string): ModuleNamespace => this.import(file, spec),
      // An element a snippet names but does not declare may be one the page imports (loadScript says why).
      c: (name: string): unknown =>
        (file === this.input.file ? undefined : this.pageName(name, file)) ?? componentFor(name),
      g: (name: string): unknown => (name === 'React' ? GUEST_REACT : GUEST_REACT[name]),
      safe: guardComponent,
      // Only the page's own components run in the browser: a snippet's stay as the server renders them.
      island: (name: string, component: unknown): unknown =>
        file === this.input.file ? islandComponent(name, component) : guardComponent(component, name),
    };
    const made = runInGuest(this.realm, compiled.code, [], [{ ...GUEST_JSX_RUNTIME, _op: op }], file);
    return isNamespace(made) ? made : {};
  }

  /** The module for `spec` imported from `fromFile`; problems are reported, never thrown. */
  import(fromFile: string, spec: string): ModuleNamespace {
    if (spec === 'react') return REACT_MODULE;
    if (spec === 'react/jsx-runtime') return RUNTIME_MODULE;
    const path = resolveSpecifier(fromFile, spec);
    if (path === null)
      return this.missing(spec, /^[./]/.test(spec) ? 'outside the project' : 'npm packages are not supported');
    const cached = this.loaded.get(path);
    if (cached) return cached;
    if (this.loading.has(path)) {
      this.state.warnings.push(`import cycle through ${path}`);
      return missingModule();
    }
    const found = this.read(path);
    if (!found) return this.missing(spec, 'file not found');
    this.loading.add(path);
    try {
      const module = this.reportMissingExports(
        found.path,
        found.path.endsWith('.mdx') || found.path.endsWith('.md')
          ? this.loadMdx(found.path, found.text)
          : this.loadScript(found.path, found.text),
      );
      this.loaded.set(path, module);
      return module;
    } finally {
      this.loading.delete(path);
    }
  }

  /**
   * React throws for an element whose type is undefined, which would fail the whole page: an import of
   * a name the snippet does not export (a default import of a named-export `.jsx` component, a typo)
   * yields a component that renders nothing and is reported instead.
   */
  private reportMissingExports(path: string, module: ModuleNamespace): ModuleNamespace {
    const warnings = this.state.warnings;
    return new Proxy(module, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key);
        if (value !== undefined || typeof key !== 'string' || !(key === 'default' || /^[A-Z]/.test(key))) return value;
        warnings.push(`${path} has no ${key === 'default' ? 'default export' : `export ${key}`}`);
        return Nothing;
      },
    });
  }

  private missing(spec: string, why: string): ModuleNamespace {
    this.state.missingImports.add(spec);
    this.state.warnings.push(`import '${spec}': ${why}`);
    return missingModule();
  }

  private read(path: string): { path: string; text: string } | null {
    const hasExtension = SNIPPET_EXTENSIONS.some((ext) => path.endsWith(ext));
    const candidates = hasExtension ? [path] : [...SNIPPET_EXTENSIONS.map((ext) => path + ext), `${path}/index.mdx`];
    for (const candidate of candidates) {
      const text = this.input.readFile(candidate);
      if (text !== null) return { path: candidate, text };
    }
    return null;
  }

  private loadMdx(path: string, source: string): ModuleNamespace {
    const { body } = splitFrontmatter(source);
    const pre = preprocessBody(body, this.input.variables);
    for (const name of pre.undefinedVariables) this.state.warnings.push(`undefined variable {{${name}}} in ${path}`);
    const compiled = compileMdx(pre.text);
    for (const warning of compiled.warnings) this.state.warnings.push(`${path}: ${warning}`);
    for (const lang of compiled.langs) this.langs.add(lang);
    if (compiled.code === null) {
      this.state.warnings.push(`${path}: ${compiled.error ?? 'does not compile'}`);
      return missingModule();
    }
    const module = this.run({ ...compiled, code: compiled.code }, path);
    const Content = module['default'] as (props: Record<string, unknown>) => ReactNode;
    const Snippet = (props: Record<string, unknown>): ReactNode => (
      <SnippetPropsProvider value={props}>
        <Content {...props} components={HTML_COMPONENTS} />
      </SnippetPropsProvider>
    );
    // The MDX function itself (no hooks): called directly it yields the snippet's elements for CodeGroup.
    const content = (props: Readonly<Record<string, unknown>>): ReactNode =>
      Content({ ...props, components: HTML_COMPONENTS });
    return guardExports({ ...module, default: withSnippetBlocks(Snippet, content) });
  }

  /**
   * The page's imported names that script snippet `path` reads and does not get otherwise (an `.mdx`
   * snippet's undeclared elements are looked up the same way, see run): Mintlify puts a snippet's code
   * in the page's scope, so a component may use what only the page imports (Livepeer's
   * `Portals.jsx` renders `<H1>` and `<CustomDivider>`, which its pages import; its comments say so).
   * In a scope of its own each failed with "H1 is not defined". The snippet's own declarations still
   * win (they shadow these, see loadScript); a module still loading (a cycle) is left out.
   */
  private pageNamesReadBy(
    path: string,
    source: string,
    taken: Readonly<Record<string, unknown>>,
  ): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const { local } of this.pageBindings) {
      if (local in taken || local in out || !readsName(source, local)) continue;
      const value = this.pageName(local, path);
      if (value !== undefined) out[local] = value;
    }
    return out;
  }

  /** What the page's import of `local` holds, for module `path`; undefined when none, or still loading. */
  private pageName(local: string, path: string): unknown {
    const binding = this.pageBindings.find((candidate) => candidate.local === local);
    if (binding === undefined) return undefined;
    const target = resolveSpecifier(this.input.file, binding.spec);
    if (target === null || target === path || this.loading.has(target) || !this.read(target)) return undefined;
    const module = this.import(this.input.file, binding.spec);
    return binding.imported === '*' ? module : module[binding.imported];
  }

  private loadScript(path: string, source: string): ModuleNamespace {
    let code: string;
    try {
      code = transformScript(path, source);
    } catch (error) {
      this.state.warnings.push(`${path}: ${thrownMessage(error).split('\n')[0]}`);
      return missingModule();
    }
    const module = guestModule(this.realm);
    const require = (spec: string): ModuleNamespace => this.import(path, spec);
    const globals: Record<string, unknown> = { ...BUILTINS, React: GUEST_REACT };
    for (const hook of HOOKS) globals[hook] = GUEST_REACT[hook];
    Object.assign(globals, this.pageNamesReadBy(path, source, globals));
    const names = Object.keys(globals);
    try {
      // The block lets the snippet declare names that shadow the injected globals.
      const params = ['require', 'module', 'exports', ...names];
      runInGuest(
        this.realm,
        `{\n${code}\n}`,
        params,
        [require, module, module.exports, ...names.map((n) => globals[n])],
        path,
      );
    } catch (error) {
      this.state.warnings.push(`${path}: ${thrownMessage(error)}`);
      return missingModule();
    }
    const exports = isNamespace(module.exports) ? { ...module.exports } : {};
    if (isIslandSnippet(source)) {
      // Its components can also run in the reader's browser, from a copy of this file (islands.tsx).
      for (const [name, value] of Object.entries(exports)) {
        if (/^[A-Z]|^default$/.test(name) && typeof value === 'function') {
          exports[name] = islandComponent(`${path}#${name}`, value, { path, source });
        }
      }
    }
    const components = Object.keys(exports).filter((n) => /^[A-Z]/.test(n) && typeof exports[n] === 'function');
    const only = components.length === 1 ? components[0] : undefined;
    if (exports['default'] === undefined && only !== undefined) {
      // `import Tip from '/snippets/tip.jsx'` of `export const Tip = ...`: the author means that component.
      this.state.warnings.push(`${path} has no default export; its only component ${only} is used`);
      return guardExports({ ...exports, default: exports[only] });
    }
    return guardExports(exports);
  }
}

/** A module's exports as an object of names (anything else a module yields exports nothing). */
function isNamespace(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Guards capitalised function exports (components) so one failing snippet does not break the page. */
function guardExports(exports: Record<string, unknown>): ModuleNamespace {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(exports)) {
    out[name] = /^[A-Z]/.test(name) && name !== 'default' ? guardComponent(value, name) : value;
  }
  if (exports['default'] !== undefined) out['default'] = guardComponent(exports['default'], 'default');
  return out;
}
