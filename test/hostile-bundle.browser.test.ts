/**
 * Hostile content in real Chromium: a page holding an inline script, an `srcdoc` iframe with a script,
 * an SVG with a script, an onerror handler (written in content and injected by a component's raw HTML),
 * a meta refresh and a project `.js` included with `<script src>`; a page whose own exported component
 * and `.jsx` snippet write a refresh, a `<base>` and scripts; and a project SVG file that runs code
 * every way an SVG can. Each script pushes a marker onto `window.__pwned`. None runs, and the reader
 * stays on the page: on the live site, from the exported bundle opened from disk (the SVG files as
 * documents of their own too, and a project XML file that runs code), and in `offprint preview`. A
 * project script does run once `allowedScripts` names it; and an export fails, naming the page, when a page's capture lands
 * elsewhere (the site redirects it).
 */
import AdmZip from 'adm-zip';
import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPreview } from '../server/cli/commands/preview.js';
import { setSettingValue } from '../server/domain/settings.js';
import { ExportFailedError } from '../server/export/contract.js';
import { launchChromium, type Browser } from '../server/render/chromium.js';
import { SiteServers } from '../server/sites/serve/servers.js';
import { render } from './fixtures/render/harness.js';
import { folderBase } from './helpers/bundleCheck.js';
import { cli } from './helpers/cli.js';
import { tempDir } from './helpers/dataDirs.js';
import {
  exportFixture,
  exportOnce,
  importExportFixture,
  AIR_GAPPED,
  type ExportSiteFixture,
} from './helpers/exportRun.js';
import { hostileFiles } from './helpers/hostileBundle.js';
import { needsChromium } from './helpers/needs.js';

/** Bundle pages of the export made once for the whole file. */
const EXPORTED = ['/extras/hostile', '/guides/intro', '/extras/component', '/extras/pictures'];

/** What a page that wrote a refresh, a `<base>` or a script through JSX must not show. */
const WRITTEN_BY_JSX = /__pwned|http-equiv="refresh"|<base|pwn\.js|https:\/\/example\.(com|org)/i;

interface Seen {
  readonly pwned: unknown;
  readonly url: string;
}

needsChromium().describe('hostile content in pages and bundles', () => {
  let site: ExportSiteFixture;
  let sites: SiteServers;
  let siteUrl: string;
  let browser: Browser;
  let outFile: string;
  let source: string;
  let bundleDir: string;

  /** Opens `url`, gives refreshes and handlers time to act, and reports the markers and where it is. */
  async function visit(url: string): Promise<Seen> {
    const page = await browser.newPage();
    try {
      await page.goto(url);
      // A refresh of 0 s, a failed image's onerror and deferred scripts all act within this time.
      await page.waitForTimeout(1_500);
      return { pwned: await page.evaluate(() => (window as { __pwned?: unknown }).__pwned ?? null), url: page.url() };
    } finally {
      await page.close();
    }
  }

  beforeAll(async () => {
    source = exportFixture(hostileFiles());
    site = await importExportFixture(source);
    sites = await SiteServers.start(site.rt, { pollMs: 0 });
    siteUrl = sites.urlOf(site.projectId) ?? '';
    browser = await launchChromium();
    ({ outFile } = await exportOnce(site, { options: { ...AIR_GAPPED, paths: EXPORTED } }));
    bundleDir = join(outFile, '..', 'unzipped');
    new AdmZip(outFile).extractAllTo(bundleDir, true);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sites?.close(100);
    site?.rt.close();
  });

  it('live site: no script runs and the reader stays; the project script is served as text', async () => {
    expect(await visit(`${siteUrl}/extras/hostile`)).toEqual({ pwned: null, url: `${siteUrl}/extras/hostile` });
    const js = await fetch(`${siteUrl}/extras/pwn.js`);
    expect(js.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(js.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('bundle opened from disk: every page carries the policy, no script runs, the reader stays', async () => {
    const url = `${folderBase(bundleDir)}extras/hostile.html`;
    expect(await visit(url)).toEqual({ pwned: null, url });
    const zip = new AdmZip(outFile);
    const html = zip.readAsText('extras/hostile.html');
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1] ?? '';
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("frame-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("form-action 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(html).not.toMatch(/onerror|srcdoc|http-equiv="refresh"|<base|pwn\.js/i);
    for (const entry of zip.getEntries().filter((e) => e.entryName.endsWith('.html'))) {
      expect(entry.getData().toString('utf8'), entry.entryName).toContain('http-equiv="Content-Security-Policy"');
    }
  });

  it('offprint preview: the same policy as a header, no script runs, the reader stays', async () => {
    const preview = await startPreview(outFile, '127.0.0.1', 0);
    try {
      const res = await fetch(`${preview.url}/extras/hostile`);
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self';");
      expect(res.headers.get('content-security-policy')).toContain("base-uri 'none'");
      expect(await visit(`${preview.url}/extras/hostile`)).toEqual({
        pwned: null,
        url: `${preview.url}/extras/hostile`,
      });
    } finally {
      await closeServer(preview.server);
    }
  });

  it("ignores a refresh, a <base> and scripts written by a page's own component and a .jsx snippet", async () => {
    const url = `${siteUrl}/extras/component`;
    expect(await visit(url)).toEqual({ pwned: null, url });
    const live = await (await fetch(url)).text();
    expect(live).toContain('Component ran.');
    expect(live).toContain('Snippet ran.');
    expect(live).not.toMatch(WRITTEN_BY_JSX);
    const file = `${folderBase(bundleDir)}extras/component.html`;
    expect(await visit(file)).toEqual({ pwned: null, url: file });
    const bundled = readFileSync(join(bundleDir, 'extras/component.html'), 'utf8');
    expect(bundled).toContain('Component ran.');
    expect(bundled).not.toMatch(WRITTEN_BY_JSX);
    // The render reports each element it dropped, so an author learns why it is not there.
    const page = await render(readFileSync(join(source, 'extras/component.mdx'), 'utf8'), {
      file: 'extras/component.mdx',
      root: source,
    });
    expect([...page.warnings].sort()).toEqual([
      '<base> in content was dropped',
      '<base> in content was dropped',
      '<meta http-equiv="refresh"> in content was dropped',
      '<meta http-equiv="refresh"> in content was dropped',
      '<script src="/extras/pwn.js"> in content was dropped: name the file in the allowedScripts setting instead',
      '<script> in content was dropped: pages run no inline code',
      '<script> in content was dropped: pages run no inline code',
      '<script> in content was dropped: pages run no inline code',
    ]);
  });

  it('bundles project SVG files inert: opened from disk they run nothing, and the bundle still verifies', async () => {
    const zip = new AdmZip(outFile);
    const svgs = zip.getEntries().filter((e) => /^_assets\/scripted\.[0-9a-f]{12}\.svg$/.test(e.entryName));
    // The picture and the download (different colours: two files).
    expect(svgs).toHaveLength(2);
    for (const entry of svgs) {
      const text = entry.getData().toString('utf8');
      expect(text, entry.entryName).toMatch(
        /^<svg [^>]*>\s*<a><rect width="40" height="40" fill="#(2255aa|aa5522)"\/><\/a>\s*<\/svg>$/,
      );
      const url = `${folderBase(bundleDir)}${entry.entryName}`;
      expect(await visit(url), entry.entryName).toEqual({ pwned: null, url });
    }
    const pictures = zip.readAsText('extras/pictures.html');
    for (const entry of svgs) expect(pictures).toContain(`../${entry.entryName}`);
    const verified = await cli(['verify', outFile, '--json']);
    expect(verified.code).toBe(0);
    expect(JSON.parse(verified.stdout)).toMatchObject({ ok: true, problems: [] });
    // On the live site the same file is sandboxed by the policy of project files.
    const live = `${siteUrl}/images/scripted.svg`;
    expect(await visit(live)).toEqual({ pwned: null, url: live });
  });

  it('bundles project XML files inert: opened from disk they run nothing and keep their data', async () => {
    const zip = new AdmZip(outFile);
    const xml = zip.getEntries().filter((e) => /^_assets\/catalog\.[0-9a-f]{12}\.xml$/.test(e.entryName));
    expect(xml).toHaveLength(1);
    const entry = xml[0];
    if (entry === undefined) return;
    const text = entry.getData().toString('utf8');
    expect(text).toContain('<item id="1">Kept</item>');
    expect(text).not.toMatch(/script|onerror|onload|<h:img/i);
    const url = `${folderBase(bundleDir)}${entry.entryName}`;
    expect(await visit(url)).toEqual({ pwned: null, url });
    expect(zip.readAsText('extras/pictures.html')).toContain(`../${entry.entryName}`);
    // On the live site the same file is sandboxed by the policy of project files.
    const live = `${siteUrl}/files/catalog.xml`;
    expect(await visit(live)).toEqual({ pwned: null, url: live });
  });

  it('runs a project script on the live site once allowedScripts names it, and nothing else', async () => {
    setSettingValue(site.rt, 'allowedScripts', 'extras/pwn.js');
    expect(await visit(`${siteUrl}/extras/hostile`)).toEqual({
      pwned: ['project-js'],
      url: `${siteUrl}/extras/hostile`,
    });
  });

  it('never captures where a page the site redirects lands: the page is a redirect page in the bundle', async () => {
    // Content cannot send a reader away any more, and the site's own redirects are answered before pages: a
    // capture of /extras/away would land on /guides/intro and save that page as /extras/away. It is not
    // rendered at all; an export of it alone has nothing to render and says why.
    const outFile = join(tempDir('offprint-export-away-'), 'bundle.zip');
    const error = await exportOnce(site, { options: { ...AIR_GAPPED, paths: ['/extras/away'] }, outFile }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ExportFailedError);
    expect((error as ExportFailedError).message).toBe(
      "Every page to export is redirected elsewhere by the project's redirects",
    );
    expect(existsSync(outFile)).toBe(false);

    const paths = ['/extras/away', '/guides/intro'];
    const both = await exportOnce(site, { options: { ...AIR_GAPPED, paths } });
    expect(both.result.pageCount).toBe(1);
    const away = new AdmZip(both.outFile).readAsText('extras/away.html');
    expect(away).toContain('<meta http-equiv="refresh" content="0; url=../guides/intro.html">');
    expect(away).not.toContain('<h1');
  }, 120_000);
});

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((done) => server.close(() => done()));
}
