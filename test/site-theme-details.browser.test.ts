/**
 * Rendering details in real Chromium (issue 11, point 5), on a machine that may have no emoji font: inline
 * code in narrow table cells never breaks inside a word, content emoji are drawn from shipped images,
 * `<Color>` swatches sit side by side, and the phone drawer opens with its header in view. Screenshots
 * go to shotDir('theme-details') (helpers/shots.ts).
 */
import { expect, it } from 'vitest';
import { type Page } from '../server/render/chromium.js';
import { COLOR_PAGE, DEEP_PAGE, detailsProject, EMOJI_PAGE, TABLE_PAGE } from './helpers/detailsProject.js';
import { shotDir } from './helpers/shots.js';
import { themeInChromium } from './helpers/themeInChromium.js';

const SHOTS = shotDir('theme-details');
const PHONE = { width: 390, height: 844 };
const errors: string[] = [];

async function open(path: string, viewport = { width: 1366, height: 900 }): Promise<Page> {
  const context = await site.browser.newContext({ viewport });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.server.url });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.url()}: HTTP ${response.status()}`);
  });
  await page.goto(`${site.server.url}${path}`);
  return page;
}

/** Words of table-cell code that the layout split over two lines (a word drawn as more than one box). */
function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    for (const code of document.querySelectorAll('.op-table td code')) {
      const node = code.firstChild;
      const text = node?.textContent ?? '';
      for (const match of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        if (!node) continue;
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        if (range.getClientRects().length > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

const site = themeInChromium(detailsProject);

site.describe('theme rendering details in Chromium', () => {
  it('never breaks inline code inside a word in a narrow table cell, on a desktop or a phone', async () => {
    for (const [name, viewport] of [
      ['desktop', { width: 1366, height: 900 }],
      ['phone', PHONE],
    ] as const) {
      const page = await open(TABLE_PAGE, viewport);
      await page
        .locator('.op-table')
        .first()
        .screenshot({ path: `${SHOTS}/table-code-${name}.png` });
      expect(await page.locator('.op-table td code').count()).toBeGreaterThan(10);
      expect(await brokenWords(page)).toEqual([]);
      await page.context().close();
    }
  }, 60_000);

  it('lays out a table whose last column is short at its columns’ own widths, with no scrolling on a desktop', async () => {
    // Julep's session options (Default last) were forced 14rem wide for that column and scrolled.
    const page = await open(TABLE_PAGE, { width: 1280, height: 900 });
    const table = page.locator('.op-table', { hasText: 'context_overflow' });
    await table.screenshot({ path: `${SHOTS}/table-short-last-column.png` });
    expect(await table.evaluate((box) => box.scrollWidth - box.clientWidth)).toBe(0);
    // `None` and `true` need no more than the 6rem floor every cell has.
    const lastColumn = await table
      .locator('tr:first-child td:last-child')
      .evaluate((td) => td.getBoundingClientRect().width);
    expect(lastColumn).toBeLessThanOrEqual(6 * 16 + 1);
    await page.context().close();
  });

  it('wraps a long one-word heading in the TOC inside its column, not cut off at the window edge', async () => {
    const page = await open(TABLE_PAGE, { width: 1280, height: 900 });
    const link = page.locator('.op-toc-link', { hasText: 'PCC_IMAGE_PULL' });
    await link.screenshot({ path: `${SHOTS}/toc-long-word.png` });
    const fit = await link.evaluate((a) => ({
      overflow: a.scrollWidth - a.clientWidth,
      right: a.getBoundingClientRect().right,
      window: window.innerWidth,
    }));
    expect(fit.overflow).toBeLessThanOrEqual(0);
    expect(fit.right).toBeLessThanOrEqual(fit.window);
    await page.context().close();
  });

  it('draws content emoji from local images that load, and copies them as the emoji characters', async () => {
    const page = await open(EMOJI_PAGE);
    await page.locator('.op-article').screenshot({ path: `${SHOTS}/emoji-content.png` });
    const images = await page.$$eval('img.op-emoji', (all) =>
      all.map((img) => ({
        alt: img.getAttribute('alt'),
        loaded: (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
        where: img.closest('h1, h2, p, pre, .op-sidebar, .op-toc')?.tagName.toLowerCase() ?? '',
      })),
    );
    expect(images.length).toBeGreaterThan(0);
    expect(images.filter((i) => !i.loaded)).toEqual([]);
    const alts = images.map((i) => i.alt);
    for (const emoji of ['🚀', '🎉', '✅', '❌', '✏️', '⚠️', '👨‍👩‍👧', '🇺🇸']) expect(alts).toContain(emoji);
    expect(images.map((i) => i.where)).toEqual(expect.arrayContaining(['h1', 'h2', 'p']));
    // Code stays text; text-style symbols (↔, ©) stay text too.
    expect(await page.locator('pre img.op-emoji').count()).toBe(0);
    expect(alts).not.toContain('↔');
    const paragraph = page.locator('.op-prose p', { hasText: 'Shipped' });
    await paragraph.evaluate((p) => {
      const range = document.createRange();
      range.selectNodeContents(p);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
    });
    await page.keyboard.press('Control+c');
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toContain('Shipped ✅ and not broken ❌');
    // The prompt's copy button too, although the prompt shows the emoji as an image: the prompt as written.
    await page.click('[data-op-copy-prompt]');
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe('Summarise the **release** 🚀 notes');
    expect(await page.locator('.op-prompt-body img.op-emoji').count()).toBe(1);
    await page.context().close();
  });

  it('lays a Markdown prompt out as compact text: its hard breaks single, its headings body-sized, no blank lines between blocks', async () => {
    const page = await open(EMOJI_PAGE);
    const body = page.locator('.op-prompt-body').nth(1);
    await body.locator('..').screenshot({ path: `${SHOTS}/prompt.png` });
    const layout = await body.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const heading = el.querySelector('h1');
      const paragraph = el.querySelector('p');
      return {
        headingGap: (heading?.getBoundingClientRect().top ?? 0) - box.top,
        headingSize: heading ? parseFloat(getComputedStyle(heading).fontSize) : 0,
        paragraphLines: paragraph
          ? Math.round(paragraph.getBoundingClientRect().height / parseFloat(getComputedStyle(paragraph).lineHeight))
          : 0,
      };
    });
    // The body's own padding (12px) and no more: no blank line before the first block.
    expect(layout.headingGap).toBeLessThan(16);
    expect(layout.headingSize).toBeLessThanOrEqual(16);
    // "You are ...", "Rule #1", "Rule #2": one paragraph, three lines by Markdown's hard breaks (two trailing
    // spaces, as Mintlify's own Prompt example writes them), with no blank line between them.
    expect(layout.paragraphLines).toBe(3);
    await page.context().close();
  });

  it('shows <Color> swatches side by side, compact and as labelled rows', async () => {
    const page = await open(COLOR_PAGE);
    await page.locator('.op-prose').screenshot({ path: `${SHOTS}/color.png` });
    const compact = await page.$$eval('.op-color-compact .op-color-item', (all) =>
      all.map((item) => item.getBoundingClientRect().toJSON() as DOMRect),
    );
    expect(compact).toHaveLength(4);
    // One row of four, each far narrower than the content column.
    expect(new Set(compact.map((r) => Math.round(r.top))).size).toBe(1);
    for (const rect of compact) expect(rect.width).toBeLessThan(200);
    const rows = await page.$$eval('.op-color-table .op-color-row', (all) =>
      all.map((row) => {
        const title = row.querySelector('.op-color-row-title')?.getBoundingClientRect();
        const items = [...row.querySelectorAll('.op-color-item')].map((i) => i.getBoundingClientRect());
        return { titleRight: title?.right ?? 0, titleTop: title?.top ?? 0, items: items.map((i) => [i.left, i.top]) };
      }),
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      // The title is a label column left of its swatches, which share one line.
      for (const [left] of row.items) expect(left).toBeGreaterThanOrEqual(row.titleRight);
      expect(new Set(row.items.map(([, top]) => Math.round(top ?? 0))).size).toBe(1);
    }
    await page.context().close();
  });

  it('opens the phone drawer at its top, header in view, on a short and a long navigation', async () => {
    for (const [name, path] of [
      ['first', TABLE_PAGE],
      ['deep', DEEP_PAGE],
    ] as const) {
      const page = await open(path, PHONE);
      await page.click('[data-op-nav-toggle]');
      await page.waitForFunction(() => document.documentElement.classList.contains('op-nav-open'));
      await page.locator('.op-sidebar a[aria-current="page"]').waitFor({ state: 'visible' });
      await page.waitForTimeout(300); // the slide-in transition, for the picture only
      await page.screenshot({ path: `${SHOTS}/drawer-${name}.png` });
      const box = await page.evaluate(() => {
        const rect = (selector: string): DOMRect | undefined =>
          document.querySelector(selector)?.getBoundingClientRect();
        return {
          sidebar: rect('.op-sidebar'),
          head: rect('.op-drawer-head'),
          close: rect('.op-drawer-head [data-op-nav-close]'),
          active: rect('.op-sidebar a[aria-current="page"]'),
          firstLink: rect('.op-sidebar .op-drawer-link'),
        };
      });
      // The header is flush with the drawer's top edge: nothing of it is cut, nothing shows above it.
      expect(Math.abs((box.head?.top ?? -1) - (box.sidebar?.top ?? 0))).toBeLessThanOrEqual(1);
      expect(box.head?.top).toBeGreaterThanOrEqual(0);
      if (name === 'first') expect(box.firstLink?.top).toBeGreaterThanOrEqual(box.head?.bottom ?? 0);
      expect(box.close?.top).toBeGreaterThanOrEqual(0);
      expect(box.close?.bottom).toBeLessThanOrEqual(PHONE.height);
      // The current page is on screen, below the header rather than under it.
      expect(box.active?.top).toBeGreaterThanOrEqual(box.head?.bottom ?? 0);
      expect(box.active?.bottom).toBeLessThanOrEqual(PHONE.height);
      await page.context().close();
    }
  }, 60_000);

  it('shows a search hit on a section as its heading text, with no Markdown "#", emoji as images', async () => {
    const page = await open(EMOJI_PAGE);
    await page.keyboard.press('Control+k');
    await page.waitForSelector('dialog.op-search-dialog[open]');
    await page.keyboard.type('celebrate');
    await page.waitForSelector('.op-search-result .op-search-heading');
    await page.locator('dialog.op-search-dialog').screenshot({ path: `${SHOTS}/search-heading.png` });
    const hit = page.locator('.op-search-result').first();
    expect(await hit.locator('.op-search-heading').textContent()).toBe(' Celebrate');
    expect(await hit.locator('.op-search-heading img.op-emoji').getAttribute('alt')).toBe('🎉');
    expect(await hit.locator('.op-search-title img.op-emoji').getAttribute('alt')).toBe('🚀');
    // Loaded from the same URL as the page's own images (so a bundle has it too).
    expect(
      await hit
        .locator('img.op-emoji')
        .evaluateAll((all) => all.every((i) => (i as HTMLImageElement).naturalWidth > 0)),
    ).toBe(true);
    await page.context().close();
  });

  it('logged no console error', () => {
    expect(errors).toEqual([]);
  });
});
