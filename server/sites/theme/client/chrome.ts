/** Page chrome: dark mode toggle, banner dismissal, phone drawer, header dropdown menus, shortcut label. */
import { all, save } from './dom.js';
import { text } from './text.js';

/** True when the page is shown in dark mode. */
export function isDark(): boolean {
  return document.documentElement.classList.contains('dark');
}

function applyMode(dark: boolean): void {
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  document.dispatchEvent(new CustomEvent('op-theme-change', { detail: { dark } }));
}

function initThemeToggle(): void {
  const root = document.documentElement;
  for (const button of all<HTMLButtonElement>('[data-op-theme-toggle]')) {
    button.setAttribute('aria-pressed', isDark() ? 'true' : 'false');
    button.addEventListener('click', () => {
      const dark = !isDark();
      applyMode(dark);
      save('op-theme', dark ? 'dark' : 'light');
      all('[data-op-theme-toggle]').forEach((b) => b.setAttribute('aria-pressed', dark ? 'true' : 'false'));
    });
  }
  // Follow the system while the reader has made no choice and the site default is "system".
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  query.addEventListener('change', () => {
    let stored: string | null = null;
    try {
      stored = window.localStorage.getItem('op-theme');
    } catch {
      stored = null;
    }
    if ((root.dataset['strict'] === 'true' || stored === null) && root.dataset['appearance'] === 'system') {
      applyMode(query.matches);
    }
  });
}

function initBanner(): void {
  document.querySelector('[data-op-banner-dismiss]')?.addEventListener('click', () => {
    const key = document.querySelector<HTMLElement>('[data-op-banner]')?.dataset['opBanner'];
    if (key) save('op-banner-dismissed', key);
    document.documentElement.classList.add('op-banner-hidden');
  });
}

function setDrawer(open: boolean): void {
  document.documentElement.classList.toggle('op-nav-open', open);
  all('[data-op-nav-toggle]').forEach((b) => {
    b.setAttribute('aria-expanded', open ? 'true' : 'false');
    b.setAttribute('aria-label', open ? text().closeNavigation : text().openNavigation);
  });
}

function initDrawer(): void {
  document.addEventListener('click', (event) => {
    const target = event.target as Element | null;
    if (target?.closest('[data-op-nav-toggle]')) {
      setDrawer(!document.documentElement.classList.contains('op-nav-open'));
    } else if (target?.closest('[data-op-nav-close]')) setDrawer(false);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && document.documentElement.classList.contains('op-nav-open')) setDrawer(false);
  });
  revealActivePage();
}

/**
 * Scrolls a long sidebar to the current page, only when that page is below the first screen: a sidebar
 * (and the phone drawer, whose header sits at its top) otherwise opens at its top.
 */
export function revealActivePage(): void {
  const active = document.querySelector<HTMLElement>('.op-sidebar .is-active[aria-current="page"]');
  const scroller = document.querySelector<HTMLElement>('.op-sidebar-inner');
  if (!active || !scroller) return;
  const box = scroller.getBoundingClientRect();
  const item = active.getBoundingClientRect();
  const bottom = item.bottom - box.top + scroller.scrollTop;
  if (bottom <= scroller.clientHeight) return;
  scroller.scrollTop = item.top - box.top + scroller.scrollTop - scroller.clientHeight / 3;
}

function initMenus(): void {
  const menus = all<HTMLDetailsElement>('details[data-op-menu]');
  for (const menu of menus) {
    menu.addEventListener('toggle', () => {
      if (!menu.open) return;
      for (const other of menus) if (other !== menu) other.open = false;
    });
  }
  document.addEventListener('click', (event) => {
    const inside = (event.target as Element | null)?.closest('details[data-op-menu]');
    for (const menu of menus) if (menu !== inside) menu.open = false;
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') for (const menu of menus) menu.open = false;
  });
}

function initShortcutLabel(): void {
  const mac = /Mac|iPhone|iPad/i.test(navigator.platform || navigator.userAgent);
  if (!mac) all('[data-op-shortcut]').forEach((k) => (k.textContent = 'Ctrl K'));
}

/** Wires the page chrome. */
export function initChrome(): void {
  initThemeToggle();
  initBanner();
  initDrawer();
  initMenus();
  initShortcutLabel();
}
