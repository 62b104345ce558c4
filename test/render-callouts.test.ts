/** Callouts as Mintlify draws them (its Callout source: a title line, no empty icon slot, gray by default). */
import { describe, expect, it } from 'vitest';
import { iconSvg } from '../server/sites/render/icons/icons.js';
import { one, render } from './fixtures/render/harness.js';

/** An SVG's drawing (its path data and circles), whatever its serialisation. */
function shapes(svg: string): string[] {
  return [...svg.matchAll(/\b(?:d|cx|cy|r|x1|x2|y1|y2)="([^"]*)"/g)].map((m) => m[0]);
}

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

  // Mintlify's icons/index.tsx: NoteIcon is a circled "!", InfoIcon a circled "i", CheckIcon a bare tick.
  it.each([
    ['Note', 'circle-alert'],
    ['Info', 'info'],
    ['Check', 'check'],
    ['Tip', 'lightbulb'],
    ['Warning', 'triangle-alert'],
    ['Danger', 'octagon-alert'],
  ])('draws %s with the glyph Mintlify draws (%s)', async (tag, icon) => {
    const page = await render(`<${tag}>Body</${tag}>`);
    const drawn = one(page.dom, '.op-callout-icon .op-icon').innerHTML;
    expect(shapes(drawn)).toEqual(shapes(iconSvg(icon, 'lucide') ?? 'missing'));
  });
});
