/** `<Card>` draws its arrow, call to action, type and disabled state as Mintlify's card does. */
import { describe, expect, it } from 'vitest';
import { one, render } from './fixtures/render/harness.js';

/** The cards of a page of `cards`, in order. */
async function cards(...markup: string[]) {
  const page = await render(`---\ntitle: Cards\n---\n\n${markup.join('\n\n')}\n`);
  expect(page.warnings).toEqual([]);
  return page.dom.querySelectorAll('.op-card');
}

describe('cards', () => {
  it('shows the corner arrow on external links unless told otherwise, and on internal ones only when told', async () => {
    const [external, internal, told, refused] = await cards(
      '<Card title="GitHub" href="https://github.com/acme">Code</Card>',
      '<Card title="Start" href="/start">Begin</Card>',
      '<Card title="Start" href="/start" arrow>Begin</Card>',
      '<Card title="GitHub" href="https://github.com/acme" arrow={false}>Code</Card>',
    );
    expect(external?.querySelector('.op-card-arrow svg')).toBeTruthy();
    expect(internal?.querySelector('.op-card-arrow')).toBeNull();
    expect(told?.querySelector('.op-card-arrow svg')).toBeTruthy();
    expect(refused?.querySelector('.op-card-arrow')).toBeNull();
  });

  it('writes the call to action with its own arrow, without adding the corner one', async () => {
    const [card] = await cards('<Card title="Start" href="/start" cta="Read the guide">Begin</Card>');
    const cta = one(card!, '.op-card-cta');
    expect(cta.text).toBe('Read the guide');
    expect(cta.querySelector('svg')).toBeTruthy();
    expect(card?.querySelector('.op-card-arrow')).toBeNull();
  });

  it('writes a call to action given as markup, as Bun’s cards give it', async () => {
    const [card] = await cards(
      '<Card title="Runtime" href="/runtime" cta={<span>Get started with <code>bun run</code></span>}>Fast</Card>',
    );
    const cta = one(card!, '.op-card-cta');
    expect(cta.text).toBe('Get started with bun run');
    expect(cta.querySelector('code')?.text).toBe('bun run');
    expect(cta.querySelector('svg')).toBeTruthy();
  });

  it('gives a typed card its callout’s icon unless it names its own', async () => {
    const [warning, own, unknown] = await cards(
      '<Card title="Careful" type="warning">Mind the gap</Card>',
      '<Card title="Tip" type="tip" icon="rocket">Go</Card>',
      '<Card title="Odd" type="sparkly">Plain</Card>',
    );
    expect(warning?.classList.contains('op-card-warning')).toBe(true);
    expect(one(warning!, '.op-card-icon svg').toString()).toContain('<svg');
    expect(own?.querySelector('.op-card-icon[data-icon="rocket"] svg')).toBeTruthy();
    expect(unknown?.getAttribute('class')).toBe('op-card card');
    expect(unknown?.querySelector('.op-card-icon')).toBeNull();
  });

  it('links a disabled card nowhere', async () => {
    const [card] = await cards('<Card title="Soon" href="/soon" cta="Coming soon" disabled>Later</Card>');
    expect(card?.querySelector('a')).toBeNull();
    expect(card?.classList.contains('op-card-disabled')).toBe(true);
    expect(card?.classList.contains('op-card-linked')).toBe(false);
    expect(one(card!, '.op-card-cta').text).toBe('Coming soon');
  });

  it('keeps the place of an icon given as a URL it cannot show, as it does an icon={<img>}', async () => {
    // Pica's changelog: integration cards with icon="https://assets.picaos.com/connectors/nylas.svg" drew no
    // icon at all offline, so their titles moved up to where Mintlify draws the icon.
    const page = await render(
      '<Card title="Nylas" icon="https://assets.example.com/nylas.svg" href="https://nylas.com">Email</Card>\n\n' +
        '<Card title="Gone" icon="/images/gone.svg">Local</Card>',
      { packedAssets: {} },
    );
    const [remote, missing] = page.dom.querySelectorAll('.op-card');
    expect(remote?.querySelector('.op-card-icon .op-remote-image')?.getAttribute('data-op-remote-src')).toBe(
      'https://assets.example.com/nylas.svg',
    );
    expect(missing?.querySelector('.op-card-icon .op-missing-media')?.getAttribute('data-op-missing-src')).toBe(
      '/images/gone.svg',
    );
    expect(page.remoteMedia).toEqual(['https://assets.example.com/nylas.svg']);
  });

  it("draws an icon given as a URL of Mintlify's icon CDN from the installed sets, not as remote media", async () => {
    const page = await render(
      '<Card title="Launch" icon="https://mintlify.b-cdn.net/v6.6.0/lucide/rocket.svg">Go</Card>',
    );
    expect(one(page.dom, '.op-card-icon').getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
    expect(page.remoteMedia).toEqual([]);
  });
});
