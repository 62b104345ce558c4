/**
 * The scripts a project asks for on every page (format reference §3, "Custom CSS/JS", and §1.1
 * `integrations`): each `integrations` entry that loads a provider's script, every `.js` file of the
 * content directory outside `snippets/`, and the React components pages define (`components`). Offprint
 * loads none of them unless allowed by name (setting `allowedScripts`); this only lists them, under the
 * names that setting uses.
 */
import { writesBrowserCode } from '../render/compile/islands.js';
import { listProjectFiles } from './pages/files.js';
import { stripCode } from './pages/references.js';
import type { SiteModel } from './model.js';

/** One script a project asks for. */
export type ScriptRequest =
  | { readonly kind: 'integration'; readonly name: string; readonly config: unknown }
  | { readonly kind: 'file'; readonly name: string }
  | { readonly kind: 'components'; readonly name: typeof COMPONENTS_SCRIPT };

/** The name under which a project's React components ask to run in readers' browsers. */
export const COMPONENTS_SCRIPT = 'components';

/** `export const Name = ...` at the start of a line: a component a page defines in its own ESM. */
const EXPORTED_COMPONENT = /^export\s+const\s+[A-Z][\w$]*\s*=/m;

/**
 * Whether a page's source defines a React component a browser could run (compile/islands.ts decides
 * exactly which, at render time); a quick look at import, so that the project lists `components` among
 * the scripts it asks for.
 */
export function definesInteractiveComponent(source: string): boolean {
  // A tutorial's code sample (```tsx export const Picker = ...) is text, not a component of the page.
  const code = stripCode(source);
  return EXPORTED_COMPONENT.test(code) && writesBrowserCode(code);
}

/** `integrations` keys that configure behaviour rather than load a script. */
const NOT_SCRIPTS: ReadonlySet<string> = new Set(['telemetry', 'cookies']);

/**
 * The scripts of the project in `rootDir`: integrations first (docs.json order), then `.js` files by
 * root-relative path (sorted; `.mintignore`d, hidden and `snippets/` files excluded).
 */
export function requestedScripts(
  rootDir: string,
  model: Pick<SiteModel, 'settings' | 'interactiveComponents'>,
): ScriptRequest[] {
  const out: ScriptRequest[] = [];
  for (const [name, config] of Object.entries(model.settings.integrations ?? {})) {
    if (!NOT_SCRIPTS.has(name)) out.push({ kind: 'integration', name, config });
  }
  for (const path of listProjectFiles(rootDir).all) {
    if (path.toLowerCase().endsWith('.js') && !path.startsWith('snippets/')) out.push({ kind: 'file', name: path });
  }
  if (model.interactiveComponents) out.push({ kind: 'components', name: COMPONENTS_SCRIPT });
  return out;
}
