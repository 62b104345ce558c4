/** The client bundle of docs sites (`/_offprint/theme.js`, deferred). Every feature is delegated or local. */
import { initAnalytics } from './analytics.js';
import { initChrome, revealActivePage } from './chrome.js';
import { initContent } from './content.js';
import { initCopy } from './copy.js';
import { initExamplePickers } from './examplePicker.js';
import { isCapturing, markReady } from './exportMode.js';
import { initFeedback } from './feedback.js';
import { initMermaid } from './mermaid.js';
import { initSearch } from './search.js';
import { initSharedNav } from './sharedNav.js';
import { initTabs } from './tabs.js';
import { initUpdateFilters } from './updateFilters.js';

function report(error: unknown): void {
  // One broken feature must not take the others down; report it without failing the page.
  window.setTimeout(() => {
    throw error;
  });
}

// A static export's capture saves the DOM: only diagrams are drawn into it; the behaviours are wired
// when the bundle's page is opened.
const inits = isCapturing()
  ? []
  : [
      initChrome,
      initTabs,
      initExamplePickers,
      initCopy,
      initFeedback,
      initContent,
      initUpdateFilters,
      initSearch,
      initAnalytics,
      loadSharedNav,
    ];
/** A large section's whole sidebar, once loaded, scrolled to the current page like one in the page. */
function loadSharedNav(): void {
  initSharedNav().then(revealActivePage, report);
}

for (const init of inits) {
  try {
    init();
  } catch (error) {
    report(error);
  }
}
let diagrams: Promise<void>;
try {
  diagrams = initMermaid();
} catch (error) {
  report(error);
  diagrams = Promise.resolve();
}
void diagrams.finally(markReady);
