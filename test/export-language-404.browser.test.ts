/**
 * A bundle of a site in two languages, each in a folder of its own (`en/`, `fr/`, as Mintlify projects
 * keep them), and a third folder whose own page is named 404: each language folder gets the 404 page in
 * its words (`fr/404.html`, `lang="fr"`), the manifest names them for the servers, and every link or
 * redirect to a page the bundle lacks leads to the 404 page of the language that page would be in; a
 * folder whose `404.html` is a page keeps the page.
 */
import AdmZip from 'adm-zip';
import { parse } from 'node-html-parser';
import { posix } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { notFoundPagesOf } from '../server/export/notFoundPage.js';
import { exportOnce, importExportFixture, type ExportSiteFixture } from './helpers/exportRun.js';
import { needsChromium } from './helpers/needs.js';
import { writeProject } from './helpers/siteProjects.js';

const page = (title: string, body: string): string => `---\ntitle: ${title}\n---\n\n${body}\n`;

function project(): string {
  return writeProject({
    'docs.json': {
      name: 'Bilingual',
      theme: 'mint',
      colors: { primary: '#0D9373' },
      navigation: {
        languages: [
          { language: 'en', groups: [{ group: 'Start', pages: ['en/index', 'en/errors/404'] }] },
          { language: 'fr', groups: [{ group: 'Début', pages: ['fr/index'] }] },
        ],
      },
      redirects: [{ source: '/fr/ancien', destination: '/fr/disparu' }],
    },
    'en/index.mdx': page('Home', '[Gone](/en/gone), [absente](/fr/absente) and [nowhere](/nowhere/x).'),
    'en/errors/404.mdx': page('HTTP 404', 'What a 404 answer means.'),
    'fr/index.mdx': page('Accueil', '[Absente](/fr/absente) et [ancienne](/fr/ancien).'),
  });
}

needsChromium().describe('a 404 page per language folder in a static export', () => {
  let site: ExportSiteFixture;
  let zip: AdmZip;

  beforeAll(async () => {
    site = await importExportFixture(project());
    zip = new AdmZip((await exportOnce(site)).outFile);
  }, 120_000);

  afterAll(() => site?.rt.close());

  /** Where each link of bundle page `file` whose text is in `texts` leads, bundle-relative. */
  const linkTargets = (file: string, texts: readonly string[]): Record<string, string> => {
    const root = parse(zip.readAsText(file));
    const out: Record<string, string> = {};
    for (const a of root.querySelectorAll('.op-content a[href], article a[href]')) {
      if (!texts.includes(a.text.trim())) continue;
      out[a.text.trim()] = posix.normalize(posix.join(posix.dirname(file), a.getAttribute('href') ?? ''));
    }
    return out;
  };

  it("writes each language folder's 404 page in its language, and names them in the manifest", () => {
    expect(notFoundPagesOf(zip.readAsText('manifest.json'))).toEqual([
      { prefix: '/en/', file: 'en/404.html' },
      { prefix: '/fr/', file: 'fr/404.html' },
    ]);
    const lang = (file: string): string | undefined =>
      parse(zip.readAsText(file)).querySelector('html')?.getAttribute('lang');
    expect(lang('404.html')).toBe('en');
    expect(lang('en/404.html')).toBe('en');
    expect(lang('fr/404.html')).toBe('fr');
    expect(zip.readAsText('fr/404.html')).toContain('Aller à l’accueil');
  });

  it('keeps a page whose file is a folder 404.html: it is no 404 page', () => {
    expect(zip.readAsText('en/errors/404.html')).toContain('What a 404 answer means.');
    expect(notFoundPagesOf(zip.readAsText('manifest.json')).map((p) => p.file)).not.toContain('en/errors/404.html');
  });

  it('leads links and redirects to a missing page to the 404 page of its language', () => {
    expect(linkTargets('en/index.html', ['Gone', 'absente', 'nowhere'])).toEqual({
      Gone: 'en/404.html',
      absente: 'fr/404.html',
      nowhere: '404.html',
    });
    expect(linkTargets('fr/index.html', ['Absente'])).toEqual({ Absente: 'fr/404.html' });
    const redirect = zip.readAsText('fr/ancien.html');
    expect(redirect).toMatch(/url=404\.html/);
  });
});
