/** Badge props from Mintlify's Badge source: leadIcon/tailIcon, variant="outline" and a linked badge. */
import { HTMLElement } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { one, render } from './fixtures/render/harness.js';

describe('badge', () => {
  it('puts leadIcon before the text and tailIcon after it', async () => {
    const page = await render('<Badge leadIcon="rocket" tailIcon="star">Beta</Badge>');
    const badge = one(page.dom, '.op-badge');
    const parts = badge.childNodes.map((n) => (n instanceof HTMLElement ? n.getAttribute('data-icon') : n.text));
    expect(parts).toEqual(['rocket', 'Beta', 'star']);
  });

  it('outlines a badge with variant="outline" as with stroke', async () => {
    const page = await render('<Badge variant="outline">One</Badge> <Badge stroke>Two</Badge>');
    const badges = page.dom.querySelectorAll('.op-badge');
    expect(badges.map((b) => b.classList.contains('op-badge-stroke'))).toEqual([true, true]);
  });

  it('links a badge with href, unless it is disabled', async () => {
    const page = await render('<Badge href="/changelog">New</Badge> <Badge href="/x" disabled>Off</Badge>');
    const [linked, off] = page.dom.querySelectorAll('.op-badge');
    expect(linked?.tagName).toBe('A');
    expect(linked?.getAttribute('href')).toBe('/changelog');
    expect(off?.tagName).toBe('SPAN');
  });
});
