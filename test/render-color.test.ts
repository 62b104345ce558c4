/** Color palettes as Mintlify's color.tsx writes them. */
import { describe, expect, it } from 'vitest';
import { one, render } from './fixtures/render/harness.js';

describe('color', () => {
  it('writes a table swatch bare, its value in its tooltip, as Mintlify does', async () => {
    const page = await render(
      '<Color variant="table">\n<Color.Row title="Primary">\n<Color.Item name="500" value="#16A34A" />\n</Color.Row>\n</Color>',
    );
    const item = one(page.dom, '.op-color-item');
    expect(item.getAttribute('title')).toBe('#16A34A');
    expect(item.getAttribute('aria-label')).toBe('500');
    expect(item.text.trim()).toBe('');
    expect(one(page.dom, '.op-color-row-title').text).toBe('Primary');
  });

  it('names a compact swatch underneath, and gives a light/dark value one line per theme', async () => {
    const page = await render(
      '<Color variant="compact">\n<Color.Item name="bg" value={{ light: "#ffffff", dark: "#000000" }} />\n</Color>',
    );
    expect(one(page.dom, '.op-color-name').text).toBe('bg');
    expect(one(page.dom, '.op-color-value-light').text).toBe('#ffffff');
    expect(one(page.dom, '.op-color-value-dark').text).toBe('#000000');
  });
});
