/**
 * Remote references in a project's own stylesheets (Mintlify's custom CSS: any `.css` file of the project
 * is loaded on every page). An `@import` or `url()` of another host cannot load offline: an imported
 * sheet's rules are lost (Cline's styles.css imports its Geist fonts from Google Fonts), a font or image
 * is not drawn. `offprint pack` does not fetch stylesheets, so the report asks for a local copy.
 */
import type { SiteProblem } from './model.js';
import { readProjectText } from './read.js';
import { isRemoteUrl } from './remote.js';

/** Larger stylesheets are not scanned: real custom CSS is a few KB; a vendored framework gains nothing. */
const MAX_SCANNED_BYTES = 2 * 1024 * 1024;

/**
 * `@import url(...)`, `@import "..."`, and any other `url(...)`: the quoted or bare target is in one of
 * groups 2-6, group 1 marks an import.
 */
const CSS_REF =
  /(@import\s+)?url\(\s*(?:"([^"\n]*)"|'([^'\n]*)'|([^)'"\s]*))\s*\)|@import\s+(?:"([^"\n]*)"|'([^'\n]*)')/gi;

/** Each remote reference of `css`, once, in the order written: whether it is an `@import`, and its URL. */
export function remoteStylesheetRefs(css: string): { readonly url: string; readonly isImport: boolean }[] {
  const uncommented = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const seen = new Set<string>();
  const refs: { url: string; isImport: boolean }[] = [];
  for (const m of uncommented.matchAll(CSS_REF)) {
    const url = (m[2] ?? m[3] ?? m[4] ?? m[5] ?? m[6] ?? '').trim();
    if (!isRemoteUrl(url) || seen.has(url)) continue;
    seen.add(url);
    refs.push({ url, isImport: m[1] !== undefined || m[5] !== undefined || m[6] !== undefined });
  }
  return refs;
}

/** The import report's entries for the remote references of the project's stylesheets. */
export function stylesheetProblems(root: string, stylesheets: readonly string[]): SiteProblem[] {
  const problems: SiteProblem[] = [];
  for (const file of stylesheets) {
    const css = readProjectText(root, file, MAX_SCANNED_BYTES);
    if (css === null) continue;
    for (const ref of remoteStylesheetRefs(css)) {
      const what = ref.isImport
        ? 'a stylesheet this one imports from elsewhere cannot load offline; ship it in the project and import it by path'
        : 'a file this stylesheet loads from elsewhere cannot load offline; ship it in the project and refer to it by path';
      problems.push({ code: 'remote-asset', file, message: `${ref.url}: ${what}` });
    }
  }
  return problems;
}
