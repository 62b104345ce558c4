/**
 * OpenAPI descriptions are CommonMark: a line that starts with three backticks and has backticks after them
 * is an inline code span, not a code fence (a fence's info string holds no backtick), and a code span of
 * N backticks ends at the next run of exactly N. A spec that writes "``` 'Authorization: KEY' ```" on one
 * line showed an empty code block and lost the text after it.
 */
import { describe, expect, it } from 'vitest';
import { markdownText, miniMarkdown } from '../server/sites/theme/endpoint/markdown.js';

describe('miniMarkdown code', () => {
  it('reads a one-line triple-backtick span as inline code, not a fence', () => {
    const html = miniMarkdown("Set the header \n``` 'Authorization: KEY' ```\nand go on.");
    expect(html).not.toContain('<pre');
    expect(html).toContain('<code>&#39;Authorization: KEY&#39;</code>');
    expect(html).toContain('and go on.');
  });

  it('keeps a real fence, and a span of two backticks holding one', () => {
    const html = miniMarkdown('Intro\n```json\n{"a": 1}\n```\nUse ``a ` b`` here.');
    expect(html).toContain('<pre class="op-endpoint-pre"><code>{&quot;a&quot;: 1}</code></pre>');
    expect(html).toContain('<code>a ` b</code>');
  });

  it('leaves emphasis marks inside code alone', () => {
    expect(miniMarkdown('Call `__init__` and `a*b*c`.')).toContain('<code>__init__</code> and <code>a*b*c</code>');
  });
});

describe('markdownText code', () => {
  it('keeps the words of an inline triple-backtick span and leaves out fenced code', () => {
    const text = markdownText(
      'Send ``` \'Authorization: KEY\' ``` always.\n```json\n{"secret": 1}\n```\nThen ``a`` done.',
    );
    expect(text).toContain("'Authorization: KEY'");
    expect(text).toContain('always.');
    expect(text).not.toContain('secret');
    expect(text).toContain('Then a done.');
  });

  it("leaves out marks, never a word's own characters (TimelinesAI's chat_id read chatid)", () => {
    const text = markdownText(
      '## Send\n> Specified by **chat_id**, `seats_purchased` (1–99) or _any_ `<user_id>-<id>@partners.example.test`, [docs](https://x.test) # 3.',
    );
    expect(text).toBe(
      'Send Specified by chat_id, seats_purchased (1–99) or any <user_id>-<id>@partners.example.test, docs # 3.',
    );
  });
});
