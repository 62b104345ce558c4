/**
 * What makes a captured page safe to ship in a bundle, applied by the assembly to every page: only the
 * theme's scripts are kept (then the project scripts an administrator allowed, setting `allowedScripts`,
 * and the page's interactive components where it allows them, are put back: pages are captured without
 * them), every
 * other way content could run code (inline scripts, event handlers, `srcdoc`, `javascript:` URLs) or send
 * readers away (`<meta http-equiv>`, `<base>`) is removed, and the bundle policy (csp.ts) is put first in
 * the head. The policy alone would refuse all of it; removing it too keeps the bundle clean for readers
 * whose browser ignores meta policies.
 */
import type { HTMLElement } from 'node-html-parser';
import { ISLANDS_JS_URL, THEME_INIT_URL, THEME_JS_URL } from '../sites/theme/urls.js';
import { bundleCsp, cspMeta } from './csp.js';

/** Script types a browser does not run (data blocks such as JSON-LD). */
const DATA_BLOCK = /^application\/(ld\+)?json$/i;

/** Attributes whose value is a URL a reader or the browser may follow. */
const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster'];

/** The theme's own script URLs, as pages name them before assembly rewrites them. */
const THEME_SCRIPTS: readonly string[] = [THEME_INIT_URL, THEME_JS_URL];

/** `javascript:` (and `vbscript:`) as browsers read it: control characters and whitespace ignored. */
function isScriptUrl(value: string): boolean {
  // Browsers skip C0 controls and spaces inside a scheme, so they must be skipped here too.
  // eslint-disable-next-line no-control-regex
  const compact = value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
  return compact.startsWith('javascript:') || compact.startsWith('vbscript:');
}

function removeScripts(root: HTMLElement, allowed: ReadonlySet<string>): void {
  for (const script of root.querySelectorAll('script')) {
    const src = script.getAttribute('src');
    const type = (script.getAttribute('type') ?? '').trim();
    const keep = src === undefined ? DATA_BLOCK.test(type) : allowed.has(src.trim());
    if (!keep) script.remove();
  }
}

function removeActiveAttributes(root: HTMLElement): void {
  for (const element of root.querySelectorAll('*')) {
    for (const name of Object.keys(element.attributes)) {
      const lower = name.toLowerCase();
      const value = element.getAttribute(name) ?? '';
      if (lower.startsWith('on') || lower === 'srcdoc') element.removeAttribute(name);
      else if (URL_ATTRIBUTES.includes(lower) && isScriptUrl(value)) element.removeAttribute(name);
    }
  }
}

/**
 * Removes from a captured page everything that could run code the bundle does not vouch for, or take
 * the reader elsewhere: every script but the theme's own.
 */
export function stripActiveContent(root: HTMLElement): void {
  removeScripts(root, new Set(THEME_SCRIPTS));
  for (const element of root.querySelectorAll('base, meta[http-equiv]')) element.remove();
  removeActiveAttributes(root);
}

/**
 * Puts the project scripts an administrator allowed (`srcs`: site paths, in the setting's order) at the
 * end of the page's head, deferred, as the live site's pages load them after the theme's. Pages are
 * captured without them, so a script's work on its page is done once, by the script, in the bundle.
 */
export function addAllowedScripts(root: HTMLElement, srcs: readonly string[]): void {
  if (srcs.length === 0) return;
  const quoted = (value: string): string => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
  const tags = srcs.map((src) => `<script src="${quoted(src)}" defer></script>`).join('');
  (root.querySelector('head') ?? root).insertAdjacentHTML('beforeend', tags);
}

/**
 * Puts back the scripts of a page's interactive components (render/DOM.md, "Islands"), when it has any:
 * its own (`src`), then React and what runs them, deferred after the rest as on the live site. Pages are
 * captured without them, so the bundle holds what the server rendered, whatever a component does once
 * it runs (a clock, a random pick), and the same project gives the same bytes. True when it had any.
 */
export function addIslandScripts(root: HTMLElement, src: string): boolean {
  if (root.querySelector('[data-op-island]') === null) return false;
  (root.querySelector('head') ?? root).insertAdjacentHTML(
    'beforeend',
    `<script src="${src.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}" defer></script>` +
      `<script src="${ISLANDS_JS_URL}" defer></script>`,
  );
  return true;
}

/** True when `src` (already rewritten to a bundle-relative path) names a page of the bundle. */
function isBundlePage(src: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(src) && !src.startsWith('//') && /\.html(#.*)?$/i.test(src);
}

/**
 * Puts the bundle policy first in the page's head (after `<meta charset>`). Frames are allowed only
 * when the page frames another page of the bundle (which carries the policy itself); a frame of
 * anything else loses its source.
 */
export function applyBundlePolicy(root: HTMLElement, connect: readonly string[]): void {
  let frames = false;
  for (const frame of root.querySelectorAll('iframe[src]')) {
    if (isBundlePage(frame.getAttribute('src') ?? '')) frames = true;
    else frame.removeAttribute('src');
  }
  const meta = cspMeta(bundleCsp({ connect, frames }));
  const head = root.querySelector('head');
  const charset = head?.querySelector('meta[charset]');
  if (charset) charset.insertAdjacentHTML('afterend', meta);
  else if (head) head.insertAdjacentHTML('afterbegin', meta);
  else root.insertAdjacentHTML('afterbegin', meta);
}
