/**
 * A project's own code in a static export. Its stylesheets style every page, live and in the bundle (a
 * remote `@import` in one is left out of the bundle), and so do the Tailwind utility classes its pages
 * write (`dark:hidden` included). Its scripts: the ones the `allowedScripts` setting names run on every
 * page of the bundle, as on the live site, and run once (pages are captured without them: a widget the
 * capture had seen added would be added again by the same script); the others are not in the bundle. An
 * integration the setting allows loads from its provider, so the bundle leaves it out and a warning says
 * so. An error such a script throws in the bundle is one of the export's warnings, from the egress check.
 * A redirect pattern becomes a redirect page for each exported page it leads to; one leading nowhere is
 * named in a warning.
 */
import AdmZip from 'adm-zip';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setSettingValue } from '../server/domain/settings.js';
import type { ExportResult } from '../server/export/contract.js';
import { launchChromium, type Browser } from '../server/render/chromium.js';
import { exportWarnings } from '../server/jobs/warnings.js';
import { tempDir } from './helpers/dataDirs.js';
import { exportOnce, importExportFixture, type ExportSiteFixture } from './helpers/exportRun.js';
import { needsChromium } from './helpers/needs.js';

/** Counts its runs on the page and adds a note; on the `broken` page it calls what is not there. */
const WIDGET = [
  'const root = document.documentElement;',
  "root.dataset.widgetRuns = String(Number(root.dataset.widgetRuns || '0') + 1);",
  "const note = document.createElement('p');",
  "note.className = 'team-widget';",
  "note.textContent = 'Widget ready';",
  'document.body.append(note);',
  "if (location.pathname.endsWith('broken.html')) window.widgetConfig.init();",
].join('\n');

/** A project with an allowed script, one not allowed, and an analytics integration. */
function scriptedProject(): string {
  const dir = join(tempDir('offprint-export-scripts-src-'), 'site');
  mkdirSync(join(dir, 'tools'), { recursive: true });
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({
      name: 'Scripted',
      theme: 'mint',
      colors: { primary: '#0D9373' },
      integrations: { plausible: { domain: 'docs.example.com' } },
      navigation: { groups: [{ group: 'Start', pages: ['index', 'broken'] }] },
      redirects: [
        { source: '/old/:slug*', destination: '/:slug*' },
        { source: '/gone/:slug*', destination: '/nowhere/:slug*' },
      ],
    }),
    'index.mdx': [
      '---\ntitle: Welcome\n---\n',
      '<p className="team-note">The team widget runs here.</p>',
      '<div className="block dark:hidden light-only">Light</div>',
      '<div className="hidden dark:block dark-only">Dark</div>',
      '<div className="p-4 border rounded-lg boxed">Boxed</div>\n',
    ].join('\n'),
    'broken.mdx': '---\ntitle: Broken widget\n---\n\nThe widget fails here.\n',
    'widget.js': WIDGET,
    'tools/other.js': 'window.otherRan = true;\n',
    'style.css': '@import url("https://fonts.example.com/inter.css");\n.team-note { color: rgb(1, 2, 3); }\n',
    'styles/wide.css': '.team-note { letter-spacing: 2px; }\n',
  };
  mkdirSync(join(dir, 'styles'), { recursive: true });
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
  return dir;
}

needsChromium().describe("a project's stylesheets, scripts and redirect patterns in a static export", () => {
  let site: ExportSiteFixture;
  let result: ExportResult;
  let zip: AdmZip;
  let bundleDir: string;
  let browser: Browser;

  beforeAll(async () => {
    site = await importExportFixture(scriptedProject());
    setSettingValue(site.rt, 'allowedScripts', 'widget.js,plausible');
    const run = await exportOnce(site);
    result = run.result;
    zip = new AdmZip(run.outFile);
    bundleDir = tempDir('offprint-export-scripts-bundle-');
    zip.extractAllTo(bundleDir, true);
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    site?.rt.close();
  });

  const text = (name: string): string => zip.getEntry(name)?.getData().toString('utf8') ?? '';
  const scriptsOf = (html: string): string[] => [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);

  it('carries the allowed project script into every page, after the theme, and nothing else', () => {
    expect(result.scriptsCarried).toEqual(['widget.js']);
    for (const page of ['index.html', 'broken.html', '404.html']) {
      const scripts = scriptsOf(text(page));
      expect(scripts.at(-1), page).toMatch(/^<script src="_assets\/widget\.[0-9a-f]{12}\.js" defer>$/);
      expect(
        scripts.filter((tag) => tag.includes('widget.')),
        page,
      ).toHaveLength(1);
      expect(text(page), page).not.toMatch(/other\.|plausible/);
    }
    const carried = zip.getEntries().filter((entry) => /^_assets\/widget\.[0-9a-f]{12}\.js$/.test(entry.entryName));
    expect(carried.map((entry) => entry.getData().toString('utf8'))).toEqual([WIDGET]);
    expect(zip.getEntries().some((entry) => entry.entryName.includes('other'))).toBe(false);
  });

  it('links every stylesheet of the project on every page, after the theme, remote imports left out', async () => {
    for (const page of ['index.html', 'broken.html', '404.html']) {
      const links = [...text(page).matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map(([, href]) => href);
      expect(links.slice(-2), page).toEqual([
        expect.stringMatching(/^_assets\/style\.[0-9a-f]{12}\.css$/),
        expect.stringMatching(/^_assets\/wide\.[0-9a-f]{12}\.css$/),
      ]);
    }
    const style = zip.getEntries().find((entry) => /^_assets\/style\.[0-9a-f]{12}\.css$/.test(entry.entryName));
    expect(style?.getData().toString('utf8')).toBe('@import url("data:,");\n.team-note { color: rgb(1, 2, 3); }\n');
    // The capture blocked the remote import on each page it captured, and says so.
    expect(result.blockedRequests).toEqual([
      { page: '/', url: 'https://fonts.example.com/inter.css' },
      { page: '/broken', url: 'https://fonts.example.com/inter.css' },
    ]);
    const page = await browser.newPage();
    try {
      await page.goto(pathToFileURL(join(bundleDir, 'index.html')).href);
      const note = page.locator('.team-note').first();
      expect(await note.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).letterSpacing])).toEqual([
        'rgb(1, 2, 3)',
        '2px',
      ]);
    } finally {
      await page.close();
    }
  });

  it('styles the Tailwind utility classes the pages write, in light and dark, opened from disk', async () => {
    expect(zip.getEntries().filter((e) => /^_assets\/utilities\.[0-9a-f]{12}\.css$/.test(e.entryName))).toHaveLength(1);
    const page = await browser.newPage();
    try {
      await page.goto(pathToFileURL(join(bundleDir, 'index.html')).href);
      const look = (): Promise<string[]> =>
        page.evaluate(() =>
          ['.light-only', '.dark-only', '.boxed'].map((selector) => {
            const style = getComputedStyle(document.querySelector(selector) ?? document.body);
            return [style.display, style.paddingTop, style.borderTopStyle, style.borderTopWidth].join(' ');
          }),
        );
      expect(await look()).toEqual(['block 0px none 0px', 'none 0px none 0px', 'block 16px solid 1px']);
      await page.evaluate(() => document.documentElement.classList.add('dark'));
      expect((await look()).slice(0, 2)).toEqual(['none 0px none 0px', 'block 0px none 0px']);
    } finally {
      await page.close();
    }
  });

  it('makes a redirect page of each path a redirect pattern leads to a page from, and names the others', () => {
    expect(text('old/broken.html')).toContain('content="0; url=../broken.html"');
    expect(text('old.html')).toContain('content="0; url=index.html"');
    expect(result.redirectsLeftOut).toEqual(['/gone/:slug*']);
    expect(exportWarnings(result).filter((w) => w.code === 'redirect-left-out')).toEqual([
      {
        code: 'redirect-left-out',
        page: null,
        message:
          'the redirect from /gone/:slug* is a pattern that leads to no exported page, so no static page can ' +
          'stand for it: the bundle leaves it out (the live site keeps it)',
      },
    ]);
  });

  it('runs the script once per page opened from disk', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(pathToFileURL(join(bundleDir, 'index.html')).href);
      const seen = await page.evaluate(() => ({
        runs: document.documentElement.dataset['widgetRuns'],
        notes: document.querySelectorAll('.team-widget').length,
        other: 'otherRan' in window,
      }));
      expect(seen).toEqual({ runs: '1', notes: 1, other: false });
    } finally {
      await page.close();
    }
  });

  it('warns of the integration left out and of the error the script throws in the bundle', () => {
    expect(result.integrationsLeftOut).toEqual(['plausible']);
    const warnings = exportWarnings(result);
    const leftOut = warnings.filter((w) => w.code === 'script-left-out');
    expect(leftOut.map((w) => w.page)).toEqual([null]);
    expect(leftOut[0]?.message).toContain('loads the plausible integration on the live site; the bundle leaves it out');
    const failed = warnings.filter((w) => w.code === 'page-error');
    expect(failed.map((w) => [w.page, w.message.split(', a script failed')[0]])).toEqual([
      ['/broken', 'opened from disk'],
      ['/broken', 'opened from a static server'],
    ]);
    for (const warning of failed) expect(warning.message).toMatch(/reading 'init'/);
  });
});
