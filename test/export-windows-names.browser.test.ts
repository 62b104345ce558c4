/**
 * Pages whose bundle file Windows cannot unpack (`guides/a:b.html`, `dir:x/page.html`, `guides/CON.html`,
 * `aux.html`, `guides/star*.html`, a trailing dot or space): bundles are carried on removable media and
 * opened on Windows, where one such zip entry stops the whole bundle from unpacking. The export leaves
 * those pages out and names each in a warning; links to them lead to the 404 page; the other pages stay.
 */
import AdmZip from 'adm-zip';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ExportResult } from '../server/export/contract.js';
import { exportWarnings } from '../server/jobs/warnings.js';
import { tempDir } from './helpers/dataDirs.js';
import { exportOnce, importExportFixture, type ExportSiteFixture } from './helpers/exportRun.js';
import { needsChromium } from './helpers/needs.js';

const LEFT_OUT = ['/aux', '/dir:x/page', '/guides/CON', '/guides/a:b', '/guides/com1.txt', '/guides/star*'];

function project(): string {
  const dir = join(tempDir('offprint-export-names-src-'), 'site');
  const pages = ['index', 'guides/ok', ...LEFT_OUT.map((path) => path.slice(1))];
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({
      name: 'Names',
      theme: 'mint',
      colors: { primary: '#0D9373' },
      navigation: { groups: [{ group: 'Start', pages }] },
    }),
    'index.mdx': '---\ntitle: Home\n---\n\n[Colon](/guides/a:b) and [fine](/guides/ok).\n',
  };
  for (const page of pages.slice(1)) files[`${page}.mdx`] = `---\ntitle: ${page}\n---\n\nText.\n`;
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

needsChromium().describe('pages whose file name Windows refuses, in a static export', () => {
  let site: ExportSiteFixture;
  let result: ExportResult;
  let zip: AdmZip;

  beforeAll(async () => {
    site = await importExportFixture(project());
    const run = await exportOnce(site);
    result = run.result;
    zip = new AdmZip(run.outFile);
  }, 120_000);

  afterAll(() => site?.rt.close());

  it('leaves them out of the bundle, keeping the others', () => {
    const pages = zip
      .getEntries()
      .map((entry) => entry.entryName)
      .filter((name) => name.endsWith('.html') && name !== 'verify.html')
      .sort();
    expect(pages).toEqual(['404.html', 'guides/ok.html', 'index.html']);
    expect(result.pageCount).toBe(2);
  });

  it('names each one in a warning', () => {
    expect(result.pagesLeftOut).toEqual(LEFT_OUT);
    const warnings = exportWarnings(result).filter((w) => w.code === 'page-left-out');
    expect(warnings.map((w) => w.page)).toEqual(LEFT_OUT);
    expect(warnings[0]?.message).toContain('aux.html has a name Windows refuses');
  });

  it('leads links to them to the 404 page', () => {
    const index = zip.getEntry('index.html')?.getData().toString('utf8') ?? '';
    expect(index).toMatch(/<a [^>]*href="404\.html"[^>]*>Colon<\/a>/);
    expect(index).toMatch(/<a [^>]*href="guides\/ok\.html"[^>]*>fine<\/a>/);
  });
});
