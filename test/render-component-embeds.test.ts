/**
 * An `<iframe>` a project component draws (twenty's StoryEmbed, a snippet's YouTube helper) follows the
 * rule an `<iframe>` written in the page follows: a remote embed, which an offline reader's browser cannot
 * load (the site's policy refuses it), becomes the placeholder linking to it instead of the browser's
 * broken-frame page; a project file is kept. So does an `<img>` (hoppscotch's prism banner draws a remote
 * SVG): a remote image shows its packed copy or the placeholder, a missing file the missing-image box, and
 * a project file stays the plain image the component wrote (no zoom: Mintlify zooms the page's images).
 */
import { describe, expect, it } from 'vitest';
import { render } from './fixtures/render/harness.js';
import { writeProject } from './helpers/siteProjects.js';

const SNIPPET = [
  'export const StoryEmbed = ({ storyId, title }) => (',
  '  <iframe title={title} src={`https://storybook.example.com/iframe.html?id=${storyId}`} width="100%" height={240} />',
  ');',
  '',
  'export const LocalDemo = () => <iframe title="Demo" src="/demo.html" />;',
  '',
].join('\n');

describe('iframes in project components', () => {
  it('turn a remote embed into the placeholder and keep a project file', async () => {
    const root = writeProject({ 'snippets/embed.mdx': SNIPPET, 'demo.html': '<p>demo</p>' });
    const page = await render(
      'import { StoryEmbed, LocalDemo } from "/snippets/embed.mdx"\n\n<StoryEmbed storyId="button" title="Button" />\n\n<LocalDemo />\n',
      { root },
    );
    const remote = page.dom.querySelector('.op-remote-media');
    expect(remote?.getAttribute('data-op-remote-src')).toBe('https://storybook.example.com/iframe.html?id=button');
    expect(remote?.querySelector('.op-remote-label')?.text).toBe('Button');
    expect(page.dom.querySelectorAll('iframe').map((f) => f.getAttribute('src'))).toEqual(['/demo.html']);
  });
});

const BANNER = [
  'export const Banner = () => (',
  '  <div className="flex">',
  '    <img src="https://cdn.example.com/cta.svg" alt="Call to action" className="h-8" />',
  '    <img src="https://cdn.example.com/packed.png" alt="Packed" />',
  '    <img src="/images/missing.png" alt="Missing" />',
  '    <img src="/logo.png" alt="Logo" className="h-6" />',
  '  </div>',
  ');',
  '',
].join('\n');

describe('images in project components', () => {
  it('show a packed copy or the placeholder for a remote image, and keep a project file plain', async () => {
    const root = writeProject({ 'snippets/banner.mdx': BANNER, 'logo.png': 'png', 'packed/cdn.png': 'png' });
    const page = await render('import { Banner } from "/snippets/banner.mdx"\n\n<Banner />\n', {
      root,
      packedAssets: { 'https://cdn.example.com/packed.png': '/packed/cdn.png' },
    });
    const remote = page.dom.querySelector('.op-remote-image:not(.op-missing-media)');
    expect(remote?.getAttribute('data-op-remote-src')).toBe('https://cdn.example.com/cta.svg');
    expect(page.dom.querySelector('.op-missing-media .op-remote-label')?.text).toBe('Missing');
    const images = page.dom.querySelectorAll('img');
    expect(images.map((i) => i.getAttribute('src'))).toEqual(['/packed/cdn.png', '/logo.png']);
    expect(images[1]?.getAttribute('class')).toBe('h-6');
    expect(images[1]?.hasAttribute('data-op-zoom')).toBe(false);
    expect(page.remoteMedia).toEqual(['https://cdn.example.com/cta.svg']);
  });

  it("draw an icon from Mintlify's icon CDN from the installed set, as the page's own images do", async () => {
    const icon = 'export const Play = () => <img src="https://mintlify.b-cdn.net/v6.6.0/regular/play.svg" />;\n';
    const root = writeProject({ 'snippets/icon.mdx': icon });
    const page = await render('import { Play } from "/snippets/icon.mdx"\n\n<Play />\n', { root });
    expect(page.dom.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml,%3Csvg/);
    expect(page.remoteMedia).toEqual([]);
  });
});
