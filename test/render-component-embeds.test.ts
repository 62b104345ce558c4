/**
 * An `<iframe>` a project component draws (twenty's StoryEmbed, a snippet's YouTube helper) follows the
 * rule an `<iframe>` written in the page follows: a remote embed, which an offline reader's browser cannot
 * load (the site's policy refuses it), becomes the placeholder linking to it instead of the browser's
 * broken-frame page; a project file is kept.
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
