/**
 * docs.json's `theme: "almond"` sets the page on a card: the content and its right-hand column in a
 * bordered panel with rounded top corners, on a tinted ground shared with the header (no rule under it)
 * and the sidebar, as almond.mintlify.app draws it. Ours once drew almond like mint, all on one ground.
 */
import { expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { themeInChromium } from './helpers/themeInChromium.js';

const site = themeInChromium(() =>
  writeProject({
    'docs.json': docsJson({ theme: 'almond' }),
    'index.mdx': '---\ntitle: Card\n---\n\n## Getting started\n\nPlain text.\n',
    'landing.mdx': '---\ntitle: Landing\nmode: custom\n---\n\n<div className="hero">A landing page.</div>\n',
  }),
);

/** What the test compares, as computed style values. */
interface Look {
  readonly radius: string;
  readonly border: string;
  readonly panel: string;
  readonly ground: string;
  readonly header: string;
  readonly headerRule: string;
}

/** The panel's corner and border, and the ground's, panel's and header's colours under `theme`. */
async function look(theme: string, path = '/'): Promise<Look> {
  const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${site.server.url}${path}`);
  const styles = await page.evaluate((name) => {
    document.documentElement.setAttribute('data-op-theme', name);
    const style = (selector: string): CSSStyleDeclaration => {
      const el = document.querySelector(selector);
      if (!el) throw new Error(`${selector}: missing`);
      return getComputedStyle(el);
    };
    const panel = style('#content-container');
    const header = style('#navbar');
    return {
      radius: panel.borderTopLeftRadius,
      border: panel.borderTopWidth,
      panel: panel.backgroundColor,
      ground: style('body').backgroundColor,
      header: header.backgroundColor,
      headerRule: header.borderBottomColor,
    };
  }, theme);
  await page.close();
  return styles;
}

site.describe('the almond theme in Chromium', () => {
  it('draws the content in a bordered, rounded panel on a tinted ground the header shares', async () => {
    const almond = await look('almond');
    expect(almond).toMatchObject({ radius: '16px', border: '1px', panel: 'rgb(255, 255, 255)' });
    expect(almond.ground).not.toBe(almond.panel);
    expect(almond.header).toBe(almond.ground);
    expect(almond.headerRule).toBe('rgba(0, 0, 0, 0)');
  }, 60_000);

  // Mintlify's custom mode "removes all elements except for the top navbar": a landing page is a blank
  // canvas, not a card whose border runs along the window's edges.
  it('leaves a custom-mode page without the panel', async () => {
    expect(await look('almond', '/landing')).toMatchObject({ radius: '0px', border: '0px' });
  }, 60_000);

  it('leaves mint without the panel', async () => {
    expect(await look('mint')).toMatchObject({ radius: '0px', border: '0px' });
  }, 60_000);
});
