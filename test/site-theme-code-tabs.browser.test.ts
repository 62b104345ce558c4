/**
 * A tab in a code block in real Chromium: Mintlify's pages inherit Tailwind's preflight `tab-size: 4`, so a
 * Python body indented with tabs (Browser Use's lifecycle hooks page mixes tabs and spaces) lines up with
 * the lines indented by spaces. At a tab size of 2 the body of a function sat level with its `def`.
 */
import { expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { themeInChromium } from './helpers/themeInChromium.js';

const code = ['```python', 'def outer():', '    def inner():', '\t\tprint(1)', '        print(2)', '```'].join('\n');

const site = themeInChromium(() =>
  writeProject({
    'docs.json': docsJson({ navigation: { pages: ['index'] } }),
    'index.mdx': `---\ntitle: Home\n---\n\n${code}\n`,
  }),
);

site.describe('code block tabs in Chromium', () => {
  it('draws two tabs as wide as eight spaces, as Mintlify does', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      await page.goto(`${site.server.url}/`);
      const starts = await page.evaluate(() => {
        const lines = [...document.querySelectorAll('.op-code-pre code > *')];
        return lines.map((line) => {
          const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? '';
            const at = text.search(/\S/);
            if (at < 0) continue;
            const range = document.createRange();
            range.setStart(node, at);
            range.setEnd(node, at + 1);
            return range.getBoundingClientRect().left;
          }
          return -1;
        });
      });
      expect(starts).toHaveLength(4);
      expect(Math.abs((starts[2] ?? 0) - (starts[3] ?? 0))).toBeLessThan(1);
    } finally {
      await page.close();
    }
  });
});
