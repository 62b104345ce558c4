/**
 * Where Mintlify's typography stops, as Chromium lays it out. Mintlify's prose is Tailwind Typography over
 * Tailwind's preflight: an element inside `not-prose` (supermemory's grid of building blocks) gets none of
 * it, so a paragraph there has no margins and a heading the size of its text; the prose beside it keeps
 * its own.
 */
import { expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { themeInChromium } from './helpers/themeInChromium.js';

const PAGE = [
  '---',
  'title: Building blocks',
  '---',
  '',
  'A paragraph of prose.',
  '',
  '<div className="not-prose" id="blocks">',
  '  <h3>Memory</h3>',
  '  <p>Keeps what users said.</p>',
  '  <ul><li>Profiles</li></ul>',
  '  <a href="/index" className="block">Read more</a>',
  '</div>',
  '',
].join('\n');

const site = themeInChromium(() =>
  writeProject({ 'docs.json': docsJson({ navigation: { pages: ['index'] } }), 'index.mdx': PAGE }),
);

site.describe('not-prose in Chromium', () => {
  it('gives what is inside not-prose no prose typography, as Tailwind Typography does', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${site.server.url}/`);
    const styles = await page.$$eval('.op-prose p, #blocks h3, #blocks ul', (els) =>
      els.map((el) => {
        const cs = getComputedStyle(el);
        return {
          text: el.textContent.trim(),
          margin: `${cs.marginTop} ${cs.marginBottom}`,
          size: cs.fontSize,
          list: cs.listStyleType,
          padding: cs.paddingLeft,
        };
      }),
    );
    const prose = styles.find((s) => s.text === 'A paragraph of prose.');
    const inner = styles.find((s) => s.text === 'Keeps what users said.');
    const heading = styles.find((s) => s.text === 'Memory');
    const list = styles.find((s) => s.text === 'Profiles');
    // The prose beside keeps its margins (1.25em of 16px).
    expect(prose?.margin).toBe('0px 20px');
    expect(inner?.margin).toBe('0px 0px');
    expect(heading).toMatchObject({ margin: '0px 0px', size: '16px' });
    expect(list).toMatchObject({ margin: '0px 0px', list: 'none', padding: '0px' });
    await page.close();
  });
});
