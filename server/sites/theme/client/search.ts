/**
 * The search dialog: ⌘K / Ctrl+K / "/" open it; arrows + Enter navigate. The sharded index is loaded
 * a few small scripts at a time, as queries need them (searchShards.ts).
 */
import { SEARCH_INDEX_REL } from '../profile.js';
import { SEARCH_SHARD_CALLBACK } from '../searchFormat.js';
import { SEARCH_INDEX_URL } from '../urls.js';
import { all, el } from './dom.js';
import { fill } from '../i18n/index.js';
import { text } from './text.js';
import { withEmoji } from './emoji.js';
import { createShardedSearch, type ShardedSearch } from './searchShards.js';
import type { SearchHit } from './searchText.js';

let engine: ShardedSearch | null = null;

/** Files asked for and not yet arrived, by name: what their script hands to the callback. */
const arriving = new Map<string, (data: unknown) => void>();

/**
 * Where the index is: a bundle names its manifest script with `<link rel="op-search-index">` (its other
 * files sit beside it); the live site serves it at a fixed path. The same files either way.
 */
function manifestUrl(): string {
  const link = document.querySelector<HTMLLinkElement>(`link[rel="${SEARCH_INDEX_REL}"]`);
  return link ? link.href : new URL(SEARCH_INDEX_URL, window.location.href).href;
}

function fileUrl(name: string): string {
  return new URL(`${name}.js`, manifestUrl()).href;
}

/**
 * Loads one file of the index with a plain script tag (which, unlike fetch, works from file://); the
 * script calls the shard callback with its name and data.
 */
function loadScript(name: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = fileUrl(name);
    let done = false;
    arriving.set(name, (data) => {
      done = true;
      resolve(data);
    });
    const fail = (why: string): void => {
      arriving.delete(name);
      script.remove();
      if (!done) reject(new Error(`search index: ${name} ${why}`));
    };
    script.addEventListener('load', () => fail('defined no data'));
    script.addEventListener('error', () => fail('could not be loaded'));
    document.head.append(script);
  });
}

function loadEngine(): ShardedSearch {
  if (engine === null) {
    Object.assign(window, {
      [SEARCH_SHARD_CALLBACK]: (name: unknown, data: unknown): void => {
        if (typeof name === 'string') arriving.get(name)?.(data);
      },
    });
    // A bundle's page URLs are relative to the chunk file that holds them.
    engine = createShardedSearch(loadScript, (url, chunk) => new URL(url, fileUrl(chunk)).href);
  }
  return engine;
}

function highlighted(text: string, marks: readonly (readonly [number, number])[]): DocumentFragment {
  const out = document.createDocumentFragment();
  let at = 0;
  for (const [start, end] of marks) {
    const mark = el('mark');
    mark.append(...withEmoji(text.slice(start, end)));
    out.append(...withEmoji(text.slice(at, start)), mark);
    at = end;
  }
  out.append(...withEmoji(text.slice(at)));
  return out;
}

function hitNode(hit: SearchHit, index: number): HTMLLIElement {
  const li = el('li', 'op-search-result');
  li.id = `op-search-result-${index}`;
  li.setAttribute('role', 'option');
  const link = el('a', 'op-search-link');
  link.href = hit.url;
  link.tabIndex = -1;
  if (hit.section) link.append(el('span', 'op-search-section', hit.section));
  const title = el('span', 'op-search-title');
  if (hit.method)
    title.append(
      el('span', `op-method op-method-${hit.method}`, hit.method === 'webhook' ? 'HOOK' : hit.method.toUpperCase()),
    );
  title.append(...withEmoji(hit.title));
  link.append(title);
  if (hit.heading) {
    const heading = el('span', 'op-search-heading');
    heading.append(...withEmoji(hit.heading));
    link.append(heading);
  }
  if (hit.snippet) {
    const snip = el('span', 'op-search-snippet');
    snip.append(highlighted(hit.snippet, hit.marks));
    link.append(snip);
  }
  li.append(link);
  return li;
}

function buildDialog(): {
  dialog: HTMLDialogElement;
  input: HTMLInputElement;
  list: HTMLUListElement;
  status: HTMLElement;
} {
  const dialog = el('dialog', 'op-search-dialog');
  dialog.setAttribute('aria-label', text().searchDocs);
  const box = el('div', 'op-search-box');
  const input = el('input', 'op-search-input');
  // Mintlify's identifier of its search field, for projects' style.css; a page's own #search-input keeps it.
  if (!document.getElementById('search-input')) input.id = 'search-input';
  input.type = 'search';
  input.placeholder = document.querySelector('.op-search-placeholder')?.textContent ?? text().searchPlaceholder;
  input.setAttribute('aria-label', text().search);
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-expanded', 'true');
  input.setAttribute('aria-controls', 'op-search-results');
  input.autocomplete = 'off';
  input.spellcheck = false;
  const esc = el('kbd', 'op-kbd', 'Esc');
  box.append(input, esc);
  const list = el('ul', 'op-search-results');
  list.id = 'op-search-results';
  list.setAttribute('role', 'listbox');
  const status = el('p', 'op-search-status');
  status.setAttribute('role', 'status');
  const footer = el('div', 'op-search-footer', text().searchKeys);
  dialog.append(box, status, list, footer);
  document.body.append(dialog);
  return { dialog, input, list, status };
}

/** Wires the search dialog. */
export function initSearch(): void {
  let ui: ReturnType<typeof buildDialog> | null = null;
  let selected = 0;
  let hits: SearchHit[] = [];

  const select = (index: number): void => {
    if (!ui) return;
    const items = all<HTMLLIElement>('.op-search-result', ui.list);
    if (items.length === 0) return;
    selected = (index + items.length) % items.length;
    items.forEach((item, i) => item.setAttribute('aria-selected', i === selected ? 'true' : 'false'));
    const current = items[selected];
    ui.input.setAttribute('aria-activedescendant', current?.id ?? '');
    current?.scrollIntoView({ block: 'nearest' });
  };

  const run = (): void => {
    if (!ui) return;
    const current = ui;
    const query = current.input.value.trim();
    if (!query) {
      current.list.replaceChildren();
      current.status.textContent = '';
      return;
    }
    current.status.textContent = text().searching;
    loadEngine()
      .search(query, undefined, document.documentElement.lang)
      .then((found) => {
        if (current.input.value.trim() !== query) return;
        hits = found;
        current.list.replaceChildren(...hits.map(hitNode));
        current.status.textContent = hits.length === 0 ? fill(text().noResults, { query }) : '';
        select(0);
      })
      .catch(() => {
        current.status.textContent = text().searchUnavailable;
      });
  };

  const open = (): void => {
    if (!ui) {
      ui = buildDialog();
      const { input, list, dialog } = ui;
      input.addEventListener('input', run);
      input.addEventListener('keydown', (event) => {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          select(selected + (event.key === 'ArrowDown' ? 1 : -1));
        } else if (event.key === 'Enter') {
          const hit = hits[selected];
          if (hit) {
            event.preventDefault();
            dialog.close();
            window.location.assign(hit.url);
          }
        }
      });
      list.addEventListener('mousemove', (event) => {
        const item = (event.target as Element | null)?.closest('.op-search-result');
        if (item) select(all('.op-search-result', list).indexOf(item as HTMLElement));
      });
      list.addEventListener('click', () => dialog.close());
      dialog.addEventListener('click', (event) => {
        if (event.target === dialog) dialog.close();
      });
    }
    if (!ui.dialog.open) ui.dialog.showModal();
    ui.input.select();
    // The manifest is small: loading it on open makes the first keystroke's search faster.
    void loadEngine()
      .warm()
      .catch(() => undefined);
  };

  document.addEventListener('click', (event) => {
    if ((event.target as Element | null)?.closest('[data-op-search-open]')) open();
  });
  document.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement | null;
    const typing = target !== null && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
    if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
      event.preventDefault();
      open();
    } else if (event.key === '/' && !typing && !event.metaKey && !event.ctrlKey && !event.altKey) {
      event.preventDefault();
      open();
    }
  });
}
