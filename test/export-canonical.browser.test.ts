/**
 * A bundle names one place where it is published: with `seo.metatags.canonical` set, the pages' canonical
 * URLs, the redirect pages', the sitemap and robots.txt all use it (Trails' docs: the pages said
 * https://docs.trails.build/..., the redirect pages and the sitemap the project's domain), and links to
 * it are the site's own, not links out for review.
 */
import AdmZip from 'adm-zip';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { exportOnce, importExportFixture, type ExportSiteFixture } from './helpers/exportRun.js';
import { needsChromium } from './helpers/needs.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

const CANONICAL = 'https://docs.canon.test';

needsChromium().describe('canonical URLs of a bundle', () => {
  let site: ExportSiteFixture;
  let zip: AdmZip;

  beforeAll(async () => {
    site = await importExportFixture(
      writeProject({
        'docs.json': docsJson({
          seo: { metatags: { canonical: `${CANONICAL}/` } },
          navigation: { pages: ['intro'] },
          redirects: [{ source: '/home', destination: '/intro' }],
        }),
        'intro.mdx': `---\ntitle: Intro\n---\n\nRead [this page](${CANONICAL}/intro) again.\n`,
      }),
    );
    zip = new AdmZip((await exportOnce(site)).outFile);
  }, 120_000);

  afterAll(() => site?.rt.close());

  it('are the seo canonical base in pages, redirect pages, the sitemap and robots.txt', () => {
    const canonicalOf = (file: string): string | undefined =>
      /<link rel="canonical" href="([^"]+)"/.exec(zip.readAsText(file))?.[1];
    expect(canonicalOf('intro.html')).toBe(`${CANONICAL}/intro`);
    // A redirect page's canonical URL is its destination's.
    expect(canonicalOf('home.html')).toBe(`${CANONICAL}/intro`);
    expect(zip.readAsText('sitemap.xml')).toContain(`<loc>${CANONICAL}/intro</loc>`);
    expect(zip.readAsText('robots.txt')).toContain(`Sitemap: ${CANONICAL}/sitemap.xml`);
    expect(zip.readAsText('sitemap.xml')).not.toContain(site.domain);
  });

  it('does not list a link to the published site as a link out', () => {
    const manifest = JSON.parse(zip.readAsText('manifest.json')) as { externalLinks: { total: number } };
    expect(manifest.externalLinks.total).toBe(0);
  });
});
