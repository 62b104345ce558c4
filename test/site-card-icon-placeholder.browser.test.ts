/**
 * A card whose icon is an image the offline site cannot show (remote, or missing from the project) keeps
 * the icon's place: the placeholder is the small "no image" mark where the icon goes, its label left to
 * assistive technology. It once drew its label under the mark and spilled past the icon box, over the
 * card's title (AgentOps' provider cards: `icon={<img src="https://…" alt="Anthropic" />}`). An icon given
 * as a URL (Pica's `icon="https://assets.picaos.com/…"`) gets the same mark instead of no icon at all.
 */
import { expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { themeInChromium } from './helpers/themeInChromium.js';

const site = themeInChromium(() =>
  writeProject({
    'docs.json': docsJson({ navigation: { pages: ['index'] } }),
    'index.mdx':
      '---\ntitle: Cards\n---\n\n<CardGroup cols={2}>\n' +
      '  <Card title="Remote" icon={<img src="https://example.com/anthropic.png" alt="Anthropic" />} href="/index" />\n' +
      '  <Card title="Missing" icon={<img src="/images/gone.png" alt="Gone" />} href="/index" />\n' +
      '  <Card title="Remote URL" icon="https://example.com/nylas.svg" href="/index" />\n' +
      '  <Card title="Missing path" icon="/images/gone.svg" href="/index" />\n' +
      '</CardGroup>\n',
  }),
);

site.describe('Card icon placeholders in Chromium', () => {
  it('fits the placeholder in the icon box and keeps its label off the card', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.server.url}/`);
    const boxes = await page.locator('.op-card').evaluateAll((cards) =>
      cards.map((card) => {
        const box = (sel: string): DOMRect | undefined => card.querySelector(sel)?.getBoundingClientRect();
        const label = card.querySelector('.op-remote-label');
        return {
          placeholder: box('.op-remote-media')?.height ?? -1,
          labelShown: label !== null && label.getBoundingClientRect().width > 1,
          labelText: label?.textContent ?? '',
          titleBelowIcon: (box('.op-card-title')?.top ?? 0) >= (box('.op-card-icon')?.bottom ?? Infinity) - 1,
        };
      }),
    );
    await page.close();
    for (const card of boxes) {
      expect(card.placeholder).toBeGreaterThan(0);
      expect(card.placeholder).toBeLessThanOrEqual(32);
      expect(card.labelShown).toBe(false);
      expect(card.labelText).not.toBe('');
      expect(card.titleBelowIcon).toBe(true);
    }
  }, 60_000);
});
