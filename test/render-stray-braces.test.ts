/**
 * A `{` in prose that opens no valid expression (`{ "json": 1 }` outside a code block, a lone `{`): MDX
 * cannot parse the page, and Mintlify then shows no part of it (getMdx's placeholder "A parsing error
 * occured"). Here the brace is read as text and the rest of the page renders, the problem named in the
 * page's warnings (and so the import's problems), rather than the whole page becoming an error box.
 */
import { describe, expect, it } from 'vitest';
import { one, render } from './fixtures/render/harness.js';

describe('stray braces in MDX text', () => {
  it('shows a brace that opens no valid expression as text and renders the rest of the page', async () => {
    const page = await render(
      [
        '## First',
        'Send { "json": 1 } as the body.',
        '<Note>\n  Config: { a: [1, 2] }\n</Note>',
        '## Second',
        'A lone { brace.',
      ].join('\n\n'),
    );
    expect(page.dom.querySelector('[data-op-render-error]')).toBeNull();
    expect(page.headings.map((h) => h.text)).toEqual(['First', 'Second']);
    expect(page.dom.querySelectorAll('p').map((p) => p.text.trim())).toEqual([
      'Send { "json": 1 } as the body.',
      'Config: { a: [1, 2] }',
      'A lone { brace.',
    ]);
    expect(one(page.dom, '.op-callout').text).toContain('Config: { a: [1, 2] }');
    expect(page.warnings.filter((w) => w.startsWith('MDX syntax:'))).toEqual([
      'MDX syntax: the `{` at line 3:6 opens no valid expression (Could not parse expression with acorn); shown as text',
      'MDX syntax: the `{` at line 6:11 opens no valid expression (Could not parse expression with acorn); shown as text',
      'MDX syntax: the `{` at line 11:8 opens no valid expression (Unexpected end of file in expression, expected a corresponding closing brace for `{`); shown as text',
    ]);
    expect(page.warnings.some((w) => w.startsWith('render failed:'))).toBe(false);
  });

  it('keeps valid expressions and braces in code as they are', async () => {
    const page = await render('Total: {1 + 1}.\n\n`{ "a": 1 }`\n\n```json\n{ "a": 1 }\n```\n\nBad { "b": 2 } here.');
    expect(page.dom.querySelectorAll('p').map((p) => p.text.trim())).toEqual([
      'Total: 2.',
      '{ "a": 1 }',
      'Bad { "b": 2 } here.',
    ]);
    expect(one(page.dom, 'pre').text).toBe('{ "a": 1 }');
  });
});
