/**
 * The alternatives of a `oneOf` request body in Chromium: a tab per alternative, as on Mintlify; choosing
 * one shows its fields and hides the other's, leaves the request sample's language alone, and a link to a
 * field of the hidden alternative opens its tab. Screenshots go to shotDir('theme-endpoint-variants').
 */
import { expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { shotDir } from './helpers/shots.js';
import { themeInChromium } from './helpers/themeInChromium.js';

const SHOTS = shotDir('theme-endpoint-variants');

const spec = {
  openapi: '3.0.3',
  info: { title: 'T', version: '1' },
  servers: [{ url: 'https://api.example.com' }],
  paths: {
    '/deliveries': {
      post: {
        summary: 'Create a delivery',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                oneOf: [
                  { title: 'StreetAddress', type: 'object', properties: { address_line_1: { type: 'string' } } },
                  // Labelled like a language tab, which choosing this one must not select.
                  { title: 'Python', type: 'object', properties: { box_number: { type: 'string' } } },
                ],
              },
            },
          },
        },
        responses: { '200': { description: 'OK' } },
      },
    },
  },
};

const site = themeInChromium(() =>
  writeProject({
    'docs.json': docsJson({ api: { openapi: 'openapi.json' }, navigation: { pages: ['deliveries'] } }),
    'openapi.json': spec,
    'deliveries.mdx': '---\ntitle: Create a delivery\nopenapi: POST /deliveries\n---\n',
  }),
);

site.describe('oneOf body tabs in Chromium', () => {
  it('switch between the alternatives without touching the request sample', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${site.server.url}/deliveries`);
    const tabs = page.locator('.op-variant-tabs');
    await expect.poll(() => page.locator('#body-address-line-1').isVisible()).toBe(true);
    expect(await page.locator('#body-box-number').isVisible()).toBe(false);
    await tabs.getByRole('tab', { name: 'Python' }).click();
    expect(await page.locator('#body-box-number').isVisible()).toBe(true);
    expect(await page.locator('#body-address-line-1').isVisible()).toBe(false);
    await tabs.screenshot({ path: `${SHOTS}/variants-second.png` });
    const sample = page.locator('.op-request-example [role="tab"][aria-selected="true"]');
    expect(await sample.textContent()).toBe('cURL');
    await page.close();
  });

  it('opens the tab of a field a link points to', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${site.server.url}/deliveries#body-box-number`);
    await expect.poll(() => page.locator('#body-box-number').isVisible()).toBe(true);
    expect(await page.locator('#body-address-line-1').isVisible()).toBe(false);
    await page.close();
  });
});
