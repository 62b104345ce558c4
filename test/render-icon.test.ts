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

describe('icon on a site whose library is Tabler', () => {
  it('draws a Tabler-only name as a Tabler outline icon (2-unit stroke in the text colour, no fixed size)', async () => {
    const page = await render('<Icon icon="messages" />', { iconLibrary: 'tabler' });
    const svg = one(page.dom, '.op-icon-inline svg.op-svg-tabler');
    expect(svg.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg.getAttribute('stroke')).toBe('currentColor');
    expect(svg.getAttribute('stroke-width')).toBe('2');
    expect(svg.getAttribute('fill')).toBe('none');
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('width')).toBeUndefined();
    expect(svg.querySelectorAll('path').length).toBeGreaterThan(0);
  });

  it('falls back to Lucide, then Font Awesome, for names Tabler lacks', async () => {
    const page = await render('<Icon icon="circuit-board" /> <Icon icon="github" />', { iconLibrary: 'tabler' });
    expect(page.dom.querySelector('svg.op-svg-lucide')).not.toBeNull();
    expect(page.dom.querySelector('svg.op-svg-fa-brands')).not.toBeNull();
  });

  it('is not drawn from Tabler on a Lucide site', async () => {
    const page = await render('<Icon icon="messages" />', { iconLibrary: 'lucide' });
    expect(page.dom.querySelector('svg.op-svg-tabler')).toBeNull();
  });
});

// 0xsequence/docs home.mdx (Mintlify's landing template): icons drawn as CSS masks of Mintlify's icon CDN,
// which an offline site cannot reach, so each drew nothing.
describe("icons from Mintlify's icon CDN", () => {
  it('draws them from the installed sets as data: URLs, the CDN no longer named', async () => {
    const page = await render(
      [
        '<svg id="play" style={{ maskImage: \'url("https://mintlify.b-cdn.net/v6.6.0/regular/play.svg")\', maskRepeat: \'no-repeat\' }} />',
        '<div id="gh" style={{ WebkitMaskImage: "url(https://mintlify.b-cdn.net/v6.5.1/brands/github.svg)" }} />',
        '<img id="rocket" src="https://mintlify.b-cdn.net/v6.6.0/lucide/rocket.svg" />',
      ].join('\n\n'),
    );
    const play = one(page.dom, '#play').getAttribute('style') ?? '';
    expect(play).toMatch(/^mask-image:url\("data:image\/svg\+xml,%3Csvg[^")]*"\);mask-repeat:no-repeat$/);
    expect(decodeURIComponent(play)).toMatch(/xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 448 512"><path/);
    expect(one(page.dom, '#gh').getAttribute('style')).toMatch(
      /^-webkit-mask-image:url\(data:image\/svg\+xml,[^()]*\)$/,
    );
    expect(page.html).not.toContain('b-cdn.net');
    expect(page.remoteMedia).toEqual([]);
  });

  it('leaves a code block that shows such a URL as written', async () => {
    const url = 'https://mintlify.b-cdn.net/v6.6.0/regular/play.svg';
    const page = await render(`\`\`\`css\n.icon { mask-image: url("${url}"); }\n\`\`\`\n\nSee ${url}.`);
    expect(one(page.dom, 'pre').text).toContain(url);
    expect(page.dom.querySelector('p')?.text).toContain(url);
  });

  it('leaves a name no installed set draws as written', async () => {
    const page = await render(
      '<div id="x" style={{ maskImage: \'url("https://mintlify.b-cdn.net/v6.6.0/regular/no-such-icon-here.svg")\' }} />',
    );
    expect(one(page.dom, '#x').getAttribute('style')).toContain(
      'https://mintlify.b-cdn.net/v6.6.0/regular/no-such-icon-here.svg',
    );
  });
});
