/**
 * A request body with several named examples in Chromium: a picker above the request panel names each
 * example; picking one shows its samples (the language chosen stays chosen), and the panel stays whole in
 * the right column. A response offering several media types (`200 · application/json`, `200 ·
 * text/event-stream`) keeps its example tabs and the Response section's status tabs in step, either way.
 * Screenshots go to shotDir('theme-endpoint-request-examples').
 */
import { expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { shotDir } from './helpers/shots.js';
import { themeInChromium } from './helpers/themeInChromium.js';

const SHOTS = shotDir('theme-endpoint-request-examples');

const spec = {
  openapi: '3.0.3',
  info: { title: 'T', version: '1' },
  servers: [{ url: 'https://api.example.com' }],
  paths: {
    '/orders': {
      post: {
        summary: 'Create an order',
        requestBody: {
          content: {
            'application/json': {
              schema: { type: 'object', properties: { item: { type: 'string' }, quantity: { type: 'integer' } } },
              examples: {
                single: { summary: 'One item', value: { item: 'apple', quantity: 1 } },
                bulk: { summary: 'A crate', value: { item: 'apple', quantity: 144 } },
              },
            },
          },
        },
        responses: { '200': { description: 'OK' } },
      },
    },
    '/completions': {
      post: {
        summary: 'Complete',
        responses: {
          '200': {
            description: 'The completion, whole or streamed',
            content: {
              'application/json': { example: { text: 'hi' } },
              'text/event-stream': { example: 'data: hi\n\n' },
            },
          },
          '429': { description: 'Slow down', content: { 'application/json': { example: { error: 'rate' } } } },
        },
      },
    },
  },
};

const site = themeInChromium(() =>
  writeProject({
    'docs.json': docsJson({ api: { openapi: 'openapi.json' }, navigation: { pages: ['orders', 'completions'] } }),
    'openapi.json': spec,
    'orders.mdx': '---\ntitle: Create an order\nopenapi: POST /orders\n---\n',
    'completions.mdx': '---\ntitle: Complete\nopenapi: POST /completions\n---\n',
  }),
);

/** The code of the request sample on show. */
const shownSample = (): string => {
  const panels = [...document.querySelectorAll<HTMLElement>('[data-op-request-examples] [data-op-tab-panel]')];
  const shown = panels.filter((p) => p.offsetParent !== null);
  return shown.length === 1 ? (shown[0]?.querySelector('pre')?.textContent ?? '') : `${shown.length} shown`;
};

site.describe('request examples in Chromium', () => {
  it('let the reader pick an example, keeping the language', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${site.server.url}/orders`);
    const picker = page.getByRole('combobox', { name: 'Request example' });
    expect(await picker.locator('option').allTextContents()).toEqual(['One item', 'A crate']);
    expect(await page.evaluate(shownSample)).toContain('"quantity": 1\n');
    await page.locator('[data-op-request-examples] [role="tab"]:visible', { hasText: 'Python' }).click();
    await picker.selectOption({ label: 'A crate' });
    const python = await page.evaluate(shownSample);
    expect(python).toContain('requests');
    expect(python).toContain('144');
    // In the right column, the panel is no wider than the column.
    const fits = await page.evaluate(() => {
      const column = document.querySelector('[data-op-examples]')?.getBoundingClientRect();
      const panel = document.querySelector('[data-op-request-examples]')?.getBoundingClientRect();
      return column !== undefined && panel !== undefined && panel.right <= column.right + 0.5 && panel.width > 0;
    });
    expect(fits).toBe(true);
    await page.locator('[data-op-request-examples]').screenshot({ path: `${SHOTS}/picked-second.png` });
    await page.close();
  });

  it('keep response examples and the Response section on one status, whichever the reader picks', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${site.server.url}/completions`);
    const selected = (strip: string): Promise<string[]> =>
      page.locator(`${strip} > .op-tab-list > [role="tab"][aria-selected="true"]`).allTextContents();
    const examples = '[data-op-example="response"]';
    const statuses = '.op-response-tabs';
    expect([await selected(examples), await selected(statuses)]).toEqual([['200 · application/json'], ['200']]);
    // An example of another status shows that status's schema.
    await page.locator(`${examples} [role="tab"]`, { hasText: '429' }).click();
    expect(await selected(statuses)).toEqual(['429']);
    // A status shows its first example; one of that status already shown stays.
    await page.locator(`${statuses} [role="tab"]`, { hasText: '200' }).click();
    expect(await selected(examples)).toEqual(['200 · application/json']);
    await page.locator(`${examples} [role="tab"]`, { hasText: 'text/event-stream' }).click();
    expect(await selected(statuses)).toEqual(['200']);
    await page.locator(`${statuses} [role="tab"]`, { hasText: '200' }).click();
    expect(await selected(examples)).toEqual(['200 · text/event-stream']);
    await page.screenshot({ path: `${SHOTS}/response-status-synced.png` });
    await page.close();
  });

  it("on a phone, let every sample language's tab be scrolled clear of the copy and feedback buttons", async () => {
    const page = await site.browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await page.goto(`${site.server.url}/orders`);
    const strip = page.locator('[data-op-request-examples] .op-code-group > .op-tab-list').first();
    await strip.evaluate((list) => list.scrollTo({ left: list.scrollWidth }));
    const overlap = await strip.evaluate((list) => {
      const tabs = [...list.querySelectorAll('[role="tab"]')];
      const last = tabs.at(-1)?.getBoundingClientRect();
      const group = list.parentElement;
      const buttons = group?.querySelector('.op-code-actions')?.getBoundingClientRect();
      return last === undefined || buttons === undefined ? null : last.right - buttons.left;
    });
    expect(overlap).not.toBeNull();
    expect(overlap ?? 1).toBeLessThanOrEqual(0);
    await page.locator('[data-op-request-examples]').screenshot({ path: `${SHOTS}/phone-last-tab.png` });
    await page.close();
  });
});
