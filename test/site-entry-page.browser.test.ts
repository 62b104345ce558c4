/**
 * A project without an index page, as many real Mintlify projects are: `/` on the live site redirects to
 * the first navigation page (Mintlify's behaviour), the 404 page's home link leads to a page that
 * answers 200, the bundle's `index.html` leads to the same page, and a `docs.json` redirect for `/` wins.
 */
import AdmZip from 'adm-zip';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { exportOnce, importExportFixture } from './helpers/exportRun.js';
import { needsChromium } from './helpers/needs.js';
import { startSiteServe, type SiteServe } from './helpers/siteServe.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

const page = (title: string): string => `---\ntitle: ${title}\n---\n\n${title} body.\n`;

/** No index page; `aaa` (outside the navigation) comes first in byte order, `quick start` first in the navigation. */
function noIndexProject(extra: Record<string, unknown> = {}): string {
  return writeProject({
    'docs.json': docsJson({
      navigation: { groups: [{ group: 'Start', pages: ['quick start', 'guides/a'] }] },
      errors: { '404': { redirect: false } },
      ...extra,
    }),
    'quick start.mdx': page('Quick start'),
    'guides/a.mdx': page('Guide A'),
    'aaa.mdx': page('Outside the navigation'),
  });
}

needsChromium().describe('entering a project without an index page', () => {
  let live: SiteServe;
  const source = noIndexProject();

  beforeAll(async () => {
    live = await startSiteServe({ source });
  });
  afterAll(async () => {
    await live.close();
  });

  it('redirects / to the first navigation page (307, query kept), which answers 200', async () => {
    const res = await live.site('/?from=root');
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('/quick%20start?from=root');
    const followed = await fetch(`${live.siteUrl}/`);
    expect(followed.status).toBe(200);
    expect(followed.url).toBe(`${live.siteUrl}/quick%20start`);
    expect(await followed.text()).toContain('Quick start body.');
  });

  it('gives the 404 page a home link to a page that exists', async () => {
    const res = await live.site('/no/such/page');
    expect(res.status).toBe(404);
    const home = parse(await res.text())
      .querySelector('.op-not-found-actions a')
      ?.getAttribute('href');
    expect(home).toBe('/quick start');
    expect((await live.site(encodeURI(home ?? ''))).status).toBe(200);
  });

  it('sends unknown pages home, and home to the first page, when errors.404.redirect is left on', async () => {
    const other = await startSiteServe({ source: noIndexProject({ errors: {} }) });
    try {
      expect((await other.site('/nowhere')).headers.get('location')).toBe('/');
      const followed = await fetch(`${other.siteUrl}/nowhere`);
      expect(followed.status).toBe(200);
      expect(followed.url).toBe(`${other.siteUrl}/quick%20start`);
    } finally {
      await other.close();
    }
  });

  it("lets a docs.json redirect for / win, on the site and in the 404 page's home link", async () => {
    const redirects = [{ source: '/', destination: '/guides/a', permanent: false }];
    const other = await startSiteServe({ source: noIndexProject({ redirects }) });
    try {
      const res = await other.site('/');
      expect(res.status).toBe(307);
      expect(res.headers.get('location')).toBe('/guides/a');
      const notFound = parse(await (await other.site('/nope')).text());
      expect(notFound.querySelector('.op-not-found-actions a')?.getAttribute('href')).toBe('/');
    } finally {
      await other.close();
    }
  });

  it("leads the bundle's index.html to the page the live site redirects / to", async () => {
    const liveTarget = decodeURIComponent((await live.site('/')).headers.get('location') ?? '');
    const site = await importExportFixture(source);
    const zip = new AdmZip((await exportOnce(site)).outFile);
    const manifest = JSON.parse(zip.readAsText('manifest.json')) as {
      redirects: { source: string; file: string; destination: string }[];
    };
    expect(manifest.redirects).toContainEqual({ source: '/', file: 'index.html', destination: liveTarget });
    const refresh = parse(zip.readAsText('index.html')).querySelector('meta[http-equiv="refresh"]');
    expect(refresh?.getAttribute('content')).toBe('0; url=quick%20start.html');
    const home = parse(zip.readAsText('404.html')).querySelector('.op-not-found-actions a')?.getAttribute('href');
    expect(home).toBe('index.html');
  }, 60_000);
});
