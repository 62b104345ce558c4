/**
 * Hostile content in real Chromium: a page holding an inline script, an `srcdoc` iframe with a script,
 * an SVG with a script, an onerror handler (written in content and injected by a component's raw HTML),
 * a meta refresh and a project `.js` included with `<script src>`. Each script pushes a marker onto
 * `window.__pwned`. None runs, and the reader stays on the page: on the live site, from the exported
 * bundle opened from disk, and in `offprint preview`. A project script does run once `allowedScripts`
 * names it; and an export fails, naming the page, when a page navigates away during its capture.
 */
import AdmZip from 'adm-zip';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPreview } from '../server/cli/commands/preview.js';
import { setSettingValue } from '../server/domain/settings.js';
import { ExportFailedError } from '../server/export/contract.js';
import { findChromium, launchChromium, type Browser } from '../server/render/chromium.js';
import { SiteServers } from '../server/sites/serve/servers.js';
import { folderBase } from './helpers/bundleCheck.js';
import {
  exportFixture,
  exportOnce,
  importExportFixture,
  AIR_GAPPED,
  type ExportSiteFixture,
} from './helpers/exportRun.js';

const MARK = (name: string): string => `(window.top.__pwned = window.top.__pwned || []).push('${name}')`;

/** The hostile page and its helpers, created in the test's temp copy of serve-mini. */
const HOSTILE: Readonly<Record<string, string>> = {
  'extras/hostile.mdx': [
    '---',
    'title: Hostile',
    '---',
    '',
    'export const Sneaky = () => <div dangerouslySetInnerHTML={{ __html: `<img src="/no-such.png" onerror="' +
      MARK('injected').replace(/'/g, '&#39;') +
      '">` }} />',
    '',
    'Still here.',
    '',
    `<script>{"${MARK('inline')}"}</script>`,
    '',
    `<iframe title="doc" srcdoc="<script>${MARK('srcdoc')}</script>" />`,
    '',
    `<svg width="10" height="10"><script>{"${MARK('svg')}"}</script></svg>`,
    '',
    `<img src="/no-such-image.png" onerror="${MARK('onerror')}" />`,
    '',
    '<meta http-equiv="refresh" content="0; url=/guides/intro" />',
    '',
    '<base href="https://example.com/" />',
    '',
    '<script src="/extras/pwn.js"></script>',
    '',
    '<Sneaky />',
    '',
  ].join('\n'),
  'extras/pwn.js': `${MARK('project-js')};\n`,
  // Content cannot write a refresh, but a component's own JSX still can: the capture must notice.
  'extras/away.mdx': [
    '---',
    'title: Away',
    '---',
    '',
    'export const Away = () => <meta httpEquiv="refresh" content="0; url=/guides/intro" />',
    '',
    'Leaves.',
    '',
    '<Away />',
    '',
  ].join('\n'),
};

interface Seen {
  readonly pwned: unknown;
  readonly url: string;
}

describe.skipIf(findChromium() === null)('hostile content in pages and bundles', () => {
  let site: ExportSiteFixture;
  let sites: SiteServers;
  let siteUrl: string;
  let browser: Browser;
  let outFile: string;

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
    site = await importExportFixture(exportFixture(HOSTILE));
    sites = await SiteServers.start(site.rt, { pollMs: 0 });
    siteUrl = sites.urlOf(site.projectId) ?? '';
    browser = await launchChromium();
    ({ outFile } = await exportOnce(site, { options: { ...AIR_GAPPED, paths: ['/extras/hostile', '/guides/intro'] } }));
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
    const dir = join(outFile, '..', 'unzipped');
    new AdmZip(outFile).extractAllTo(dir, true);
    const url = `${folderBase(dir)}extras/hostile.html`;
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

  it('runs a project script on the live site once allowedScripts names it, and nothing else', async () => {
    setSettingValue(site.rt, 'allowedScripts', 'extras/pwn.js');
    expect(await visit(`${siteUrl}/extras/hostile`)).toEqual({
      pwned: ['project-js'],
      url: `${siteUrl}/extras/hostile`,
    });
  });

  it('fails the export, naming the page, when a page navigates away during its capture', async () => {
    const error = await exportOnce(site, { options: { ...AIR_GAPPED, paths: ['/extras/away'] } }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ExportFailedError);
    expect((error as ExportFailedError).page).toBe('/extras/away');
    expect((error as ExportFailedError).message).toMatch(
      /^Page \/extras\/away could not be rendered \(3 attempts\): the page left http:\/\/127\.0\.0\.1:\d+\/extras\/away for http:\/\/127\.0\.0\.1:\d+\/guides\/intro/,
    );
  }, 60_000);
});

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((done) => server.close(() => done()));
}
