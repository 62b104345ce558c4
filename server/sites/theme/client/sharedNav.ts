/**
 * A large section's sidebar (theme/sharedNav.ts): the page carries the current group in full and, for
 * every other part of the tree (a top-level group, or a run of loose pages), a placeholder: the group's
 * heading, linked, for readers without scripts, sized from its rows. The whole tree comes from one file
 * per section, loaded with a plain script tag so that it works from file:// as well as over HTTP, part
 * by part. A part is drawn when it comes within a screen of the sidebar's view; all are drawn when the
 * keyboard focus enters the sidebar, before printing, on an `op-nav-fill` event (or when the document
 * carries `data-op-nav-fill`, for a caller that asks before this script has run), and, a part at a time,
 * once the page has been idle a moment (so that find-in-page and screen readers soon have the whole
 * tree). Drawing the whole tree at once made a page of a 10,000-page site's load half as long again.
 * A part's links are relative to the file itself (a bundle page may sit at any depth), so each is
 * resolved against the file's URL; the current page is marked and its groups opened, as the server does.
 */
import {
  SHARED_NAV_GLOBAL,
  SHARED_NAV_PART_ATTR,
  SHARED_NAV_REL,
  SHARED_NAV_ROWS_ATTR,
  unpackSharedNavPart,
  type SharedNavData,
} from '../sharedNav.js';

/** The event (on the document) that has every part drawn now. */
export const NAV_FILL_EVENT = 'op-nav-fill';

/** How long the page stays idle before the parts not yet drawn are drawn anyway. */
const IDLE_FILL_MS = 1500;

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

/** Makes every link and image of a part absolute, from the file's URL. */
function resolveUrls(part: Element, base: string): void {
  for (const element of Array.from(part.querySelectorAll('[href], [src]'))) {
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

/**
 * Marks the link to the page shown (its item and its top-level group's list `data-active`, as Mintlify's),
 * if the part has it, and opens the groups around it.
 */
function markCurrent(part: Element): void {
  const here = pageOf(window.location.href);
  const link = Array.from(part.querySelectorAll<HTMLAnchorElement>('a[href]')).find((a) => pageOf(a.href) === here);
  if (link === undefined) return;
  link.classList.add('is-active');
  link.setAttribute('aria-current', 'page');
  link.closest('li')?.setAttribute('data-active', '');
  link.closest('.sidebar-group')?.setAttribute('data-active', '');
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
 * Gives a drawn part its number of rows: the theme skips the layout of parts far from view
 * (`content-visibility: auto`, sidebar.css) and sizes them from it until they are drawn.
 */
function countRows(part: HTMLElement): void {
  const rows = Array.from(part.querySelectorAll('.op-nav-link')).filter((row) => showsIn(row, part)).length;
  part.style.setProperty('--op-nav-rows', String(rows));
}

/** Asks for `step` when the page is idle (or soon, where the browser has no idle callbacks). */
function whenIdle(step: (deadline?: IdleDeadline) => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(step, { timeout: 1000 });
  else window.setTimeout(step, 16);
}

/** The parts of one page's shared sidebar not drawn yet, and how each is drawn. */
class SharedNavParts {
  private readonly pending = new Map<number, HTMLElement>();
  private readonly observer: IntersectionObserver | null;

  constructor(
    private readonly nav: HTMLElement,
    private readonly data: SharedNavData,
    private readonly base: string,
  ) {
    const scroller = nav.closest<HTMLElement>('.op-sidebar-inner');
    this.observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => this.drawSeen(entries), { root: scroller, rootMargin: '100% 0px' })
        : null;
    for (const holder of Array.from(nav.querySelectorAll<HTMLElement>(`:scope > [${SHARED_NAV_ROWS_ATTR}]`))) {
      const part = Number(holder.getAttribute(SHARED_NAV_PART_ATTR));
      holder.style.setProperty('--op-nav-rows', holder.getAttribute(SHARED_NAV_ROWS_ATTR));
      holder.hidden = false;
      this.pending.set(part, holder);
      this.observer?.observe(holder);
    }
    for (const drawn of Array.from(nav.querySelectorAll<HTMLElement>(`:scope > [${SHARED_NAV_PART_ATTR}]`))) {
      if (!drawn.hasAttribute(SHARED_NAV_ROWS_ATTR)) countRows(drawn);
    }
    if (this.pending.size === 0) this.finish();
    else if (this.observer === null) this.drawAll();
  }

  /** Draws every part not drawn yet, now. */
  drawAll(): void {
    for (const [part, holder] of this.pending) this.draw(part, holder);
  }

  /** Draws the parts left, a few at a time while the page is idle. */
  drawWhenIdle(): void {
    const step = (deadline?: IdleDeadline): void => {
      for (const [part, holder] of this.pending) {
        this.draw(part, holder);
        if (deadline === undefined || deadline.timeRemaining() < 2) break;
      }
      if (this.pending.size > 0) whenIdle(step);
    };
    whenIdle(step);
  }

  private drawSeen(entries: readonly IntersectionObserverEntry[]): void {
    for (const entry of entries) {
      if (!entry.isIntersecting || !(entry.target instanceof HTMLElement)) continue;
      const part = Number(entry.target.getAttribute(SHARED_NAV_PART_ATTR));
      if (this.pending.get(part) === entry.target) this.draw(part, entry.target);
    }
  }

  private draw(part: number, holder: HTMLElement): void {
    this.pending.delete(part);
    this.observer?.unobserve(holder);
    this.place(part, holder);
    if (this.pending.size === 0) this.finish();
  }

  /** Puts part `part` of the file in place of its placeholder (kept, sized to its heading, if the file has none). */
  private place(part: number, holder: HTMLElement): void {
    const template = document.createElement('template');
    template.innerHTML = unpackSharedNavPart(this.data, part);
    const drawn = template.content.firstElementChild;
    if (!(drawn instanceof HTMLElement)) {
      holder.removeAttribute(SHARED_NAV_ROWS_ATTR);
      return;
    }
    resolveUrls(drawn, this.base);
    markCurrent(drawn);
    countRows(drawn);
    // A keyboard focus on the heading being replaced stays on the same group, not on the page.
    const focused = holder.contains(document.activeElement);
    holder.replaceWith(drawn);
    if (focused) drawn.querySelector<HTMLElement>('a[href], summary')?.focus({ preventScroll: true });
  }

  private finish(): void {
    this.observer?.disconnect();
    this.nav.dataset['opNavFilled'] = '';
  }
}

/** Draws every part on the reader's (or a caller's) demand, and the rest once the page is idle. */
function drawOnDemand(parts: SharedNavParts, nav: HTMLElement): void {
  const all = (): void => parts.drawAll();
  nav.addEventListener('focusin', all, { once: true });
  window.addEventListener('beforeprint', all);
  document.addEventListener(NAV_FILL_EVENT, all);
  if (document.documentElement.hasAttribute('data-op-nav-fill')) all();
  else window.setTimeout(() => parts.drawWhenIdle(), IDLE_FILL_MS);
}

/**
 * Loads the section's shared sidebar file and draws its parts as above. Resolves once the placeholders
 * are sized (or leaves the compact sidebar as it is when the file cannot be had: it still leads
 * everywhere through its group headings).
 */
export async function initSharedNav(): Promise<void> {
  const nav = document.querySelector<HTMLElement>('nav.op-nav[data-op-nav-shared]');
  const link = document.querySelector<HTMLLinkElement>(`link[rel="${SHARED_NAV_REL}"]`);
  const key = nav?.dataset['opNavShared'];
  if (!nav || !link || !key) return;
  if (sharedTrees()?.[key] === undefined) await loadScript(link.href);
  const data = sharedTrees()?.[key];
  if (data === undefined) return;
  nav.dataset['opNavLoaded'] = '';
  drawOnDemand(new SharedNavParts(nav, data, link.href), nav);
}
