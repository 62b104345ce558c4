/** Tabs and CodeGroups: switching, keyboard, syncing equal titles across the page, hash links. */
import { all, load, save } from './dom.js';
import { hashTarget } from './anchors.js';
import { text } from './text.js';
import { languageName } from '../../render/code/languageNames.js';
import { syncTocToShownContent } from './toc.js';

const STORE = 'op-tab';

function tabsOf(group: HTMLElement): HTMLElement[] {
  return all<HTMLElement>(':scope > .op-tab-list > [data-op-tab]', group);
}

function panelsOf(group: HTMLElement): HTMLElement[] {
  return all<HTMLElement>(':scope > [data-op-tab-panel]', group);
}

/** Shows tab `index` of `group`. */
export function selectTab(group: HTMLElement, index: number, focus = false): void {
  const tabs = tabsOf(group);
  const panels = panelsOf(group);
  tabs.forEach((tab, i) => {
    const on = i === index;
    tab.setAttribute('aria-selected', on ? 'true' : 'false');
    tab.tabIndex = on ? 0 : -1;
    // Content Tabs carry Mintlify's `data-active="true|false"` for projects' stylesheets.
    if (tab.dataset['active'] !== undefined) tab.dataset['active'] = String(on);
    if (on && focus) tab.focus();
  });
  panels.forEach((panel, i) => {
    panel.hidden = i !== index;
  });
  const select = group.querySelector<HTMLSelectElement>(':scope > .op-tab-list > .op-tab-select');
  if (select) select.selectedIndex = index;
  syncTocToShownContent();
}

/**
 * CodeGroup `dropdown`, as Mintlify draws it: the selected block's title stays on the left and a `<select>`
 * on the right names each block by its language (DOM.md `data-variant="dropdown"`).
 */
function initDropdowns(): void {
  for (const group of all<HTMLElement>('[data-op-tabs][data-variant="dropdown"]')) {
    const list = group.querySelector<HTMLElement>(':scope > .op-tab-list');
    const tabs = tabsOf(group);
    if (!list || tabs.length === 0) continue;
    const panels = panelsOf(group);
    const select = document.createElement('select');
    select.className = 'op-tab-select';
    select.setAttribute('aria-label', text().language);
    const request = group.dataset['opExample'] === 'request';
    const names = tabs.map((tab, i) => {
      const label = tab.dataset['opTab'] ?? '';
      const lang = panels[i]?.querySelector<HTMLElement>('.op-code[data-lang]')?.dataset['lang'];
      return lang && lang !== 'text' ? languageName(lang, request) : label;
    });
    tabs.forEach((tab, i) => {
      const label = tab.dataset['opTab'] ?? '';
      const name = names[i] ?? label;
      // Blocks of one language (npm, yarn and pnpm all in bash) would read alike: their titles tell them apart.
      const shared = names.indexOf(name) !== names.lastIndexOf(name);
      select.append(new Option(shared ? label : name, label));
    });
    select.selectedIndex = Math.max(
      0,
      tabs.findIndex((t) => t.getAttribute('aria-selected') === 'true'),
    );
    select.addEventListener('change', () => {
      selectTab(group, select.selectedIndex);
      const label = select.value;
      if (group.dataset['sync'] !== 'false' && label) {
        syncLabel(label, group);
        save(STORE, label);
      }
    });
    list.append(select);
    list.classList.add('op-has-select');
  }
}

/** Selects `label` in every synced tab group that has it. */
function syncLabel(label: string, except: HTMLElement | null): void {
  for (const group of all<HTMLElement>('[data-op-tabs]')) {
    if (group === except || group.dataset['sync'] === 'false') continue;
    const index = tabsOf(group).findIndex((t) => t.dataset['opTab'] === label);
    if (index >= 0) selectTab(group, index);
  }
}

/**
 * Shows response status `status` in every other strip whose tabs carry statuses (DOM.md `data-op-status`):
 * its first tab of that status, unless one is shown. A response with several media types labels its
 * examples `200 · text/event-stream` and its Response tab `200`, which the label sync cannot match.
 */
function syncStatus(status: string, except: HTMLElement): void {
  for (const group of all<HTMLElement>('[data-op-tabs]')) {
    if (group === except) continue;
    const tabs = tabsOf(group);
    const shown = tabs.find((t) => t.getAttribute('aria-selected') === 'true');
    if (shown?.dataset['opStatus'] === status) continue;
    const index = tabs.findIndex((t) => t.dataset['opStatus'] === status);
    if (index >= 0) selectTab(group, index);
  }
}

function onClick(event: MouseEvent): void {
  const tab = (event.target as Element | null)?.closest<HTMLElement>('[data-op-tab]');
  const group = tab?.closest<HTMLElement>('[data-op-tabs]');
  if (!tab || !group) return;
  const index = tabsOf(group).indexOf(tab);
  if (index < 0) return;
  selectTab(group, index);
  const label = tab.dataset['opTab'] ?? '';
  if (group.dataset['sync'] !== 'false' && label) {
    // Keep the clicked block where it is on screen while other groups above it change height.
    const before = tab.getBoundingClientRect().top;
    syncLabel(label, group);
    const status = tab.dataset['opStatus'];
    if (status !== undefined) syncStatus(status, group);
    window.scrollBy(0, tab.getBoundingClientRect().top - before);
    save(STORE, label);
  }
}

function onKey(event: KeyboardEvent): void {
  const tab = (event.target as Element | null)?.closest<HTMLElement>('[data-op-tab]');
  const group = tab?.closest<HTMLElement>('[data-op-tabs]');
  if (!tab || !group) return;
  const tabs = tabsOf(group);
  const index = tabs.indexOf(tab);
  const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
  const next = moves[event.key];
  if (next === undefined || tabs.length === 0) return;
  event.preventDefault();
  selectTab(group, (next + tabs.length) % tabs.length, true);
}

/**
 * Opens the tab (or the tab holding the element) named by the URL hash; scrolls to an element the
 * browser could not find itself (a GitHub-style or differently cased link, client/anchors.ts).
 */
export function revealHash(): void {
  const found = hashTarget(window.location.hash);
  if (!found) return;
  const target = found.element;
  for (let node: HTMLElement | null = target; node; node = node.parentElement) {
    const tabId = node.getAttribute('aria-controls') ?? (node.matches('[data-op-tab-panel]') ? node.id : null);
    const group = node.closest<HTMLElement>('[data-op-tabs]');
    if (tabId && group) {
      const index = panelsOf(group).findIndex((p) => p.id === tabId);
      if (index >= 0) selectTab(group, index);
    }
    if (node instanceof HTMLDetailsElement) node.open = true;
  }
  if (!found.exact) target.scrollIntoView();
}

/** Wires the tab behaviour for the page. */
export function initTabs(): void {
  initDropdowns();
  document.addEventListener('click', onClick);
  document.addEventListener('keydown', onKey);
  const remembered = load(STORE);
  if (remembered) syncLabel(remembered, null);
  revealHash();
  window.addEventListener('hashchange', revealHash);
  syncTocToShownContent();
}
