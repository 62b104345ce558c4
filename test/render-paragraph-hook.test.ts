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

// A <p> written as JSX with its text on lines of its own holds a Markdown paragraph (firecrawl-docs'
// CTA snippet: `<p className="firecrawl-cta-description">` then the text on the next line). As `<p>`
// in `<p>`, a browser closes the outer one at the inner one's start: the text fell out of the element
// and lost its class's styles. Mintlify's paragraphs are spans (`<span data-as="p">`), which a <p> holds.
describe('paragraph in a JSX <p>', () => {
  it('is a <span data-as="p"> inside the <p>, never a <p> in a <p>', async () => {
    const page = await render(
      [
        '<p className="desc">',
        '  To qualify, **complete** an interview.',
        '</p>',
        '',
        '<div className="box">',
        '  <p className="note" style={{ fontSize: "12px" }}>',
        '    Include your email.',
        '  </p>',
        '',
        '  Outside text.',
        '</div>',
      ].join('\n'),
    );
    expect(page.warnings).toEqual([]);
    expect(page.html).not.toMatch(/<p\b[^>]*>(?:(?!<\/p>)[\s\S])*<p\b/);
    const inner = page.dom.querySelectorAll('p.desc > span[data-as="p"], p.note > span[data-as="p"]');
    expect(inner.map((s) => s.text.trim())).toEqual(['To qualify, complete an interview.', 'Include your email.']);
    expect(page.dom.querySelectorAll('.box > p[data-as="p"]').map((p) => p.text.trim())).toEqual(['Outside text.']);
  });
});
