/** Which redirects become static redirect pages of a bundle, and under which file names. */
import { describe, expect, it } from 'vitest';
import { planRedirectPages } from '../server/export/redirectPlan.js';
import { loadSiteProject } from '../server/sites/project/model.js';
import { newBuild } from '../server/sites/serve/build.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

function planFor(redirects: readonly object[]): ReturnType<typeof planRedirectPages> {
  const dir = writeProject({
    'docs.json': docsJson({ redirects }),
    'index.mdx': '# Home\n',
    'intro.mdx': '# Intro\n',
  });
  const build = newBuild('prj', 'build', dir, loadSiteProject(dir));
  return planRedirectPages(build, ['/', '/intro'], new Set(['index.html', 'intro.html']));
}

describe('redirect pages whose file a bundle cannot hold', () => {
  it('leaves out a source whose file name has a colon, and names it, keeping the others', () => {
    // The live site serves /C:/old (a colon is fine in a URL), but the zip writer refuses a name starting
    // with a drive letter (the whole export failed), and Windows no file name with a colon.
    const plan = planFor([
      { source: '/C:/old', destination: '/intro' },
      { source: '/d:', destination: '/intro' },
      { source: '/old/C:/x', destination: '/intro' },
      { source: '/moved', destination: '/intro' },
    ]);
    expect(plan.pages.map((page) => page.file)).toEqual(['moved.html']);
    expect(plan.leftOut).toEqual(['/C:/old', '/d:', '/old/C:/x']);
  });
});

describe('pages a redirect shadows', () => {
  it('become redirect pages to where the live site sends them, a pattern too, and no rule is reported left out', () => {
    const dir = writeProject({
      'docs.json': docsJson({
        redirects: [
          { source: '/', destination: '/intro' },
          { source: '/moved', destination: 'https://example.com/moved' },
          { source: '/changelog/:path*', destination: 'https://example.com/changes/:path*' },
        ],
      }),
      'index.mdx': '# Home\n',
      'intro.mdx': '# Intro\n',
      'moved.mdx': '# Moved\n',
      'changelog.mdx': '# Changelog\n',
    });
    const build = newBuild('prj', 'build', dir, loadSiteProject(dir));
    // The export renders only the page no rule shadows (export/run.ts).
    const plan = planRedirectPages(build, ['/intro'], new Set(['intro.html']));
    const byFile = Object.fromEntries(plan.pages.map((p) => [p.file, p.destination]));
    expect(byFile['index.html']).toBe('/intro');
    expect(byFile['moved.html']).toBe('https://example.com/moved');
    expect(byFile['changelog.html']).toMatch(/^https:\/\/example\.com\/changes\/?$/);
    expect(plan.leftOut).toEqual([]);
  });
});

describe('patterns whose parameter the destination does not name', () => {
  it("become a redirect page from the rule's own prefix when the parameter may match nothing", () => {
    // Mintlify's own docs: /api-playground/mdx/:slug* -> /api-playground/mdx-setup was left out, named as
    // leading to no exported page, though /api-playground/mdx itself leads there on the live site.
    const plan = planFor([
      { source: '/old-intro/:slug*', destination: '/intro' },
      { source: '/required/:slug+', destination: '/intro' },
    ]);
    expect(plan.pages).toEqual([{ source: '/old-intro', file: 'old-intro.html', destination: '/intro' }]);
    expect(plan.leftOut).toEqual(['/required/:slug+']);
  });
});

describe("a language's root", () => {
  const languages = (redirects: readonly object[] = []): ReturnType<typeof newBuild> => {
    const language = (code: string, prefix: string): object => ({
      language: code,
      groups: [{ group: 'Intro', pages: [`${prefix}intro/start`, `${prefix}guides/more`] }],
    });
    const dir = writeProject({
      'docs.json': docsJson({
        navigation: { languages: [language('cn', ''), language('en', 'en/'), language('jp', 'ja/')] },
        redirects,
      }),
      ...Object.fromEntries(
        ['', 'en/', 'ja/'].flatMap((prefix) => [
          [`${prefix}intro/start.mdx`, '# Start\n'],
          [`${prefix}guides/more.mdx`, '# More\n'],
        ]),
      ),
    });
    return newBuild('prj', 'build', dir, loadSiteProject(dir));
  };
  const exported = ['', '/en', '/ja'].flatMap((prefix) => [`${prefix}/intro/start`, `${prefix}/guides/more`]);
  const taken = (): Set<string> => new Set(exported.map((path) => `${path.slice(1)}.html`));

  it("becomes a page in the language's folder leading to its first page, as the live site sends it", () => {
    // A static host serves ja/index.html for /ja/ and /ja; the bundle had none, so a reader typing /ja got a 404.
    const plan = planRedirectPages(languages(), exported, taken());
    expect(plan.pages).toEqual([
      { source: '/en', file: 'en/index.html', destination: '/en/intro/start' },
      { source: '/ja', file: 'ja/index.html', destination: '/ja/intro/start' },
    ]);
  });

  it('is left to a redirect rule that names it, and to nothing when its first page is not exported', () => {
    const plan = planRedirectPages(
      languages([{ source: '/ja', destination: '/ja/guides/more' }]),
      exported.filter((path) => path !== '/en/intro/start'),
      taken(),
    );
    expect(plan.pages).toEqual([{ source: '/ja', file: 'ja.html', destination: '/ja/guides/more' }]);
  });
});
