/**
 * Which element a URL hash names. Headings carry Mintlify's ids (`#fees-&-billing`, `#what’s-next`),
 * but links written for GitHub's ids (`#fees--billing`, `#whats-next`) or in another case
 * (`#Getting-Started`) are common in imported docs: the browser finds no element for them and stays at
 * the top. Such a hash is looked up again, ignoring case, among the ids and the GitHub-style aliases the
 * renderer writes on titled elements (`data-op-alias`); the export's anchor check accepts exactly the
 * links this finds (server/export/anchors.ts). Nothing is fetched, so it works from file:// too.
 */
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
  const key = id.toLowerCase();
  const loose = all('[id], [data-op-alias]').find((el) => el.id.toLowerCase() === key || el.dataset['opAlias'] === key);
  return loose ? { element: loose, exact: false } : null;
}
