/**
 * A changelog's tag filters, as Mintlify draws them: when its `<Update>`s have tags, the table of contents
 * gives its place to one checkbox per tag; with some checked, only the updates that have every checked tag
 * are shown (updates without tags are hidden). Built when the page opens, so the saved page (and a reader
 * without scripts) keeps the table of contents; a page without one (`wide`, `center`, `custom` modes) gets
 * no filters either, as on Mintlify.
 */
import { filtersTitle } from '../i18n/filters.js';
import { all } from './dom.js';

/** An update's tags, as the server wrote them (`data-tags`, comma-separated). */
function tagsOf(update: HTMLElement): string[] {
  return (update.dataset['tags'] ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/** One checkbox row of the filter list. */
function filterItem(tag: string): HTMLLIElement {
  const item = document.createElement('li');
  item.className = 'op-toc-item op-update-filter';
  const label = document.createElement('label');
  const box = document.createElement('input');
  box.type = 'checkbox';
  box.value = tag;
  const name = document.createElement('span');
  name.textContent = tag;
  label.append(box, name);
  item.append(label);
  return item;
}

/**
 * The author's rules between updates (`---`) while some are hidden: a rule stays after a shown update with
 * another shown one further on, so no two rules meet and none hangs at the end; all are back unfiltered.
 */
function tidyRules(updates: readonly HTMLElement[], filtering: boolean): void {
  const parents = new Set(updates.map((update) => update.parentElement));
  for (const parent of parents) {
    let last: HTMLElement | null = null;
    const rules: { rule: HTMLElement; after: HTMLElement }[] = [];
    for (const child of Array.from(parent?.children ?? [])) {
      if (child instanceof HTMLElement && child.matches('[data-op-update]')) last = child;
      else if (child instanceof HTMLHRElement && last !== null) rules.push({ rule: child, after: last });
    }
    for (const { rule, after } of rules) {
      const shownLater = updates.some(
        (update) => !update.hidden && after.compareDocumentPosition(update) & Node.DOCUMENT_POSITION_FOLLOWING,
      );
      rule.hidden = filtering && (after.hidden || !shownLater);
    }
  }
}

/** Shows the updates that have every tag in `selected` (all of them when it is empty). */
function applyFilters(updates: readonly HTMLElement[], selected: readonly string[]): void {
  for (const update of updates) {
    const tags = tagsOf(update);
    update.hidden = selected.length > 0 && !selected.every((tag) => tags.includes(tag));
  }
  tidyRules(updates, selected.length > 0);
  // The scroll-spy and lazily drawn parts look again at what is in view.
  window.dispatchEvent(new Event('scroll'));
}

/** Replaces the table of contents with the tag filters on a page whose updates have tags. */
export function initUpdateFilters(): void {
  const updates = all<HTMLElement>('[data-op-update]');
  const tags = [...new Set(updates.flatMap(tagsOf))];
  const toc = document.querySelector<HTMLElement>('nav.op-toc');
  const list = toc?.querySelector<HTMLUListElement>('.op-toc-list');
  if (tags.length === 0 || !toc || !list) return;
  const filters = document.createElement('ul');
  filters.className = 'op-toc-list op-update-filters';
  filters.append(...tags.map(filterItem));
  filters.addEventListener('change', () => {
    const checked = all<HTMLInputElement>('input:checked', filters).map((box) => box.value);
    applyFilters(updates, checked);
  });
  list.replaceWith(filters);
  toc.classList.add('op-toc-filtering');
  const title = toc.querySelector('.op-toc-title > span:last-of-type');
  if (title) title.textContent = filtersTitle(document.documentElement.lang);
}
