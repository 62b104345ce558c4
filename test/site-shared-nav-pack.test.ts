/**
 * The shared sidebar file's packing (sites/theme/sharedNav.ts): the tree kept part by part (a page draws
 * the parts near view), each distinct icon stored once and put back where it was; text that looks like a
 * mark or a part stays text.
 */
import { describe, expect, it } from 'vitest';
import {
  packSharedNav,
  sharedNavScript,
  unpackSharedNav,
  unpackSharedNavPart,
} from '../server/sites/theme/sharedNav.js';

const svg = (body: string): string =>
  '<svg class="op-svg op-svg-lucide" aria-hidden="true" focusable="false" xmlns="http://www.w3.org/2000/svg" ' +
  `viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2">${body}</svg>`;
const BOOK = svg('<path d="M4 19.5v-15A2.5 2.5 0 0 1 6.5 2H20v20H6.5a2.5 2.5 0 0 1 0-5H20"></path>');
const GEAR = svg('<circle cx="12" cy="12" r="3"></circle><path d="M12 1v6m0 6v6"></path>');
const link = (icon: string, label: string): string =>
  `<li><a class="op-nav-link" href="/${label}"><span class="op-icon">${icon}</span><span>${label}</span></a></li>`;

const part = (n: number, body: string, attrs = ''): string =>
  `<div class="op-nav-group" data-op-nav-part="${n}"${attrs}><ul class="op-nav-list">${body}</ul></div>`;

describe('shared sidebar files', () => {
  it('store each distinct icon once and give the same markup back', () => {
    const links = Array.from({ length: 200 }, (_, i) => link(i % 3 === 0 ? GEAR : BOOK, `page-${i}`));
    const tree = part(0, links.join(''));
    const packed = packSharedNav(tree);
    expect(packed.icons).toEqual([GEAR, BOOK]);
    expect(packed.parts.join('')).not.toContain('<svg');
    expect(unpackSharedNav(packed)).toBe(tree);
    expect(sharedNavScript('root', tree).length).toBeLessThan(tree.length * 0.5);
  });

  it('keep the tree part by part, by part number, so that a page draws only the parts it needs', () => {
    const parts = [part(0, link(BOOK, 'a')), part(1, link(GEAR, 'b'), ' data-extra="x"'), part(3, link(BOOK, 'd'))];
    const packed = packSharedNav(parts.join(''));
    expect(packed.parts).toHaveLength(4);
    expect(unpackSharedNavPart(packed, 0)).toBe(parts[0]);
    expect(unpackSharedNavPart(packed, 1)).toBe(parts[1]);
    expect(unpackSharedNavPart(packed, 2)).toBe('');
    expect(unpackSharedNavPart(packed, 3)).toBe(parts[2]);
    expect(unpackSharedNavPart(packed, 9)).toBe('');
  });

  it('leave text that looks like a mark or a part as it is (text has its "<" escaped)', () => {
    const tree = part(0, link(BOOK, 'use &lt;@0&gt; and &lt;div class="op-nav-group" data-op-nav-part="1"&gt; here'));
    const packed = packSharedNav(tree);
    expect(packed.parts).toHaveLength(1);
    expect(unpackSharedNav(packed)).toBe(tree);
  });
});
