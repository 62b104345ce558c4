/**
 * A tab (or anchor) whose pages are all missing leads nowhere: it is not drawn, as a control that does
 * nothing when clicked is worse than none. Projects started from Mintlify's starter often delete its
 * pages and keep the mint.json navigation that lists them, leaving a first tab of nothing but missing
 * pages beside the tab that holds the real ones.
 */
import { describe, expect, it } from 'vitest';
import { writeProject } from './helpers/siteProjects.js';
import { renderSite } from './helpers/themeSite.js';

const page = (title: string): string => `---\ntitle: ${title}\n---\n\nText.\n`;

/** Labels of the tab links drawn on a page (header and phone drawer), each with its href or none. */
function tabLinks(html: string): string[] {
  return [
    ...html.matchAll(/<a class="[^"]*(?:op-switcher-option|mobile-nav-tabs-item)[^"]*"([^>]*)>([\s\S]*?)<\/a>/g),
  ].map((m) => `${(m[2] ?? '').replace(/<[^>]*>/g, '').trim()} ${/href="([^"]*)"/.exec(m[1] ?? '')?.[1] ?? '(none)'}`);
}

describe('sections leading nowhere', () => {
  it('leaves out a mint.json tab whose pages are all missing', async () => {
    const site = await renderSite(
      writeProject({
        'mint.json': {
          name: 'Starter',
          colors: { primary: '#0D9373' },
          tabs: [{ name: 'API Reference', url: 'api-reference' }],
          navigation: [
            { group: 'Get Started', pages: ['introduction', 'quickstart'] },
            { group: 'API Documentation', pages: ['api-reference/introduction'] },
          ],
        },
        'api-reference/introduction.mdx': page('Introduction'),
      }),
    );
    const html = site.pages.get('/api-reference/introduction')?.html ?? '';
    const links = tabLinks(html);
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((l) => l.startsWith('API Reference /api-reference/introduction'))).toBe(true);
  });
});
