// The search as pages ran it before the index was sharded (one script with every page, MiniSearch over
// all of it), rebuilt from the reference engine for `run.js`'s "before" figures. Bundled by run.js.
/* global window, document -- runs in the page */
import { createSearchEngine } from '../../test/helpers/referenceSearch.ts';

let engine = null;
function load() {
  engine ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'search-index.js';
    script.onload = () => resolve(createSearchEngine(window.__offprintSearchIndex));
    script.onerror = reject;
    document.head.append(script);
  });
  return engine;
}
document.addEventListener('keydown', (event) => {
  if (!(event.ctrlKey && event.key === 'k')) return;
  event.preventDefault();
  const input = document.createElement('input');
  input.className = 'op-search-input';
  const list = document.createElement('ul');
  document.body.append(input, list);
  input.focus();
  void load();
  input.addEventListener('input', async () => {
    const query = input.value;
    const hits = (await load()).search(query);
    if (input.value !== query) return;
    list.replaceChildren(
      ...hits.map((hit) => {
        const li = document.createElement('li');
        li.className = 'op-search-result';
        li.innerHTML = `<a href="${hit.url}">${hit.title}</a><span>${hit.snippet}</span>`;
        return li;
      }),
    );
  });
});
