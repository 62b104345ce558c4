/** The Icon component as Mintlify's icon.tsx sizes it. */
import { describe, expect, it } from 'vitest';
import { one, render } from './fixtures/render/harness.js';

describe('icon', () => {
  it('is 16px when the page gives no size, whatever the text around it, as Mintlify draws it', async () => {
    const page = await render('## Heading <Icon icon="flag" />');
    const style = one(page.dom, '.op-icon-inline').getAttribute('style') ?? '';
    expect(style).toContain('width:16px');
    expect(style).toContain('height:16px');
  });

  it('keeps a given size', async () => {
    const page = await render('<Icon icon="flag" size={32} />');
    expect(one(page.dom, '.op-icon-inline').getAttribute('style')).toContain('width:32px');
  });
});
