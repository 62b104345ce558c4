/**
 * The shared sidebar file's packing (sites/theme/sharedNav.ts): each distinct icon is stored once and
 * put back where it was; text that looks like a mark stays text.
 */
import { describe, expect, it } from 'vitest';
import { packSharedNav, sharedNavScript, unpackSharedNav } from '../server/sites/theme/sharedNav.js';

const svg = (body: string): string =>
  '<svg class="op-svg op-svg-lucide" aria-hidden="true" focusable="false" xmlns="http://www.w3.org/2000/svg" ' +
  `viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2">${body}</svg>`;
const BOOK = svg('<path d="M4 19.5v-15A2.5 2.5 0 0 1 6.5 2H20v20H6.5a2.5 2.5 0 0 1 0-5H20"></path>');
const GEAR = svg('<circle cx="12" cy="12" r="3"></circle><path d="M12 1v6m0 6v6"></path>');
const link = (icon: string, label: string): string =>
  `<li><a class="op-nav-link" href="/${label}"><span class="op-icon">${icon}</span><span>${label}</span></a></li>`;

describe('shared sidebar files', () => {
  it('store each distinct icon once and give the same markup back', () => {
    const tree = `<ul>${Array.from({ length: 200 }, (_, i) => link(i % 3 === 0 ? GEAR : BOOK, `page-${i}`)).join('')}</ul>`;
    const packed = packSharedNav(tree);
    expect(packed.icons).toEqual([GEAR, BOOK]);
    expect(packed.html).not.toContain('<svg');
    expect(unpackSharedNav(packed)).toBe(tree);
    expect(sharedNavScript('root', tree).length).toBeLessThan(tree.length * 0.5);
  });

  it('leaves text that looks like a mark as it is (text has its "<" escaped)', () => {
    const tree = `<ul>${link(BOOK, 'use &lt;@0&gt; here')}</ul>`;
    expect(unpackSharedNav(packSharedNav(tree))).toBe(tree);
  });
});
