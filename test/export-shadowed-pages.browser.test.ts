/**
 * Pages a project's redirects shadow, in a static export: the live site answers redirects before pages,
 * so `/` redirected to `/intro` or `/moved` sent to another site never shows its own page. The export
 * follows suit instead of failing the whole run on a capture that left the site: such a page is not
 * rendered, and its file is a redirect page to where the live site sends readers.
 */
import AdmZip from 'adm-zip';
import { expect, it } from 'vitest';
import { verifyBundle } from '../server/export/verify.js';
import { exportOnce, importExportFixture } from './helpers/exportRun.js';
import { needsChromium } from './helpers/needs.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

const page = (title: string, body: string): string => `---\ntitle: ${title}\n---\n\n${body}\n`;

needsChromium().describe('pages shadowed by redirects, exported', () => {
  it('are redirect pages to where the live site sends them, and the rest of the site is exported', async () => {
    const source = writeProject({
      'docs.json': docsJson({
        navigation: { pages: ['index', 'intro', 'moved', 'changelog'] },
        redirects: [
          { source: '/', destination: '/intro' },
          { source: '/moved', destination: 'https://example.com/moved' },
          { source: '/changelog/:path*', destination: 'https://example.com/changes/:path*' },
        ],
      }),
      'index.mdx': page('Home', 'Never shown.'),
      'intro.mdx': page('Intro', 'See [the moved page](/moved).'),
      'moved.mdx': page('Moved', 'Never shown.'),
      'changelog.mdx': page('Changelog', 'Never shown.'),
    });
    const site = await importExportFixture(source);
    const { result, outFile } = await exportOnce(site);
    expect(result.pageCount).toBe(1);
    const zip = new AdmZip(outFile);
    const refresh = (file: string): string | undefined =>
      /<meta http-equiv="refresh" content="0; url=([^"]+)">/.exec(zip.readAsText(file))?.[1];
    expect(refresh('index.html')).toBe('intro.html');
    expect(refresh('moved.html')).toBe('https://example.com/moved');
    expect(refresh('changelog.html')).toMatch(/^https:\/\/example\.com\/changes\/?$/);
    expect(zip.readAsText('intro.html')).toContain('href="moved.html"');
    expect(zip.readAsText('intro.html')).not.toContain('Never shown');
    const verified = await verifyBundle(outFile);
    expect(verified.ok, JSON.stringify(verified)).toBe(true);
  }, 120_000);
});
