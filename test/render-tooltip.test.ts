/** Tooltip as Mintlify's Tooltip source draws its call to action. */
import { describe, expect, it } from 'vitest';
import { one, render } from './fixtures/render/harness.js';

describe('tooltip', () => {
  it('opens its call to action in a new tab, even an internal one, with a chevron after the text', async () => {
    const page = await render(
      '<Tooltip tip="Application Programming Interface" cta="Read the guide" href="/api">API</Tooltip>',
    );
    const cta = one(page.dom, 'a.op-tooltip-cta');
    expect(cta.getAttribute('href')).toBe('/api');
    expect(cta.getAttribute('target')).toBe('_blank');
    expect(cta.text).toBe('Read the guide');
    expect(one(cta, '.op-tooltip-cta-icon svg')).toBeTruthy();
  });

  it('reads title and description as headline and tip (the names in Mintlify’s component)', async () => {
    const page = await render('<Tooltip title="API" description="A set of protocols">API</Tooltip>');
    expect(one(page.dom, '.op-tooltip-headline').text).toBe('API');
    expect(one(page.dom, '.op-tooltip-tip').text).toBe('A set of protocols');
  });
});
