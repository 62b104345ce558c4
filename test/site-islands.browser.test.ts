/**
 * A page's interactive components (`export const` with hooks and handlers) in the reader's browser. They
 * are project code, so they run only where the `allowedScripts` setting names `components`: then the
 * live site's page loads its components' script and React, and a counter counts, an input recalculates,
 * and a component that fails in the browser shows what the server rendered. Otherwise the page is what
 * the server rendered and nothing of the project runs. A static export where they are allowed carries
 * them into its pages: they work opened from disk, and the egress check ran them without an error.
 */
import AdmZip from 'adm-zip';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSettingValue, unsetSettingValue } from '../server/domain/settings.js';
import { launchChromium, type Browser, type Page } from '../server/render/chromium.js';
import { verifyBundle } from '../server/export/verify.js';
import { tempDir } from './helpers/dataDirs.js';
import { exportOnce, importExportFixture } from './helpers/exportRun.js';
import { needsChromium } from './helpers/needs.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { startSiteServe, type SiteServe } from './helpers/siteServe.js';

const CALCULATOR = `---
title: Calculator
---

export const Counter = ({ start = 0 }) => {
  const [n, setN] = useState(start);
  return <button type="button" className="counter" onClick={() => setN(n + 1)}>Clicks: {n}</button>;
};

export const Price = ({ rate }) => {
  const [seats, setSeats] = useState(1);
  return (
    <p>
      <input className="seats" type="number" value={seats} onChange={(e) => setSeats(Number(e.target.value))} />
      <output className="total">{seats * rate}</output>
    </p>
  );
};

export const Fragile = () => {
  const [n] = useState(0);
  if (typeof window !== 'undefined' && window.document) throw new Error('only in the browser');
  return <em className="fragile">server copy {n}</em>;
};

import { Toggle } from '/snippets/toggle.jsx';

A counter: <Counter start={2} />

<Toggle label="Details" />

<Price rate={12} />

<Fragile />
`;

const SOURCE = writeProject({
  'docs.json': docsJson({ navigation: { pages: ['index', 'calculator'] } }),
  'index.mdx': '---\ntitle: Home\n---\n\nHome.\n',
  'calculator.mdx': CALCULATOR,
  // Components in a script snippet, as Mintlify's docs suggest writing them.
  'snippets/toggle.jsx': [
    'export const Toggle = ({ label }) => {',
    '  const [open, setOpen] = useState(false);',
    '  return <button type="button" className="toggle" onClick={() => setOpen(!open)}>{label}: {open ? "open" : "closed"}</button>;',
    '};',
  ].join('\n'),
});

/** What a page shows once loaded, after two clicks on the counter, 5 typed as the seats and a toggle. */
async function interact(page: Page): Promise<{ counter: string; total: string; fragile: string; toggle: string }> {
  await page.locator('button.counter').click();
  await page.locator('button.counter').click();
  await page.locator('input.seats').fill('5');
  await page.locator('button.toggle').click();
  await page.waitForTimeout(200);
  return {
    counter: (await page.locator('button.counter').textContent()) ?? '',
    total: (await page.locator('output.total').textContent()) ?? '',
    fragile: (await page.locator('em.fragile').textContent()) ?? '',
    toggle: (await page.locator('button.toggle').textContent()) ?? '',
  };
}

/** What {@link interact} shows once the components run: two clicks, 5 seats, toggled, the failing one restored. */
const LIVE = { counter: 'Clicks: 4', total: '60', fragile: 'server copy 0', toggle: 'Details: open' };

/** The script URLs of an HTML document, in order. */
function scripts(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*\bsrc="([^"]*)"/g)].map((m) => m[1] ?? '');
}

needsChromium().describe("a page's interactive components", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Opens `url` in a new page; `errors` collects what its scripts log as errors. */
  async function open(url: string): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(url);
    await page.waitForLoadState('load');
    return { page, errors };
  }

  describe('on the live site', () => {
    let s: SiteServe;
    let siteUrl: string;
    beforeAll(async () => {
      s = await startSiteServe({ source: SOURCE });
      siteUrl = s.siteUrl;
    });
    afterAll(async () => {
      await s.close();
    });

    it('by default, stay as the server rendered them: no project code runs', async () => {
      unsetSettingValue(s.t.runtime, 'allowedScripts');
      const html = await (await fetch(`${siteUrl}/calculator`)).text();
      expect(scripts(html)).toEqual(['/_offprint/theme-init.js', '/_offprint/theme.js']);
      // Its class names (counter, seats, ...) hold no Tailwind utility: no empty stylesheet of them.
      expect(html).not.toContain('/_offprint/utilities.css');
      expect((await fetch(`${siteUrl}/_offprint/islands/calculator.js`)).status).toBe(404);
      // The project has no favicon: the one browsers ask for is "no content", not an error in the console.
      expect((await fetch(`${siteUrl}/favicon.ico`)).status).toBe(204);
      const { page, errors } = await open(`${siteUrl}/calculator`);
      try {
        expect(await interact(page)).toEqual({
          counter: 'Clicks: 2',
          total: '12',
          fragile: 'server copy 0',
          toggle: 'Details: closed',
        });
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    });

    it('where allowedScripts names components, run in the browser; a failing one shows the server copy', async () => {
      setSettingValue(s.t.runtime, 'allowedScripts', 'components');
      const html = await (await fetch(`${siteUrl}/calculator`)).text();
      expect(scripts(html).slice(-2)).toEqual(['/_offprint/islands/calculator.js', '/_offprint/islands.js']);
      expect(scripts(await (await fetch(`${siteUrl}/`)).text())).not.toContain('/_offprint/islands.js');
      const { page, errors } = await open(`${siteUrl}/calculator`);
      try {
        await page.waitForSelector('[data-op-island="Counter"][data-op-island-state="live"]');
        expect(await interact(page)).toEqual(LIVE);
        expect(errors.some((error) => error.includes('Fragile failed in the browser'))).toBe(true);
      } finally {
        await page.close();
      }
    });
  });

  it('are carried into a static export where allowed, and work from disk', async () => {
    const site = await importExportFixture(SOURCE);
    try {
      setSettingValue(site.rt, 'allowedScripts', 'components');
      const { outFile, result } = await exportOnce(site);
      const zip = new AdmZip(outFile);
      const calculator = zip.readAsText('calculator.html');
      expect(scripts(calculator).slice(-2)).toEqual([
        expect.stringMatching(/^_assets\/calculator\.[0-9a-f]{12}\.js$/),
        expect.stringMatching(/^_assets\/islands\.[0-9a-f]{12}\.js$/),
      ]);
      expect(scripts(zip.readAsText('index.html')).some((src) => src.includes('islands'))).toBe(false);
      expect(result.componentPages).toEqual(['calculator.html']);
      expect(zip.getEntries().filter((entry) => entry.entryName.includes('utilities'))).toEqual([]);
      // The egress check ran them: nothing left the bundle, and the one that fails said so.
      expect(result.blockedRequests).toEqual([]);
      expect(JSON.stringify(result.egressPageErrors ?? [])).toContain('Fragile failed');
      expect((await verifyBundle(outFile)).ok).toBe(true);
      const dir = tempDir('offprint-islands-bundle-');
      zip.extractAllTo(dir, true);
      const { page } = await open(pathToFileURL(join(dir, 'calculator.html')).href);
      try {
        await page.waitForSelector('[data-op-island="Counter"][data-op-island-state="live"]');
        expect(await interact(page)).toEqual(LIVE);
      } finally {
        await page.close();
      }
    } finally {
      site.rt.close();
    }
  }, 120_000);
});
