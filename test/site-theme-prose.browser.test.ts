/**
 * Prose pieces as Chromium lays them out. A Mermaid Gantt chart is drawn for the page's diagram box:
 * Mermaid drew it as wide as the element it renders in (the page's full width), and the box scaled it
 * down, labels too small to read; a flowchart beside it is drawn as before, its labels in the page's font
 * (Mintlify's mermaid.tsx sets fontFamily "inherit"; ours once drew them in Mermaid's Trebuchet). A GFM task list
 * shows its checkboxes without bullets beside them, and a plain item keeps its bullet, beside them or in a list of its own.
 * A diff block with line numbers keeps every line's number in its gutter, added and removed lines too.
 * A coloured callout's text is its colour at half the lightness (half as light again in dark mode), and a
 * callout's links are underlined in its text colour.
 */
import { expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { themeInChromium } from './helpers/themeInChromium.js';

const PAGE = [
  '---',
  'title: Roadmap',
  '---',
  '',
  '```mermaid',
  'gantt',
  '  title Release plan',
  '  dateFormat YYYY-MM-DD',
  '  section Build',
  '  Design the importer :a1, 2026-01-05, 14d',
  '  Write the exporter  :a2, after a1, 21d',
  '  section Ship',
  '  Beta with two teams :b1, after a2, 10d',
  '```',
  '',
  '```mermaid',
  'flowchart LR',
  '  A[Source] --> B[Bundle]',
  '```',
  '',
  '- [ ] Import the project',
  '- [x] Export the bundle',
  '- Plain item',
  '',
  'Steps:',
  '',
  '- Another plain item',
  '',
  '```js Diff example lines',
  'const greeting = "Hello"; // [!code ++]',
  'function sayHello() {',
  '  console.log("Hello"); // [!code --]',
  '}',
  '```',
  '',
  // LangChain's home page: a pale lavender callout.
  '<Callout icon="lock" color="#DFC5FE">See the [Trust Center](https://trust.example.com/).</Callout>',
  '',
  '<Note>Read the [guide](/guide).</Note>',
  '',
].join('\n');

const site = themeInChromium(() =>
  writeProject({ 'docs.json': docsJson({ navigation: { pages: ['index'] } }), 'index.mdx': PAGE }),
);

site.describe('prose in Chromium', () => {
  it('draws a Gantt chart the width of its box, and a flowchart still', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${site.server.url}/`);
    await page.waitForFunction(
      () => document.querySelectorAll('[data-op-mermaid][data-state="rendered"] svg').length === 2,
    );
    const [gantt, flow] = await page.$$eval('[data-op-mermaid]', (boxes) =>
      boxes.map((box) => {
        const svg = box.querySelector('svg');
        return {
          box: box.clientWidth,
          drawn: svg?.viewBox.baseVal.width ?? 0,
          shown: svg?.getBoundingClientRect().width ?? 0,
          text: svg?.textContent ?? '',
        };
      }),
    );
    console.info(`gantt: box ${gantt?.box} px, drawn ${gantt?.drawn}, shown ${gantt?.shown}`);
    expect(gantt?.text).toContain('Design the importer');
    // Drawn for its box (less the box's 1rem padding each side), so shown at its own size: not drawn
    // wider and scaled down, which shrinks its labels with it.
    expect(gantt?.drawn).toBeLessThanOrEqual(gantt?.box ?? 0);
    expect(gantt?.shown).toBeGreaterThan((gantt?.box ?? 0) * 0.8);
    expect(flow?.text).toContain('Bundle');
    await page.close();
  });

  it("writes a diagram's labels in the page's font, as Mintlify's Mermaid asks (fontFamily inherit)", async () => {
    const page = await site.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${site.server.url}/`);
    await page.waitForFunction(
      () => document.querySelectorAll('[data-op-mermaid][data-state="rendered"] svg').length === 2,
    );
    const fonts = await page.$$eval('[data-op-mermaid]', (boxes) => {
      const label = boxes[1]?.querySelector('.nodeLabel, text');
      return [label ? getComputedStyle(label).fontFamily : '', getComputedStyle(boxes[1] ?? document.body).fontFamily];
    });
    expect(fonts[0]).toBe(fonts[1]);
    await page.close();
  });

  it('shows task list checkboxes where bullets would be, and plain items with bullets', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${site.server.url}/`);
    const marks = await page.$$eval('.op-prose li', (items) =>
      items.map((li) => [
        li.textContent.trim(),
        getComputedStyle(li).listStyleType,
        li.querySelector('input') !== null,
      ]),
    );
    expect(marks).toEqual([
      ['Import the project', 'none', true],
      ['Export the bundle', 'none', true],
      ['Plain item', 'disc', false],
      ['Another plain item', 'disc', false],
    ]);
    await page.close();
  });

  it('numbers added and removed lines in the gutter like the others, with their + and − marks', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${site.server.url}/`);
    const lines = await page.$$eval('.op-code-lines .line', (rows) =>
      rows.map((row) => ({
        number: getComputedStyle(row, '::before').content,
        mark: getComputedStyle(row, '::after').content,
        // Where the code starts: the same for every line when each number holds its gutter.
        codeLeft: Math.round(row.firstElementChild?.getBoundingClientRect().left ?? 0),
      })),
    );
    expect(lines.map((line) => line.number)).toEqual(Array<string>(4).fill('counter(op-line)'));
    expect(lines.map((line) => line.mark)).toEqual(['"+"', 'none', '"−"', 'none']);
    expect(new Set(lines.map((line) => line.codeLeft)).size).toBe(1);
    await page.close();
  });

  it("writes a coloured callout's text in its colour, darker in light mode and lighter in dark, as Mintlify does", async () => {
    const lightness = async (scheme: 'light' | 'dark') => {
      const page = await site.browser.newPage({ viewport: { width: 1366, height: 900 }, colorScheme: scheme });
      await page.goto(`${site.server.url}/`);
      await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), scheme === 'dark');
      const rgb = await page.$eval('.op-callout-custom .op-callout-content', (el) => getComputedStyle(el).color);
      await page.close();
      // color-mix() serialises as `color(srgb r g b)` with 0-1 channels, other colours as `rgb()`.
      const scale = rgb.startsWith('color(srgb') ? 255 : 1;
      const [r = 0, g = 0, b = 0] = (rgb.match(/[\d.]+/g) ?? []).map((n) => Number(n) * scale);
      const max = Math.max(r, g, b) / 255;
      const min = Math.min(r, g, b) / 255;
      const l = (max + min) / 2;
      const saturation = max === min ? 0 : (max - min) / (1 - Math.abs(2 * l - 1));
      return { light: Math.round(l * 100), saturation: Math.round(saturation * 100), purple: b > r && r > g };
    };
    // #DFC5FE is hsl(268 97% 89%): Mintlify's text is the same hue at 44% (light) and 100% capped (dark).
    const light = await lightness('light');
    expect(light.purple).toBe(true);
    expect(light.light).toBeGreaterThanOrEqual(40);
    expect(light.light).toBeLessThanOrEqual(48);
    // The colour itself, not a grey mixed with it.
    expect(light.saturation).toBeGreaterThan(80);
    const dark = await lightness('dark');
    expect(dark.light).toBeGreaterThanOrEqual(95);
  });

  it("underlines a callout's links in the callout's text colour, as Mintlify does, not the brand colour", async () => {
    const page = await site.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${site.server.url}/`);
    const links = await page.$$eval('.op-callout a', (anchors) =>
      anchors.map((a) => [getComputedStyle(a).color, getComputedStyle(a).borderBottomColor]),
    );
    expect(links).toHaveLength(2);
    for (const [color, underline] of links) expect(underline).toBe(color);
    await page.close();
  });
});
