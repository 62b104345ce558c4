/** Expandable as Mintlify's source draws it when the page names no title. */
import { describe, expect, it } from 'vitest';
import { one, render } from './fixtures/render/harness.js';

describe('expandable', () => {
  it('names its content "child attributes" when untitled, as Mintlify does', async () => {
    const page = await render(
      '<Expandable>\n\n<ResponseField name="a" type="string">A</ResponseField>\n\n</Expandable>',
    );
    expect(one(page.dom, '.op-expandable-show').text).toBe('Show child attributes');
    expect(one(page.dom, '.op-expandable-hide').text).toBe('Hide child attributes');
  });

  it('keeps a given title and opens with defaultOpen', async () => {
    const page = await render('<Expandable title="properties" defaultOpen>x</Expandable>');
    expect(one(page.dom, '.op-expandable-show').text).toBe('Show properties');
    expect(one(page.dom, 'details.op-expandable').hasAttribute('open')).toBe(true);
  });

  it('puts its title in the page\'s search text once, as a reader sees it: "Hide ..." only replaces it when open', async () => {
    const page = await render(
      '<Expandable title="other installation options: yarn, pnpm">\n\nyarn add x\n\n</Expandable>',
    );
    expect(page.text.split('\n')).toEqual(['Show other installation options: yarn, pnpm', 'yarn add x']);
  });
});
