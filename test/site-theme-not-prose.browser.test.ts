/**
 * Where Mintlify's typography stops, as Chromium lays it out. Mintlify's prose is Tailwind Typography over
 * Tailwind's preflight: an element inside `not-prose` (supermemory's grid of building blocks) gets none of
 * it, so a paragraph there has no margins and a heading the size of its text; the prose beside it keeps
 * its own. A page in custom mode has no prose at all ("Custom mode pages have no default typography"):
 * supermemory's landing hero, an <h1> whose text MDX makes a paragraph, is the size its classes give,
 * without a paragraph's margins inside it; a callout there keeps its own typography (a list's bullets).
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

const LANDING = [
  '---',
  'title: Welcome',
  'mode: custom',
  '---',
  '',
  '<div className="px-4">',
  '  <h1 className="text-4xl font-semibold">',
  '    supermemory',
  '  </h1>',
  '  <p className="mt-5">Context infrastructure for AI agents.</p>',
  '  <Note>',
  '    Run `npm i`, then:',
  '',
  '    - import',
  '    - export',
  '  </Note>',
  '</div>',
  '',
].join('\n');

const site = themeInChromium(() =>
  writeProject({
    'docs.json': docsJson({ navigation: { pages: ['index', 'landing'] } }),
    'index.mdx': PAGE,
    'landing.mdx': LANDING,
  }),
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

  it('gives a custom-mode page no prose typography, only what its own classes say', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${site.server.url}/landing`);
    const [title, inner, tagline] = await page.$$eval('h1, h1 p, p.mt-5', (els) =>
      els.map((el) => {
        const cs = getComputedStyle(el);
        return { margin: `${cs.marginTop} ${cs.marginBottom}`, size: cs.fontSize };
      }),
    );
    // text-4xl is 2.25rem; the paragraph MDX puts inside the heading takes the heading's size.
    expect(title).toEqual({ margin: '0px 0px', size: '36px' });
    expect(inner).toEqual({ margin: '0px 0px', size: '36px' });
    // mt-5 is 1.25rem; no prose margin below.
    expect(tagline?.margin).toBe('20px 0px');
    const [body, wrapper] = await page.$$eval('body, [data-op-prose]', (els) =>
      els.map((el) => getComputedStyle(el).color),
    );
    expect(wrapper).toBe(body);
    // What a component holds keeps its typography, as Mintlify's components have prose of their own.
    const [code, item] = await page.$$eval('.op-callout code, .op-callout li', (els) =>
      els.map((el) => {
        const cs = getComputedStyle(el);
        return { padding: cs.paddingLeft, list: cs.listStyleType };
      }),
    );
    expect(code?.padding).not.toBe('0px');
    expect(item?.list).toBe('disc');
    await page.close();
  });
});
