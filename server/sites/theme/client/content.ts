/**
 * Content behaviours: accordion hash links, expandable code, TOC scroll-spy, API examples moved to the
 * right column on wide screens, `<View>` selector, image zoom.
 */
import { all, el } from './dom.js';
import { text } from './text.js';
import { syncTocToShownContent } from './toc.js';

function initAccordions(): void {
  for (const details of all<HTMLDetailsElement>('details[data-op-accordion]')) {
    details.addEventListener('toggle', () => {
      if (details.open && details.id) window.history.replaceState(null, '', `#${encodeURIComponent(details.id)}`);
    });
  }
}

function initCodeExpand(): void {
  // Code blocks are rendered once per page body, without its language: their buttons say "Expand" in it here.
  all('[data-op-code-expand]').forEach((button) => (button.textContent = text().expand));
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLElement>('[data-op-code-expand]');
    const block = button?.closest<HTMLElement>('[data-op-code]');
    if (!button || !block) return;
    const open = block.classList.toggle('op-code-expanded');
    button.setAttribute('aria-expanded', open ? 'true' : 'false');
    button.textContent = open ? text().collapse : text().expand;
  });
}

/**
 * Mintlify's TOC state for projects' stylesheets: `data-active-deepest` on the item of the heading in view,
 * `data-active` on it and on the item of its parent heading (`data-depth` 0 before a 1).
 */
function markTocItems(links: readonly HTMLAnchorElement[], current: HTMLAnchorElement | undefined): void {
  const items = links.map((link) => link.closest('li'));
  const at = current === undefined ? -1 : links.indexOf(current);
  const depth = (i: number): string | undefined => items[i]?.dataset['depth'];
  let parent = at;
  while (parent > 0 && depth(parent) !== '0') parent -= 1;
  items.forEach((item, i) => {
    item?.toggleAttribute('data-active', i === at || (i === parent && depth(parent) === '0'));
    item?.toggleAttribute('data-active-deepest', i === at);
  });
}

function initScrollSpy(): void {
  const links = all<HTMLAnchorElement>('[data-op-toc-link]');
  const targets = links
    .map((link) => ({ link, target: document.getElementById(link.dataset['opTocLink'] ?? '') }))
    .filter((t): t is { link: HTMLAnchorElement; target: HTMLElement } => t.target !== null);
  if (targets.length === 0) return;
  let scheduled = false;
  let shown: (typeof targets)[number] | undefined;
  // A heading counts as reached a little below where a TOC link scrolls it (the page's scroll padding:
  // the header, taller with a tab bar), read once per size rather than in each frame.
  let offset = 0;
  const measure = (): void => {
    offset = (parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 112) + 8;
  };
  window.addEventListener('resize', measure, { passive: true });
  measure();
  const update = (): void => {
    scheduled = false;
    // A heading in a view or tab panel not shown draws no box: it is neither reached nor the current one.
    const shownTargets = targets.filter((t) => t.target.getClientRects().length > 0);
    let current = shownTargets[0];
    for (const t of shownTargets) {
      if (t.target.getBoundingClientRect().top - offset <= 0) current = t;
      else break;
    }
    const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 4;
    if (atBottom) current = shownTargets[shownTargets.length - 1];
    if (current === shown) return;
    shown = current;
    for (const t of targets) t.link.classList.toggle('is-active', t === current);
    markTocItems(
      targets.map((t) => t.link),
      current?.link,
    );
  };
  window.addEventListener(
    'scroll',
    () => {
      if (!scheduled) {
        scheduled = true;
        window.requestAnimationFrame(update);
      }
    },
    { passive: true },
  );
  update();
}

/** `<RequestExample>`/`<ResponseExample>`/`<Panel>` go to the right column when there is room for it. */
function initExamples(): void {
  const column = document.querySelector<HTMLElement>('[data-op-examples]');
  const found = all<HTMLElement>('[data-op-example], [data-op-panel]');
  // Examples inside a Panel move with it.
  const items = found.filter((item) => !found.some((other) => other !== item && other.contains(item)));
  if (!column || items.length === 0) return;
  const marks = items.map((item) => {
    const mark = document.createComment('op-example');
    item.before(mark);
    return { item, mark };
  });
  const wide = window.matchMedia('(min-width: 1280px)');
  const place = (): void => {
    for (const { item, mark } of marks) {
      if (wide.matches) column.append(item);
      else mark.after(item);
    }
    document.documentElement.classList.toggle('op-examples-aside', wide.matches);
  };
  wide.addEventListener('change', place);
  place();
}

function initViews(): void {
  const views = all<HTMLElement>('[data-op-view]');
  const first = views[0];
  if (!first) return;
  const titles = [...new Set(views.map((v) => v.dataset['opView'] ?? ''))];
  const bar = el('div', 'op-view-selector multi-view-dropdown');
  bar.setAttribute('role', 'tablist');
  const show = (title: string): void => {
    views.forEach((v) => (v.hidden = v.dataset['opView'] !== title));
    bar
      .querySelectorAll('button')
      .forEach((b) => b.setAttribute('aria-selected', b.textContent === title ? 'true' : 'false'));
    // The TOC lists the headings of the view being read only: Mintlify draws no View but the selected one.
    syncTocToShownContent();
  };
  for (const title of titles) {
    const button = el('button', 'op-view-option multi-view-dropdown-item', title);
    button.type = 'button';
    button.setAttribute('role', 'tab');
    button.addEventListener('click', () => show(title));
    bar.append(button);
  }
  (document.querySelector('[data-op-prose]') ?? first.parentElement)?.prepend(bar);
  show(titles[0] ?? '');
}

function initZoom(): void {
  document.addEventListener('click', (event) => {
    const img = (event.target as Element | null)?.closest<HTMLImageElement>('img[data-op-zoom]');
    if (!img || img.closest('a')) return;
    const overlay = el('div', 'op-zoom');
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-label', img.alt || text().image);
    const copy = el('img');
    copy.src = img.currentSrc || img.src;
    copy.alt = img.alt;
    overlay.append(copy);
    const close = (): void => {
      overlay.remove();
      document.removeEventListener('keydown', onKey);
    };
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') close();
    };
    overlay.addEventListener('click', close);
    document.addEventListener('keydown', onKey);
    document.body.append(overlay);
  });
}

/** Wires the content behaviours. */
export function initContent(): void {
  initAccordions();
  initCodeExpand();
  initScrollSpy();
  initExamples();
  initViews();
  initZoom();
}
