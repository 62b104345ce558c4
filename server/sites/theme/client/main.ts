/** The client bundle of docs sites (`/_offprint/theme.js`, deferred). Every feature is delegated or local. */
import { initChrome } from './chrome.js';
import { initContent } from './content.js';
import { initCopy } from './copy.js';
import { initFeedback } from './feedback.js';
import { initMermaid } from './mermaid.js';
import { initSearch } from './search.js';
import { initTabs } from './tabs.js';

for (const init of [initChrome, initTabs, initCopy, initFeedback, initContent, initSearch, initMermaid]) {
  try {
    init();
  } catch (error) {
    // One broken feature must not take the others down; report it without failing the page.
    window.setTimeout(() => {
      throw error;
    });
  }
}
