/**
 * What the egress check runs inside the pages it opens. The init script runs in every frame before any
 * page script: it reports through a CDP binding (so nothing is lost when a page navigates) every request
 * the page's Content-Security-Policy refused (those never reach the request filter), every resource
 * hint `<link>` a document gets, and every attempt at a WebSocket, a WebRTC peer connection or a service
 * worker, which it refuses itself (WebSockets are not paused by the Fetch domain, and WebRTC and
 * service workers do not go through it at all). The interaction and scan expressions run in an
 * isolated world, where page scripts cannot change what they see.
 */

/** Name of the CDP binding the init script reports through (removed from the page's global scope). */
export const REPORT_BINDING = '__offprintEgressReport';

/** `<link rel>` values that make the browser connect or fetch ahead of time. */
export const HINT_RELS = ['preconnect', 'dns-prefetch', 'prefetch', 'preload', 'modulepreload'] as const;

/** Report prefixes: `csp:<directive>` and `link:<rel>` are classified by the check; the rest are kinds. */
export const INIT_SCRIPT = `(() => {
  const report = globalThis[${JSON.stringify(REPORT_BINDING)}];
  try { delete globalThis[${JSON.stringify(REPORT_BINDING)}]; } catch {}
  if (typeof report !== 'function') return;
  const send = (kind, url) => { try { report(JSON.stringify({ kind, url: String(url) })); } catch {} };
  const absolute = (url) => { try { return new URL(String(url), location.href).href; } catch { return String(url); } };
  const refuse = (what) => new DOMException(what + ' is blocked: the bundle may not reach outside itself', 'SecurityError');
  const lock = (owner, name, value) => {
    try { Object.defineProperty(owner, name, { value, writable: false, configurable: false }); } catch {}
  };

  document.addEventListener('securitypolicyviolation', (event) => {
    send('csp:' + event.effectiveDirective, event.blockedURI);
  }, true);

  for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection']) {
    lock(globalThis, name, function (config) {
      const servers = (config && Array.isArray(config.iceServers) ? config.iceServers : [])
        .flatMap((server) => [].concat(server && server.urls !== undefined ? server.urls : server && server.url))
        .filter((url) => typeof url === 'string');
      send('webrtc', servers.length > 0 ? servers.join(' ') : name);
      throw refuse('WebRTC');
    });
  }

  const RealSocket = globalThis.WebSocket;
  if (typeof RealSocket === 'function') {
    lock(globalThis, 'WebSocket', function (url) {
      send('websocket', absolute(url));
      throw refuse('WebSocket');
    });
  }

  const register = function (url) {
    send('service-worker', absolute(url));
    return Promise.reject(refuse('A service worker'));
  };
  if (typeof ServiceWorkerContainer === 'function') lock(ServiceWorkerContainer.prototype, 'register', register);
  else {
    const stub = { register, getRegistrations: () => Promise.resolve([]), ready: new Promise(() => undefined) };
    try { Object.defineProperty(Navigator.prototype, 'serviceWorker', { get: () => stub, configurable: false }); } catch {}
  }

  const hints = ${JSON.stringify(HINT_RELS)};
  const seen = new WeakMap();
  const noteLink = (link) => {
    const rels = String(link.getAttribute('rel') || '').toLowerCase().split(/\\s+/).filter((rel) => hints.includes(rel));
    const href = link.getAttribute('href');
    if (rels.length === 0 || !href) return;
    const key = rels.join(' ') + ' ' + href;
    if (seen.get(link) === key) return;
    seen.set(link, key);
    for (const rel of rels) send('link:' + rel, absolute(href));
  };
  const visit = (node) => {
    if (node.nodeType !== 1) return;
    if (node.tagName === 'LINK') noteLink(node);
    else if (node.firstElementChild) for (const link of node.querySelectorAll('link')) noteLink(link);
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') visit(record.target);
      else for (const node of record.addedNodes) visit(node);
    }
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['rel', 'href'] });
})();`;

/**
 * Opens what the docs theme hides behind a click (tabs, code groups and their dropdowns, accordions and
 * other \`<details>\`, expandable code and menus; the theme's sidebar groups are opened, not clicked),
 * makes lazy media load, and scrolls to the bottom, so that whatever those would load is loaded while the
 * check watches. Links are never clicked. `fillSharedNav`: a large section's shared sidebar is drawn
 * whole (sharedNavFill.ts says on which pages).
 */
export function interactExpression(fillSharedNav: boolean): string {
  return `(async () => {
  const tick = () => new Promise((resolve) => {
    requestAnimationFrame(() => resolve());
    setTimeout(resolve, 50);
  });
  let clicks = 0;
  const click = (element) => {
    if (clicks >= 500 || element.closest('a[href]')) return;
    clicks += 1;
    try { element.click(); } catch {}
  };
  for (const media of document.querySelectorAll('img[loading="lazy"], iframe[loading="lazy"]')) media.loading = 'eager';
  if (${String(fillSharedNav)}) {
    // A large section's sidebar draws its parts as they come near view (theme client/sharedNav.ts): all
    // now, or as soon as its script runs.
    document.documentElement.setAttribute('data-op-nav-fill', '');
    document.dispatchEvent(new Event('op-nav-fill'));
  }
  // The theme's sidebar groups are opened without a click (on them a click only opens them): a large
  // section's sidebar has hundreds, and a click each cost a page of a 10,000-page site 0.3 s.
  for (const details of document.querySelectorAll('.op-sidebar details')) details.open = true;
  for (const details of document.querySelectorAll('details')) {
    if (details.open) continue;
    const summary = details.querySelector(':scope > summary');
    if (summary) click(summary);
    if (!details.open) details.open = true;
  }
  for (const tab of document.querySelectorAll('[data-op-tab], [role="tab"]')) click(tab);
  for (const select of document.querySelectorAll('select')) {
    for (let i = 0; i < select.options.length && i < 20; i++) {
      select.selectedIndex = i;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }
  for (const button of document.querySelectorAll('[data-op-code-expand], [aria-expanded="false"]')) click(button);
  // Lazy media load now (above); scrolling in two strides wakes what watches the scroll position (a page
  // that does not scroll, like a redirect page, has nothing to wake).
  const root = document.scrollingElement || document.documentElement;
  const strides = root.scrollHeight > innerHeight ? [0.5, 1] : [];
  for (const share of strides) {
    scrollTo(0, root.scrollHeight * share);
    await tick();
  }
  return clicks;
})()`;
}

/** Resource hint links in the document now (the init script saw them come; this catches any it missed). */
export const SCAN_EXPRESSION = `Array.from(document.querySelectorAll('link[rel][href]')).flatMap((link) =>
  String(link.getAttribute('rel')).toLowerCase().split(/\\s+/)
    .filter((rel) => ${JSON.stringify(HINT_RELS)}.includes(rel))
    .map((rel) => ({ kind: 'link:' + rel, url: link.href })))`;
