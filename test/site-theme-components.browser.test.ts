/**
 * Built-in components as Chromium draws them, against Mintlify's own components:
 * - a Step's `titleSize` heading is as large as a page heading of that level, and the last step's line
 *   fades out under it;
 * - a page's Tabs labels are semibold, unselected ones in the text colour, while a code group's stay quieter;
 * - a Tree is unframed rows in the body font;
 * - an Accordion's description is in its title's size and colour;
 * - a dropdown CodeGroup keeps the selected block's title on the left and names the blocks by language
 *   (Bash, not cURL; by title when several share one), in Mintlify's borderless picker (code-group/language-dropdown.tsx) rather than a boxed native select;
 * - an uncoloured Icon is dark gray, not the prose's lighter text colour;
 * - a Card's inline-SVG icon is dark gray (light in dark mode), not the brand colour or black;
 * - a project's style.css may use Mintlify's colour variables (`rgb(var(--gray-200))`, `rgb(var(--primary))`).
 */
import { expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { themeInChromium } from './helpers/themeInChromium.js';

const PAGE = [
  '---',
  'title: Components',
  '---',
  '',
  '## Page heading two',
  '',
  '### Page heading three',
  '',
  '<Steps>',
  '  <Step title="Plain">a</Step>',
  '  <Step title="Two" titleSize="h2">b</Step>',
  '  <Step title="Three" titleSize="h3">c</Step>',
  '</Steps>',
  '',
  '<Tabs>',
  '  <Tab title="First">1</Tab>',
  '  <Tab title="Second">2</Tab>',
  '</Tabs>',
  '',
  '<CodeGroup>',
  '```js a.js',
  'a()',
  '```',
  '```js b.js',
  'b()',
  '```',
  '</CodeGroup>',
  '',
  '<Tree>',
  '  <Tree.Folder name="app" defaultOpen>',
  '    <Tree.File name="page.tsx" />',
  '  </Tree.Folder>',
  '</Tree>',
  '',
  '<Accordion title="Question" description="More about it">Answer.</Accordion>',
  '',
  '<CodeGroup dropdown>',
  '```js a.js',
  'a()',
  '```',
  '```py b.py',
  'b()',
  '```',
  '</CodeGroup>',
  '',
  '<CodeGroup dropdown>',
  '```bash npm',
  'npm i foo',
  '```',
  '```bash yarn',
  'yarn add foo',
  '```',
  '```bash',
  'pnpm add foo',
  '```',
  '```ts',
  'add();',
  '```',
  '</CodeGroup>',
  '',
  'Flag <Icon icon="flag" /> and red <Icon icon="flag" color="#ff0000" />.',
  '',
  '<Card title="X" color="#1DA1F2" icon={<svg viewBox="0 0 10 10"><path d="M0 0h10v10z" /></svg>}>Follow</Card>',
  '',
  '<div className="var-probe">Variables</div>',
  '',
].join('\n');

const site = themeInChromium(() =>
  writeProject({
    'docs.json': docsJson({ colors: { primary: '#ff73a8' }, navigation: { pages: ['index'] } }),
    'index.mdx': PAGE,
    // Bun's style.css borders its cards this way: an undefined variable would leave no border at all.
    'style.css':
      '.var-probe{border:1px solid rgb(var(--gray-200));color:rgb(var(--primary));background:rgb(var(--background-dark))}',
  }),
);

site.describe('components in Chromium', () => {
  it("sizes a Step's titleSize heading as the page's heading of that level", async () => {
    const page = await site.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${site.server.url}/`);
    const size = (selector: string): Promise<string> => page.$eval(selector, (node) => getComputedStyle(node).fontSize);
    expect(await size('h2.op-step-title')).toBe(await size('.op-prose h2:not(.op-step-title)'));
    expect(await size('h3.op-step-title')).toBe(await size('.op-prose h3:not(.op-step-title)'));
    expect(await size('h3.op-step-title')).not.toBe(await size('p.op-step-title'));
    await page.close();
  });

  it('draws Tabs labels semibold, an unselected one in the text colour, and code group labels quieter', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${site.server.url}/`);
    const look = (selector: string): Promise<[string, string]> =>
      page.$eval(selector, (node) => [getComputedStyle(node).fontWeight, getComputedStyle(node).color]);
    // A step title is drawn in the text colour (var(--op-text)).
    const [, text] = await look('p.op-step-title');
    const [weight, color] = await look('.op-tabs-content .op-tab[aria-selected="false"]');
    expect(weight).toBe('600');
    expect(color).toBe(text);
    // The selected label's rule lies inside the list's clip (the list scrolls sideways), so it shows.
    const ruleShown = await page.$eval('.op-tabs-content .op-tab[aria-selected="true"]', (tab) => {
      const list = tab.parentElement;
      if (!list) return false;
      return (
        tab.getBoundingClientRect().bottom <= list.getBoundingClientRect().top + list.clientTop + list.clientHeight
      );
    });
    expect(ruleShown).toBe(true);
    const [codeWeight, codeColor] = await look('.op-code-group .op-tab[aria-selected="false"]');
    expect(codeWeight).toBe('500');
    expect(codeColor).not.toBe(text);
    await page.close();
  });

  it('draws a Tree unframed, in the body font at 14px, as Mintlify does', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${site.server.url}/`);
    const tree = await page.$eval('.op-tree', (node) => {
      const style = getComputedStyle(node);
      const body = getComputedStyle(document.body);
      return { border: style.borderTopWidth, font: style.fontFamily === body.fontFamily, size: style.fontSize };
    });
    expect(tree).toEqual({ border: '0px', font: true, size: '14px' });
    await page.close();
  });

  it("writes an Accordion's description in its title's size and colour, as Mintlify does", async () => {
    const page = await site.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${site.server.url}/`);
    const look = (selector: string): Promise<string[]> =>
      page.$eval(selector, (node) => [getComputedStyle(node).fontSize, getComputedStyle(node).color]);
    expect(await look('.op-accordion-description')).toEqual(await look('.op-accordion-title'));
    await page.close();
  });

  it('keeps the selected title of a dropdown CodeGroup and names its blocks by language, as Mintlify does', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${site.server.url}/`);
    const group = '[data-op-tabs][data-variant="dropdown"]:has(.op-code[data-lang="js"])';
    const shown = (): Promise<string[]> =>
      page.$$eval(`${group} .op-tab`, (tabs) =>
        tabs.filter((tab) => getComputedStyle(tab).display !== 'none').map((tab) => tab.textContent.trim()),
      );
    expect(await page.$$eval(`${group} option`, (options) => options.map((o) => o.textContent))).toEqual([
      'JavaScript',
      'Python',
    ]);
    expect(await shown()).toEqual(['a.js']);
    await page.selectOption(`${group} select`, { index: 1 });
    expect(await shown()).toEqual(['b.py']);
    await page.close();
  });

  it('names untitled blocks by display name in the dropdown, and blocks of one language by their titles', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${site.server.url}/`);
    const options = await page.$$eval('[data-op-tabs][data-variant="dropdown"]', (groups) =>
      groups.map((group) => [...group.querySelectorAll('option')].map((o) => o.textContent)),
    );
    // npm, yarn and pnpm are all bash: none is a cURL sample, and "Bash" three times would not tell them apart.
    expect(options).toEqual([
      ['JavaScript', 'Python'],
      ['npm', 'yarn', 'Bash', 'TypeScript'],
    ]);
    await page.close();
  });

  it("draws a dropdown CodeGroup's language picker as Mintlify's: small stone text with up-down chevrons, no box", async () => {
    const page = await site.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${site.server.url}/`);
    const look = await page.$eval('[data-op-tabs][data-variant="dropdown"] select', (select) => {
      const s = getComputedStyle(select);
      return [s.appearance, s.fontSize, s.fontWeight, s.color, s.backgroundColor, s.borderTopColor, s.borderRadius];
    });
    expect(look).toEqual(['none', '12px', '500', 'rgb(120, 113, 108)', 'rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)', '10px']);
    await page.close();
  });

  it("draws the last step's line fading out under its content, as Mintlify does", async () => {
    const page = await site.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${site.server.url}/`);
    const line = await page.$eval('.op-steps > .op-step:last-child', (step) => {
      const style = getComputedStyle(step, '::before');
      return { display: style.display, fades: style.backgroundImage.includes('gradient') };
    });
    expect(line).toEqual({ display: 'block', fades: true });
    await page.close();
  });

  it('draws an uncoloured Icon dark gray and a coloured one in its colour, as Mintlify does', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${site.server.url}/`);
    const colors = await page.$$eval('.op-icon-inline', (icons) => icons.map((icon) => getComputedStyle(icon).color));
    expect(colors).toEqual(['rgb(31, 41, 55)', 'rgb(255, 0, 0)']);
    await page.close();
  });

  it("draws a Card's inline-SVG icon dark gray, light in dark mode, whatever the card's color, as Mintlify does", async () => {
    const page = await site.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${site.server.url}/`);
    const paint = (): Promise<[string, string]> =>
      page.$eval('.op-card-icon path', (path) => [getComputedStyle(path).fill, getComputedStyle(path).color]);
    expect(await paint()).toEqual(['rgb(31, 41, 55)', 'rgb(31, 41, 55)']);
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    expect(await paint()).toEqual(['rgb(243, 244, 246)', 'rgb(243, 244, 246)']);
    await page.close();
  });

  it("resolves Mintlify's colour variables in a project's style.css, as Mintlify defines them", async () => {
    const page = await site.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${site.server.url}/`);
    const look = await page.$eval('.var-probe', (node) => {
      const style = getComputedStyle(node);
      return [style.borderTopStyle, style.borderTopColor, style.color, style.backgroundColor];
    });
    expect(look).toEqual(['solid', 'rgb(229, 231, 235)', 'rgb(255, 115, 168)', 'rgb(12, 13, 15)']);
    await page.close();
  });
});
