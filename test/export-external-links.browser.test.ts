/**
 * Links that leave the bundle, as real Mintlify projects write them (app deep links such as `cursor://`
 * and `vscode://`, `mailto:`, protocol-relative, percent-encoded URLs): `offprint verify` accepts the
 * exported bundle, its manifest lists them for review, a percent-encoded relative link to a file the
 * bundle has resolves, a relative link that cannot be decoded leads to the 404 page, and a relative
 * link to a file the bundle lacks still fails.
 */
import AdmZip from 'adm-zip';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import type { ExternalLinksSummary } from '../server/export/externalLinks.js';
import { referenceProblem, verifyBundle } from '../server/export/verify.js';
import { cli } from './helpers/cli.js';
import { tempDir } from './helpers/dataDirs.js';
import { AIR_GAPPED, EXTRA_PAGES, exportFixture, exportOnce, importExportFixture } from './helpers/exportRun.js';
import { needsChromium } from './helpers/needs.js';
import { projectSigner } from '../server/export/signer.js';
import type { BundleSigner } from '../server/export/signature.js';
import { resignZip } from './helpers/signedZip.js';

const OUTBOUND = [
  '---',
  'title: Outbound',
  '---',
  '',
  '- [Open in Cursor](cursor://open?x)',
  '- [Open in VS Code](vscode://file/x)',
  '- [Mail](mailto:a@b.c)',
  '- <a href="//cdn.example/x.js">CDN file</a>',
  '- [Spaced](https://example.com/a%20b)',
  '- [Notes](files/My%20Notes.pdf)',
  '- [Half off](50%-off)',
  '',
].join('\n');

const EXPECTED_LINKS = [
  'cursor://open?x',
  'https://example.com/a%20b',
  'mailto:a@b.c',
  'vscode://file/x',
  '//cdn.example/x.js',
].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));

interface Manifest {
  files: { path: string; size: number; sha256: string }[];
  externalLinks?: ExternalLinksSummary;
}

needsChromium().describe('external links in a bundle', () => {
  let bundle: string;
  let signer: BundleSigner;
  const dir = tempDir('offprint-external-');
  let n = 0;

  /** A copy of the bundle with `outbound.html` changed by `edit` (and the manifest kept true to it). */
  const tampered = (edit: (html: string) => string, more: (zip: AdmZip, manifest: Manifest) => void = () => {}) => {
    const zip = new AdmZip(bundle);
    const html = edit(zip.readAsText('outbound.html'));
    zip.updateFile('outbound.html', Buffer.from(html));
    const manifest = JSON.parse(zip.readAsText('manifest.json')) as Manifest;
    const described = manifest.files.find((f) => f.path === 'outbound.html');
    if (described === undefined) throw new Error('outbound.html not described');
    described.size = Buffer.byteLength(html);
    described.sha256 = createHash('sha256').update(html).digest('hex');
    more(zip, manifest);
    resignZip(zip, JSON.stringify(manifest), signer);
    const file = join(dir, `tampered-${++n}.zip`);
    zip.writeZip(file);
    return file;
  };

  beforeAll(async () => {
    const source = exportFixture({ ...EXTRA_PAGES, 'outbound.mdx': OUTBOUND, 'files/My Notes.pdf': '%PDF-1.4\n' });
    const site = await importExportFixture(source);
    signer = projectSigner(site.rt, site.projectId);
    bundle = (await exportOnce(site, { options: { ...AIR_GAPPED, paths: ['/', '/outbound'] } })).outFile;
  }, 60_000);

  it('verifies the bundle as exported, through the API and the CLI', async () => {
    expect(await verifyBundle(bundle)).toMatchObject({ ok: true, problems: [] });
    const run = await cli(['verify', bundle, '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: true, problems: [] });
  });

  it('keeps the external links as written and carries the percent-encoded file', () => {
    const html = new AdmZip(bundle).readAsText('outbound.html');
    for (const url of EXPECTED_LINKS) expect(html).toContain(`href="${url}"`);
    expect(html).toMatch(/href="_assets\/My-Notes\.[0-9a-f]{12}\.pdf"/);
    // A path that cannot be percent-decoded names no page (the live site answers 400): the 404 page.
    expect(html).toContain('<a href="404.html">Half off</a>');
  });

  it('lists the external links in the manifest: sorted, deduplicated, with their pages', () => {
    const manifest = JSON.parse(new AdmZip(bundle).readAsText('manifest.json')) as Manifest;
    const links = manifest.externalLinks?.links ?? [];
    const outbound = links.filter((link) => link.pages.includes('outbound.html'));
    expect(outbound.map((link) => link.url)).toEqual(EXPECTED_LINKS);
    for (const link of outbound) expect(link).toEqual({ url: link.url, pageCount: 1, pages: ['outbound.html'] });
    const urls = links.map((link) => link.url);
    expect(urls).toEqual([...new Set(urls)].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))));
    expect(manifest.externalLinks?.total).toBe(links.length);
  });

  it('looks percent-encoded relative links up decoded, and still fails a link to a missing file', async () => {
    const present = tampered(
      (html) => html.replace('</body>', '<a href="files/My%20Notes.pdf">notes</a></body>'),
      (zip, manifest) => {
        zip.addFile('files/My Notes.pdf', Buffer.from('%PDF-1.4\n'));
        const sha256 = createHash('sha256').update('%PDF-1.4\n').digest('hex');
        manifest.files.push({ path: 'files/My Notes.pdf', size: 9, sha256 });
      },
    );
    expect((await verifyBundle(present)).problems).toEqual([]);
    const missing = tampered((html) => html.replace('</body>', '<a href="files/Other%20Notes.pdf">x</a></body>'));
    expect((await verifyBundle(missing)).problems).toEqual([
      'outbound.html refers to files/Other%20Notes.pdf, which is not in the bundle',
    ]);
    const run = await cli(['verify', missing]);
    expect(run.code).toBe(1);
  });

  it('accepts a bundle written before the manifest listed external links', async () => {
    const older = tampered(
      (html) => html,
      (_zip, manifest) => delete manifest.externalLinks,
    );
    expect(await verifyBundle(older)).toMatchObject({ ok: true, problems: [] });
  });

  it('treats any scheme and //host as external links, never as loaded resources or bundle files', () => {
    const files = new Set(['index.html', 'guides/a.html', 'files/My Notes.pdf']);
    for (const url of ['cursor://open?x', 'vscode://file/x', 'slack://open', '//cdn.example/x.js']) {
      expect(referenceProblem(url, 'link', 'guides/a.html', files), url).toBeNull();
      expect(referenceProblem(url, 'resource', 'guides/a.html', files), url).toMatch(/from outside the bundle/);
    }
    expect(referenceProblem('../files/My%20Notes.pdf', 'link', 'guides/a.html', files)).toBeNull();
    expect(referenceProblem('../files/My%20Other.pdf', 'link', 'guides/a.html', files)).toMatch(/not in the bundle/);
    expect(referenceProblem('javascript:alert(1)', 'link', 'guides/a.html', files)).toMatch(/not a bundle file/);
  });
});
