/** Callouts as Mintlify draws them (its Callout source: a title line, no empty icon slot, gray by default). */
import { describe, expect, it } from 'vitest';
import { one, render } from './fixtures/render/harness.js';

describe('callouts', () => {
  it('shows a title above a preset callout’s content', async () => {
    const page = await render('<Warning title="Heads up">Body text</Warning>');
    const content = one(page.dom, '.op-callout-warning .op-callout-content');
    expect(one(content, '.op-callout-title').text).toBe('Heads up');
    expect(content.text).toBe('Heads upBody text');
  });

  it('shows a title in a custom callout, and no title element without one', async () => {
    const page = await render('<Callout title="Custom" icon="key">Body</Callout>\n\n<Note>Plain</Note>');
    expect(one(page.dom, '.op-callout-custom .op-callout-title').text).toBe('Custom');
    expect(page.dom.querySelectorAll('.op-callout-note .op-callout-title').length).toBe(0);
  });

  it('leaves out the icon slot of a custom callout without an icon', async () => {
    const page = await render('<Callout>No icon</Callout>');
    expect(page.dom.querySelectorAll('.op-callout-custom .op-callout-icon').length).toBe(0);
    expect(one(page.dom, '.op-callout-custom .op-callout-content').text).toBe('No icon');
  });
});
