/**
 * Mintlify draws a Markdown paragraph as `<span data-as="p">`, and projects' stylesheets select it so
 * (`.postman-button [data-as="p"] { padding: 0 }`): ours stay `<p>` and carry the same attribute, in
 * prose and inside components alike.
 */
import { describe, expect, it } from 'vitest';
import { render } from './fixtures/render/harness.js';

describe('paragraph hook', () => {
  it('marks every Markdown paragraph data-as="p", and nothing else', async () => {
    const page = await render(
      [
        'First paragraph.',
        '',
        '<Note>A note.</Note>',
        '',
        '<Card title="Card">',
        '  Card text.',
        '',
        '  Second card paragraph.',
        '</Card>',
        '',
        '- a list item',
        '',
        '## A heading',
      ].join('\n'),
    );
    expect(page.warnings).toEqual([]);
    const marked = page.dom.querySelectorAll('[data-as="p"]');
    expect(marked.map((p) => [p.tagName, p.text.trim()])).toEqual([
      ['P', 'First paragraph.'],
      ['P', 'Card text.'],
      ['P', 'Second card paragraph.'],
    ]);
  });
});
