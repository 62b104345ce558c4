/**
 * A `<Badge>` whose text sits on lines of its own (Model Context Protocol's SEP pages) gets an MDX
 * paragraph as its child. It must stay an inline badge: a `<p>` inside the `<span>` gave each badge a
 * paragraph's margins (a tall blob instead of a pill) and is invalid HTML inside a line of text.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { render, type Rendered } from './fixtures/render/harness.js';

describe('Badge with its text on lines of its own', () => {
  let page: Rendered;
  beforeAll(async () => {
    const source = [
      '<div className="flex items-center gap-2 mb-4">',
      '  <Badge color="green" shape="pill">',
      '    Final',
      '  </Badge>',
      '  <Badge color="gray" shape="pill">',
      '    Standards **Track**',
      '  </Badge>',
      '</div>',
      '',
      'Inline <Badge>New</Badge> badge.',
    ].join('\n');
    page = await render(source);
  });

  it('shows the text inline in the badge, without a paragraph', () => {
    const badges = page.dom.querySelectorAll('.op-badge');
    expect(badges.map((b) => b.text.trim())).toEqual(['Final', 'Standards Track', 'New']);
    expect(badges.flatMap((b) => b.querySelectorAll('p'))).toHaveLength(0);
    expect(badges[1]?.querySelector('strong')?.text).toBe('Track');
  });
});
