/**
 * Shared sidebars of large sections, in real Chromium. A section with hundreds of pages no longer writes
 * its whole sidebar into each of them (at 10,000 pages that is megabytes per page): a page carries the
 * group it is in and the other groups' headings (linked, for readers without scripts), and the whole tree
 * comes from one file per section, on the live site and in an export bundle opened from disk or over
 * HTTP, where its links lead to the right files from pages at any depth. Small sections are unchanged.
 */
import AdmZip from 'adm-zip';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium, type Browser, type Page } from '../server/render/chromium.js';
import { SHARED_NAV_MIN_LINKS } from '../server/sites/theme/sharedNav.js';
import { tempDir } from './helpers/dataDirs.js';
import { AIR_GAPPED, exportOnce, importExportFixture, type ExportSiteFixture } from './helpers/exportRun.js';
import { needsChromium } from './helpers/needs.js';
import { startSiteServe, type SiteServe } from './helpers/siteServe.js';

const GROUPS = ['Alpha', 'Beta', 'Gamma', 'Delta'];
const PER_GROUP = Math.ceil(SHARED_NAV_MIN_LINKS / GROUPS.length) + 5;

/** A project whose one sidebar lists more than the shared threshold: four groups, one with a nested group. */
function largeProject(): string {
  const dir = join(tempDir('offprint-shared-nav-'), 'site');
  const write = (file: string, text: string): void => {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  };
  const groups = GROUPS.map((group) => {
    const slug = group.toLowerCase();
    const pages: unknown[] = [];
    for (let i = 1; i <= PER_GROUP; i++) {
      const page = `${slug}/p${String(i).padStart(3, '0')}`;
      write(`${page}.mdx`, `---\ntitle: ${group} page ${i}\n---\n\nText of ${group.toLowerCase()} page ${i}.\n`);
      pages.push(page);
    }
    // Beta's last pages sit in a nested group, collapsed unless it holds the page shown.
    if (group === 'Beta') pages.push({ group: 'Beta details', pages: pages.splice(-10) });
    return { group, pages };
  });
  write('index.mdx', '---\ntitle: Home\n---\n\nWelcome.\n');
  groups[0]?.pages.unshift('index');
  write(
    'docs.json',
    JSON.stringify({ name: 'Large', theme: 'mint', colors: { primary: '#2255AA' }, navigation: { groups } }),
  );
  return dir;
}

const TOTAL_LINKS = GROUPS.length * PER_GROUP + 1;
const NESTED_PAGE = `/beta/p${String(PER_GROUP).padStart(3, '0')}`;

/** What the page's sidebar shows; `fill`: once every part is drawn, asked for as the export's check asks. */
async function sidebarOf(
  page: Page,
  fill: 'ask' | 'wait' = 'ask',
): Promise<{ links: number; current: string[]; openNested: boolean; activeGroups: number }> {
  await page.waitForSelector('nav.op-nav[data-op-nav-loaded]');
  if (fill === 'ask') await page.evaluate(() => document.dispatchEvent(new Event('op-nav-fill')));
  await page.waitForSelector('nav.op-nav[data-op-nav-filled]', { state: 'attached' });
  return page.evaluate(() => {
    const nav = document.querySelector('nav.op-nav');
    const current = Array.from(nav?.querySelectorAll<HTMLAnchorElement>('a[aria-current="page"]') ?? []);
    return {
      links: nav?.querySelectorAll('a.op-nav-link, a.op-nav-group-link').length ?? 0,
      current: current.map((a) => a.href),
      openNested: Array.from(nav?.querySelectorAll('details') ?? []).some((d) => d.open),
      // Mintlify's `.sidebar-group[data-active]`: the top-level group holding the page.
      activeGroups: nav?.querySelectorAll('.sidebar-group[data-active]').length ?? 0,
    };
  });
}

needsChromium().describe('shared sidebars of large sections', () => {
  let source: string;
  let live: SiteServe;
  let browser: Browser;
  let exported: ExportSiteFixture;
  const errors: string[] = [];

  beforeAll(async () => {
    source = largeProject();
    live = await startSiteServe({ source });
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await live?.close();
    exported?.rt.close();
  });

  const open = async (url: string): Promise<Page> => {
    const page = await browser.newPage();
    page.on('pageerror', (error) => errors.push(`${url}: ${error.message}`));
    page.on('console', (message) => {
      // The project has no favicon: Chromium's own try at /favicon.ico is not the page's doing.
      const at = message.location().url;
      if (message.type() === 'error' && !at.endsWith('/favicon.ico')) errors.push(`${url}: ${message.text()} ${at}`);
    });
    await page.goto(url);
    return page;
  };

  it('writes the current group and the other headings into the page, the whole tree into one file', async () => {
    const html = await (await live.site('/gamma/p002')).text();
    const sidebar = html.slice(
      html.indexOf('<nav class="op-nav"'),
      html.indexOf('</nav>', html.indexOf('<nav class="op-nav"')),
    );
    expect(html).toMatch(/<link rel="op-nav" href="\/_offprint\/nav\/[^"]+\.js">/);
    expect(sidebar).toContain('href="/gamma/p001"');
    expect(sidebar).not.toContain('href="/alpha/p002"');
    // Another group is its heading, leading to its first page.
    expect(sidebar).toMatch(
      /<a class="op-nav-group-title sidebar-group-header op-nav-group-link" href="\/beta\/p001" data-op-nav-heading="">/,
    );
    expect((sidebar.match(/<a /g) ?? []).length).toBeLessThan(PER_GROUP + GROUPS.length + 2);

    const file = /<link rel="op-nav" href="([^"]+)">/.exec(html)?.[1] ?? '';
    const script = await (await live.site(file)).text();
    for (const page of ['/alpha/p002', '/delta/p010', NESTED_PAGE]) expect(script).toContain(`href=\\"${page}\\"`);
    expect(script).not.toContain('aria-current');
  });

  it('leaves a small sidebar whole in every page', async () => {
    const small = await startSiteServe();
    try {
      const html = await (await small.site('/guides/intro')).text();
      expect(html).not.toContain('data-op-nav-shared');
      expect(html).not.toContain('rel="op-nav"');
    } finally {
      await small.close();
    }
  });

  it('shows the whole tree on the live site once the page is idle, the page marked and its nested group open', async () => {
    // A query or fragment in the address does not hide which page it is.
    const page = await open(`${live.siteUrl}${NESTED_PAGE}?from=search#top`);
    const shown = await sidebarOf(page, 'wait');
    expect(shown.links).toBe(TOTAL_LINKS);
    expect(shown.current).toEqual([`${live.siteUrl}${NESTED_PAGE}`]);
    expect(shown.openNested).toBe(true);
    expect(shown.activeGroups).toBe(1);
    await page.close();
  });

  /** A page of the live site with its timers held: no idle drawing until the test runs the clock. */
  const openHeld = async (path: string): Promise<Page> => {
    const page = await browser.newPage();
    page.on('pageerror', (error) => errors.push(`${path}: ${error.message}`));
    await page.clock.install({ time: 0 });
    await page.clock.pauseAt(1000);
    await page.goto(`${live.siteUrl}${path}`);
    await page.waitForSelector('nav.op-nav[data-op-nav-loaded]');
    return page;
  };

  const linkCount = (page: Page): Promise<number> =>
    page.evaluate(() => document.querySelectorAll('nav.op-nav a.op-nav-link, nav.op-nav a.op-nav-group-link').length);

  it('draws only the parts near view, the others held at their size, the page in view; the rest when idle', async () => {
    // The last group's last page: the sidebar scrolls far below Alpha, which is then not drawn.
    const last = `/delta/p${String(PER_GROUP).padStart(3, '0')}`;
    const page = await openHeld(last);
    // Drawing near view follows layout, not timers: give it a few real frames.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const seen = await page.evaluate(() => {
      const groups = Array.from(document.querySelectorAll<HTMLElement>('nav.op-nav > .op-nav-group'));
      const scroller = document.querySelector('.op-sidebar-inner')?.getBoundingClientRect();
      const box = document.querySelector('nav.op-nav a[aria-current="page"]')?.getBoundingClientRect();
      const alpha = groups[0];
      return {
        skipped: groups.map((group) => getComputedStyle(group).contentVisibility),
        rows: groups.map((group) => group.style.getPropertyValue('--op-nav-rows')),
        currentInView:
          box !== undefined && scroller !== undefined && box.top >= scroller.top && box.bottom <= scroller.bottom,
        alphaDrawn: document.querySelector('nav.op-nav a.op-nav-link[href$="/alpha/p002"]') !== null,
        alphaHeight: alpha?.getBoundingClientRect().height ?? 0,
        rowHeight: parseFloat(getComputedStyle(document.documentElement).fontSize) * 2.5,
        filled: document.querySelector('nav.op-nav[data-op-nav-filled]') !== null,
      };
    });
    expect(seen.skipped).toEqual(GROUPS.map(() => 'auto'));
    // Alpha has the home page too; Beta's nested group is closed: its summary is one row, its pages none.
    expect(seen.rows).toEqual([PER_GROUP + 1, PER_GROUP - 9, PER_GROUP, PER_GROUP].map(String));
    expect(seen).toMatchObject({ currentInView: true, alphaDrawn: false, filled: false });
    // Not drawn, Alpha holds about the height its rows will take.
    expect(seen.alphaHeight).toBeGreaterThan((PER_GROUP + 1) * seen.rowHeight);
    expect(await linkCount(page)).toBeLessThan(TOTAL_LINKS / 2);

    // Scrolled to the top, the sidebar draws Alpha there; idle, it draws the rest.
    await page.evaluate(() => document.querySelector('.op-sidebar-inner')?.scrollTo(0, 0));
    await page.waitForSelector('nav.op-nav a.op-nav-link[href$="/alpha/p002"]', { state: 'attached' });
    await page.clock.runFor(3000);
    await page.waitForSelector('nav.op-nav[data-op-nav-filled]', { state: 'attached' });
    expect(await linkCount(page)).toBe(TOTAL_LINKS);
    await page.close();
  });

  it('draws every part when the keyboard focus enters the sidebar, the focus kept on its group', async () => {
    const page = await openHeld('/alpha/p002');
    expect(await linkCount(page)).toBeLessThan(TOTAL_LINKS / 2);
    // Beta's heading is a placeholder's until drawn: the focus stays on Beta's group, not on the page.
    await page.focus('nav.op-nav a[data-op-nav-heading][href$="/beta/p001"]');
    await page.waitForSelector('nav.op-nav[data-op-nav-filled]', { state: 'attached' });
    expect(await linkCount(page)).toBe(TOTAL_LINKS);
    const focused = await page.evaluate(() => ({
      inBeta: document.activeElement?.closest('.op-nav-group')?.textContent?.includes('Beta page 1') ?? false,
      inNav: document.activeElement?.closest('nav.op-nav') !== null,
    }));
    expect(focused).toEqual({ inBeta: true, inNav: true });
    await page.close();
  });

  it('exports the tree as one bundle file whose links work from disk, at every depth', async () => {
    exported = await importExportFixture(source);
    const paths = ['/', '/alpha/p001', NESTED_PAGE];
    const { outFile } = await exportOnce(exported, { options: { ...AIR_GAPPED, paths } });
    const bundle = tempDir('offprint-shared-nav-bundle-');
    new AdmZip(outFile).extractAllTo(bundle);
    const zip = new AdmZip(outFile);
    const navFiles = zip.getEntries().filter((e) => /^_assets\/nav-[^/]+\.js$/.test(e.entryName));
    expect(navFiles).toHaveLength(1);
    const tree = navFiles[0]?.getData().toString('utf8') ?? '';
    // Relative to the file in _assets/: exported pages by file, the others to the bundle's 404 page.
    expect(tree).toContain('href=\\"../alpha/p001.html\\"');
    expect(tree).toContain('href=\\"../404.html\\"');

    for (const [file, expected] of [
      ['index.html', 'index.html'],
      ['beta/p' + String(PER_GROUP).padStart(3, '0') + '.html', NESTED_PAGE.slice(1) + '.html'],
    ] as const) {
      const page = await open(pathToFileURL(join(bundle, file)).href);
      const shown = await sidebarOf(page);
      expect(shown.links).toBe(TOTAL_LINKS);
      expect(shown.current).toEqual([pathToFileURL(join(bundle, expected)).href]);
      const alpha = await page.evaluate(
        () => document.querySelector<HTMLAnchorElement>('nav.op-nav a[href$="alpha/p001.html"]')?.href ?? '',
      );
      expect(alpha).toBe(pathToFileURL(join(bundle, 'alpha/p001.html')).href);
      await page.close();
    }
    expect(errors).toEqual([]);
  }, 240_000);
});
