/** Tile as Mintlify's tile.tsx writes it. */
import { describe, expect, it } from 'vitest';
import { one, render } from './fixtures/render/harness.js';

describe('tile', () => {
  it('writes title and description under the preview, each with its full text on hover', async () => {
    const page = await render(
      '<Tile href="/a" title="Accordion" description="Two variants, each with a long explanation">\n  <span>preview</span>\n</Tile>',
    );
    const text = one(page.dom, 'a.op-tile > .op-tile-text');
    expect(one(text, '.op-tile-title').getAttribute('title')).toBe('Accordion');
    expect(one(text, '.op-tile-description').getAttribute('title')).toBe('Two variants, each with a long explanation');
  });

  it('writes no text block for a tile with neither title nor description', async () => {
    const page = await render('<Tile href="/a">\n  <span>preview</span>\n</Tile>');
    expect(page.dom.querySelector('.op-tile-text')).toBeNull();
  });
});
