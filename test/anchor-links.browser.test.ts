/**
 * In Chromium, the two novu links that landed on no element before issue 11 (a numbered heading and a
 * heading with inline code) land on their heading, inside the viewport: the first by Mintlify's id, the
 * second (written for GitHub's id) through the page script's alias fallback (theme/client/anchors.ts).
 */
import { expect } from 'vitest';
import { launchChromium } from '../server/render/chromium.js';
import { needs, CHROMIUM, NOVU_FIXTURE } from './helpers/needs.js';
import { NOVU } from './helpers/siteProjects.js';
import { startThemeServer } from './helpers/themeSite.js';

const LINKS = [
  '/platform/inbox/prepare-for-production#2-generate-hmac-hash-on-the-server-side',
  '/platform/inbox/configuration/preferences#using-the-preferences--component',
];

needs(CHROMIUM, NOVU_FIXTURE).it(
  'novu anchor links land on their element in Chromium',
  async () => {
    const server = await startThemeServer(NOVU);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      for (const link of LINKS) {
        await page.goto(server.url + link);
        const landed = await page.evaluate(() => {
          // By its id, or (the heading with inline code) by the GitHub-style alias the page script follows.
          const hash = decodeURIComponent(location.hash.slice(1));
          const el =
            document.getElementById(hash) ??
            document.querySelector(`[data-op-alias="${CSS.escape(hash.toLowerCase())}"]`);
          return el === null ? null : { tag: el.tagName, top: el.getBoundingClientRect().top };
        });
        expect(landed, link).not.toBeNull();
        expect(landed?.top ?? -1, link).toBeGreaterThanOrEqual(0);
        expect(landed?.top ?? 1e9, link).toBeLessThan(800);
      }
    } finally {
      await browser.close();
      await server.close();
    }
  },
  180_000,
);
