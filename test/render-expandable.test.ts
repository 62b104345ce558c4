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
});
