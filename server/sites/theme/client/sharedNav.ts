/**
 * A large section's sidebar (theme/sharedNav.ts): the page carries the current group only, and the whole
 * tree comes from one file per section, loaded with a plain script tag so that it works from file:// as
 * well as over HTTP. Its links are relative to the file itself (a bundle page may sit at any depth), so
 * each is resolved against the file's URL; then the current page is marked and its groups opened, as the
 * server does for a sidebar written into the page.
 */
import { SHARED_NAV_GLOBAL, SHARED_NAV_REL, unpackSharedNav, type SharedNavData } from '../sharedNav.js';

type SharedTrees = Record<string, SharedNavData | undefined>;

function sharedTrees(): SharedTrees | undefined {
  return (window as unknown as Record<string, SharedTrees | undefined>)[SHARED_NAV_GLOBAL];
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`The sidebar file ${src} did not load`));
    document.head.append(script);
  });
}

/** The page a URL shows, without query or fragment, to compare a link with the page shown. */
function pageOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return url;
  }
}

/** Makes every link and image of the tree absolute, from the file's URL. */
function resolveUrls(tree: Element, base: string): void {
  for (const element of Array.from(tree.querySelectorAll('[href], [src]'))) {
    for (const name of ['href', 'src']) {
      const value = element.getAttribute(name);
      if (value === null || value.startsWith('#')) continue;
      try {
        element.setAttribute(name, new URL(value, base).href);
      } catch {
        // Left as written: the browser resolves it as it would have.
      }
    }
  }
}

/** Marks the link to the page shown and opens the groups around it. */
function markCurrent(tree: Element): void {
  const here = pageOf(window.location.href);
  const link = Array.from(tree.querySelectorAll<HTMLAnchorElement>('a[href]')).find((a) => pageOf(a.href) === here);
  if (link === undefined) return;
  link.classList.add('is-active');
  link.setAttribute('aria-current', 'page');
  for (
    let details = link.closest('details');
    details !== null;
    details = details.parentElement?.closest('details') ?? null
  ) {
    details.open = true;
  }
}

/** True when `element` shows while `group` does: no closed group between them hides it (a summary shows). */
function showsIn(element: Element, group: Element): boolean {
  for (let details = element.closest('details'); details !== null && group.contains(details);) {
    if (!details.open && !details.querySelector(':scope > summary')?.contains(element)) return false;
    details = details.parentElement?.closest('details') ?? null;
  }
  return true;
}

/**
 * Gives each top-level group its number of rows: the theme skips the layout of groups far from view
 * (`content-visibility: auto`, sidebar.css) and sizes them from it until they are drawn, so that the
 * sidebar's scroll height, and the scroll to the current page, come out close to right.
 */
function countRows(tree: Element): void {
  for (const group of Array.from(tree.children)) {
    if (!(group instanceof HTMLElement) || !group.classList.contains('op-nav-group')) continue;
    const rows = Array.from(group.querySelectorAll('.op-nav-link')).filter((row) => showsIn(row, group)).length;
    group.style.setProperty('--op-nav-rows', String(rows));
  }
}

/**
 * Replaces the compact sidebar with the section's whole tree. Resolves once done (or left as it is when
 * the file cannot be had: the compact sidebar still leads everywhere through its group headings).
 */
export async function initSharedNav(): Promise<void> {
  const nav = document.querySelector<HTMLElement>('nav.op-nav[data-op-nav-shared]');
  const link = document.querySelector<HTMLLinkElement>(`link[rel="${SHARED_NAV_REL}"]`);
  const key = nav?.dataset['opNavShared'];
  if (!nav || !link || !key) return;
  if (sharedTrees()?.[key] === undefined) await loadScript(link.href);
  const data = sharedTrees()?.[key];
  if (data === undefined) return;
  const tree = document.createElement('div');
  tree.innerHTML = unpackSharedNav(data);
  resolveUrls(tree, link.href);
  markCurrent(tree);
  countRows(tree);
  nav.replaceChildren(...Array.from(tree.childNodes));
  nav.dataset['opNavLoaded'] = '';
}
