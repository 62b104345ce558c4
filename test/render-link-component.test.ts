/** `<Link href>`, the link component Mintlify pages can write inline (Next.js's, in scope on Mintlify). */
import { describe, expect, it } from 'vitest';
import { one, render } from './fixtures/render/harness.js';

describe('<Link>', () => {
  it('is a link like Markdown and <a> ones: page-relative targets resolved, external ones in a new tab', async () => {
    const page = await render(
      'Use the <Link href="/core/add">Add Memory</Link> guide, see <Link href="../other#part">other</Link> or <Link href="https://example.com">the site</Link>.',
      { file: 'guides/deep/page.mdx' },
    );
    expect(page.unknownComponents).toEqual([]);
    const links = page.dom.querySelectorAll('a');
    expect(links.map((a) => [a.text, a.getAttribute('href')])).toEqual([
      ['Add Memory', '/core/add'],
      ['other', '/guides/other#part'],
      ['the site', 'https://example.com'],
    ]);
    expect(one(page.dom, 'a[href="https://example.com"]').getAttribute('target')).toBe('_blank');
    expect(page.text).toBe('Use the Add Memory guide, see other or the site.');
  });
});
