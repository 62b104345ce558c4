/** Frame's hint as Mintlify's Frame draws it: a line above the framed box, led by a pointing hand. */
import { describe, expect, it } from 'vitest';
import { one, render } from './fixtures/render/harness.js';

describe('frame hint', () => {
  it('sits above the framed box with an icon, not inside it', async () => {
    const page = await render('<Frame hint="Look here" caption="Cap">\n  <img src="/images/x.png" />\n</Frame>');
    const hint = one(page.dom, '.op-frame-hint');
    expect(hint.text).toBe('Look here');
    expect(one(hint, '.op-frame-hint-icon svg')).toBeTruthy();
    expect(hint.nextElementSibling?.tagName).toBe('FIGURE');
    expect(page.dom.querySelectorAll('figure.op-frame .op-frame-hint').length).toBe(0);
  });
});
