/**
 * Which element a URL hash names. Headings carry Mintlify's ids (`#fees-&-billing`, `#what’s-next`),
 * but links written for GitHub's ids (`#fees--billing`, `#whats-next`) or in another case
 * (`#Getting-Started`) are common in imported docs: the browser finds no element for them and stays at
 * the top. Such a hash is looked up again, ignoring case, among the ids and the GitHub-style aliases the
 * renderer writes on titled elements (`data-op-alias`), then as Mintlify's slug of its text: a hash that
 * keeps punctuation the id drops (`#tui-mode%3A-interactive-development` for the heading "TUI Mode:
 * Interactive Development", `#1.-install` for "1. Install"), as authors copy it from a heading's text or
 * an older slugger, names the same heading. The export's anchor check accepts exactly the links this
 * finds (server/export/anchors.ts). Nothing is fetched, so it works from file:// too.
 */
import { slugify } from '../../render/runtime/slugs.js';
import { all } from './dom.js';

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The element `hash` (`#x`, as in `location.hash`) names, and whether it has that id exactly. */
export function hashTarget(hash: string): { element: HTMLElement; exact: boolean } | null {
  const id = decode(hash.replace(/^#/, ''));
  if (id === '') return null;
  const exact = document.getElementById(id);
  if (exact) return { element: exact, exact: true };
  const candidates = all('[id], [data-op-alias]');
  for (const key of new Set([id.toLowerCase(), slugify(id)])) {
    if (key === '') continue;
    const loose = candidates.find((el) => el.id.toLowerCase() === key || el.dataset['opAlias'] === key);
    if (loose) return { element: loose, exact: false };
  }
  return null;
}
