/** Steps and Step as Mintlify's steps.tsx numbers them. */
import { describe, expect, it } from 'vitest';
import { one, render } from './fixtures/render/harness.js';

describe('steps', () => {
  it('numbers a Step written outside Steps 1, as Mintlify does', async () => {
    const page = await render('<Step title="Alone">A lone step.</Step>');
    expect(one(page.dom, '.op-step-number').text).toBe('1');
  });

  it('keeps an explicit stepNumber, 0 included, and numbers the rest by position', async () => {
    const page = await render(
      '<Steps>\n<Step title="A" stepNumber={0}>a</Step>\n<Step title="B">b</Step>\n<Step title="C" stepNumber="9">c</Step>\n</Steps>',
    );
    expect(page.dom.querySelectorAll('.op-step-number').map((n) => n.text)).toEqual(['0', '2', '9']);
  });

  it("draws a step's icon in place of its number, and keeps the number when the icon is one it cannot draw", async () => {
    const page = await render(
      '<Steps>\n<Step title="A" icon="rocket">a</Step>\n<Step title="B" icon="party-horn">b</Step>\n<Step title="C">c</Step>\n</Steps>',
    );
    const markers = page.dom.querySelectorAll('.op-step-marker');
    expect(markers.map((m) => [m.querySelector('[data-icon]')?.getAttribute('data-icon') ?? null, m.text])).toEqual([
      ['rocket', ''],
      [null, '2'],
      [null, '3'],
    ]);
    // Greptile's Font Awesome Pro icon is still reported.
    expect(page.warnings).toContain('unknown icon "party-horn"');
  });
});
