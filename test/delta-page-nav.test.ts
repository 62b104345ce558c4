/**
 * The navigation `offprint diff` reads from a bundle page's sidebar, when the sidebar is shared (a large
 * section: the page carries its own group, and only the headings of the others): the headings name
 * groups, not pages, so they add no link; the page's own group is read as before.
 */
import { describe, expect, it } from 'vitest';
import { pageNav } from '../server/delta/pageText.js';

const COMPACT_SIDEBAR =
  '<nav class="op-nav" aria-label="Pages" data-op-nav-shared="s1-2">' +
  '<div class="op-nav-group"><a class="op-nav-group-title op-nav-group-link" href="../alpha/p001.html" data-op-nav-heading="">' +
  '<span class="op-nav-label">Alpha</span></a></div>' +
  '<div class="op-nav-group"><p class="op-nav-group-title"><span class="op-nav-label">Beta</span></p>' +
  '<ul class="op-nav-list"><li><a class="op-nav-link is-active" href="p001.html" aria-current="page">' +
  '<span class="op-nav-label">Beta one</span></a></li>' +
  '<li><a class="op-nav-link" href="p002.html"><span class="op-nav-label">Beta two</span></a></li></ul></div>' +
  '</nav>';

describe('the navigation of a page with a shared sidebar', () => {
  it('reads the links of its own group and none for the headings of the others', () => {
    const links = pageNav(`<html><body>${COMPACT_SIDEBAR}</body></html>`, 'beta/p001.html');
    expect(links).toEqual([
      { target: 'beta/p001.html', trail: 'Beta › Beta one' },
      { target: 'beta/p002.html', trail: 'Beta › Beta two' },
    ]);
  });
});
