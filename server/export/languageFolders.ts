/**
 * Where a bundle's languages keep their pages: the folders a miss is answered under in that language's
 * words (assemble.ts writes a 404 page into each).
 */
import type { SiteModel } from '../sites/project/model.js';
import { languagePrefixes } from '../sites/theme/equivalent.js';

/**
 * The folders (`fr/`, spelled as the first exported page under each spells it) that some exported page
 * of a root language sits in, by the prefixes the live site tells a path's language by; sorted.
 */
export function exportedLanguageFolders(model: SiteModel, pages: readonly string[]): string[] {
  const prefixes = languagePrefixes(model);
  const folders = new Map<string, string>();
  for (const path of pages) {
    const relative = path.replace(/^\/+/, '');
    const lower = relative.toLowerCase();
    for (const prefix of prefixes) {
      if (!folders.has(prefix) && lower.startsWith(prefix)) folders.set(prefix, relative.slice(0, prefix.length));
    }
  }
  return [...folders.values()].sort();
}
