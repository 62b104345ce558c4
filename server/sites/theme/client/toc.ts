/** The table of contents' entries follow what the page shows: tab panels and views not shown are not listed. */
import { all } from './dom.js';

/** Content the page holds but does not show now: an unselected tab's panel, a view not chosen. */
const NOT_SHOWN = '[data-op-tab-panel][hidden], [data-op-view][hidden]';

/**
 * Hides the TOC entry of each heading inside content not shown, and shows the others. Mintlify tags each
 * TOC entry with the tab and the view it sits in (remarkExtractTableOfContents' `tabId`, `viewId`) and
 * never nests an entry under a heading of another tab, so its list holds the selected tab's headings only;
 * a page with the same steps per package manager lists them once. The scroll-spy is told to look again.
 */
export function syncTocToShownContent(): void {
  for (const link of all<HTMLAnchorElement>('[data-op-toc-link]')) {
    const heading = document.getElementById(link.dataset['opTocLink'] ?? '');
    const item = link.closest('li');
    if (heading && item) item.hidden = heading.closest(NOT_SHOWN) !== null;
  }
  window.dispatchEvent(new Event('scroll'));
}
