/**
 * The scripts a project asks for on every page (format reference §3, "Custom CSS/JS", and §1.1
 * `integrations`): each `integrations` entry that loads a provider's script, and every `.js` file of the
 * content directory outside `snippets/`. Offprint loads none of them unless allowed by name (setting
 * `allowedScripts`); this only lists them, under the names that setting uses.
 */
import { listProjectFiles } from './pages/files.js';
import type { SiteModel } from './model.js';

/** One script a project asks for. */
export type ScriptRequest =
  | { readonly kind: 'integration'; readonly name: string; readonly config: unknown }
  | { readonly kind: 'file'; readonly name: string };

/** `integrations` keys that configure behaviour rather than load a script. */
const NOT_SCRIPTS: ReadonlySet<string> = new Set(['telemetry', 'cookies']);

/**
 * The scripts of the project in `rootDir`: integrations first (docs.json order), then `.js` files by
 * root-relative path (sorted; `.mintignore`d, hidden and `snippets/` files excluded).
 */
export function requestedScripts(rootDir: string, model: Pick<SiteModel, 'settings'>): ScriptRequest[] {
  const out: ScriptRequest[] = [];
  for (const [name, config] of Object.entries(model.settings.integrations ?? {})) {
    if (!NOT_SCRIPTS.has(name)) out.push({ kind: 'integration', name, config });
  }
  for (const path of listProjectFiles(rootDir).all) {
    if (path.toLowerCase().endsWith('.js') && !path.startsWith('snippets/')) out.push({ kind: 'file', name: path });
  }
  return out;
}
