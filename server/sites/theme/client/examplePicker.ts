/**
 * The picker of a request panel with several named examples (DOM.md `data-op-request-examples`): a
 * `<select>` naming each example, in a bar above the strips (their tab bars have no room left beside the
 * languages and the copy buttons), that shows the strip of the example picked.
 * The server renders every strip, the first shown, so the page without scripts (and a bundle's capture)
 * holds them all; the language tabs stay in step across strips through the tabs' label sync.
 */
import { all } from './dom.js';
import { text } from './text.js';

function wire(panel: HTMLElement): void {
  const strips = all<HTMLElement>(':scope > [data-op-example-name]', panel);
  if (strips.length < 2) return;
  const select = document.createElement('select');
  select.className = 'op-tab-select';
  select.setAttribute('aria-label', text().requestExample);
  for (const strip of strips) {
    const name = strip.dataset['opExampleName'] ?? '';
    select.append(new Option(name, name));
  }
  const show = (index: number): void => {
    strips.forEach((strip, i) => {
      strip.hidden = i !== index;
    });
    select.selectedIndex = index;
  };
  select.addEventListener('change', () => show(select.selectedIndex));
  const bar = document.createElement('div');
  bar.className = 'op-example-picker';
  bar.append(select);
  panel.prepend(bar);
  const shown = strips.findIndex((strip) => !strip.hidden);
  show(Math.max(0, shown));
}

/** Adds the example picker to each request panel that has several examples. */
export function initExamplePickers(): void {
  for (const panel of all<HTMLElement>('[data-op-request-examples]')) wire(panel);
}
