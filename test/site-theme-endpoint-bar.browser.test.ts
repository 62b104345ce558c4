/**
 * An endpoint page's method and URL bar on a phone: a long path wraps after a `/`, never inside a segment
 * such as `organizations` or `{environmentId}`, so each line of it reads as whole path segments.
 * Screenshots go to shotDir('theme-endpoint-bar').
 */
import { expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { shotDir } from './helpers/shots.js';
import { themeInChromium } from './helpers/themeInChromium.js';

const SHOTS = shotDir('theme-endpoint-bar');
const PATH = '/v1/organizations/{organizationId}/environments/{environmentId}/subscribers';

const spec = {
  openapi: '3.0.0',
  info: { title: 'T', version: '1' },
  servers: [{ url: 'https://api.example.com' }],
  paths: { [PATH]: { get: { summary: 'List subscribers', responses: { '200': { description: 'OK' } } } } },
};

const site = themeInChromium(() =>
  writeProject({
    'docs.json': docsJson({ api: { openapi: 'openapi.json' }, navigation: { pages: ['subscribers'] } }),
    'openapi.json': spec,
    'subscribers.mdx': `---\ntitle: List subscribers\nopenapi: GET ${PATH}\n---\n`,
  }),
);

site.describe('endpoint bar in Chromium', () => {
  it('wraps a long path between its segments on a 390 px phone, never inside one', async () => {
    const page = await site.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${site.server.url}/subscribers`);
    const bar = page.locator('.op-endpoint-bar');
    await bar.screenshot({ path: `${SHOTS}/bar-390.png` });
    const layout = await bar.evaluate((el) => {
      const broken: string[] = [];
      const walker = document.createTreeWalker(el.querySelector('.op-endpoint-path') ?? el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of (node.textContent ?? '').matchAll(/[^/]+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          if (range.getClientRects().length > 1) broken.push(match[0]);
        }
      }
      return {
        broken,
        lines: el.querySelector('.op-endpoint-url')?.getClientRects().length ?? 0,
        text: el.textContent,
      };
    });
    expect(layout.broken).toEqual([]);
    expect(layout.text).toBe(`GEThttps://api.example.com${PATH}`);
    await page.close();
  });
});
