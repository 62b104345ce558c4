/** Broken internal links in the import report: page links and redirect destinations that lead nowhere. */
import { describe, expect, it } from 'vitest';
import { loadSiteProject } from '../server/sites/project/model.js';
import { LISTED_BROKEN_LINKS, PER_FILE } from '../server/sites/project/pages/links.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

const mdx = (body: string): string => `---\ntitle: T\ndescription: see [the old page](/in-frontmatter)\n---\n${body}\n`;

function brokenLinks(dir: string): string[][] {
  return loadSiteProject(dir)
    .problems.filter((p) => p.code === 'broken-link')
    .map((p) => [p.file, ...(p.keyPath === undefined ? [] : [p.keyPath]), p.message]);
}

describe('broken internal links', () => {
  const spec = {
    openapi: '3.0.3',
    info: { title: 'T', version: '1' },
    paths: { '/users': { get: { summary: 'List users', tags: ['Users'] } } },
  };

  it('reports each page link that leads nowhere, as written, and nothing that leads somewhere', () => {
    const dir = writeProject({
      'docs.json': docsJson({
        navigation: {
          pages: ['index', 'guides/index', 'guides/a', 'guides/b'],
          groups: [{ group: 'API', openapi: 'api.json' }],
        },
        redirects: [{ source: '/old/:slug', destination: '/guides/b' }],
      }),
      'api.json': spec,
      'files/sheet.pdf': 'pdf',
      'index.mdx': mdx('[Nope](/guides/nope) and [again](/guides/nope)'),
      'guides/index.mdx': mdx('Guides'),
      'guides/b.mdx': mdx('B'),
      'guides/a.mdx': mdx(
        [
          '[sibling](./b) [parent](../index) [folder](/guides/) [md view](/guides/b.md) [anchor](#top)',
          '[with anchor](/guides/b#part) [mail](mailto:a@b.c) [site](https://example.org/x) [proto](//cdn.example.org/x)',
          '[llms](/llms.txt) [sitemap](/sitemap.xml) [pdf](/files/sheet.pdf) [moved](/old/thing) [endpoint](/api-reference/users/list-users) [var]({{base}}/x)',
          '<Card title="C" href="/cards/missing">card</Card>',
          '<a href="../nowhere">html</a>',
          '<Button href={"/button/missing"}>b</Button>',
          '[relative](c) [![logo](/files/sheet.pdf)](/wrapped/missing)',
          '![missing image](/img/none.png)',
          '`[inline](/in-inline-code)`',
          '{/* [commented](/in-mdx-comment) */}',
          '<!-- [commented](/in-html-comment) -->',
          '```md',
          '[fenced](/in-fenced-code)',
          '```',
          '[ref]: /refs/missing',
          '[^note]: The footnote, no link',
        ].join('\n'),
      ),
    });
    expect(brokenLinks(dir)).toEqual([
      ['guides/a.mdx', '"/cards/missing": no page or file at this path'],
      ['guides/a.mdx', '"../nowhere" (/nowhere): no page or file at this path'],
      ['guides/a.mdx', '"/button/missing": no page or file at this path'],
      ['guides/a.mdx', '"c" (/guides/c): no page or file at this path'],
      ['guides/a.mdx', '"/wrapped/missing": no page or file at this path'],
      ['guides/a.mdx', '"/refs/missing": no page or file at this path'],
      ['index.mdx', '"/guides/nope": no page or file at this path'],
    ]);
  });

  it('reads links whose text runs over lines and hrefs written as template literals', () => {
    const dir = writeProject({
      'docs.json': docsJson({ navigation: { pages: ['index', 'b'] } }),
      'b.mdx': mdx('B'),
      'index.mdx': mdx(
        [
          'See [the guide on',
          'several lines](/multi/missing) and [the one',
          '',
          'broken by a paragraph](/not-a-link).',
          '<Card title="C" href={`/template/missing`}>c</Card>',
          '<Card title="D" href={`/b`}>d</Card>',
          '<Card title="E" href={`/${base}/x`}>e</Card>',
          '```jsx',
          '<a href={`/in-code`}>x</a>',
          '```',
        ].join('\n'),
      ),
    });
    expect(brokenLinks(dir)).toEqual([
      ['index.mdx', '"/multi/missing": no page or file at this path'],
      ['index.mdx', '"/template/missing": no page or file at this path'],
    ]);
  });

  it('reads on past code written between triple backticks on one line, which is inline code, not a fence', () => {
    const dir = writeProject({
      'docs.json': docsJson({ navigation: { pages: ['index'] } }),
      'index.mdx': mdx(
        [
          '<Note>',
          '  On Windows: ``` git clone -c core.symlinks=true https://github.com/acme/x.git ```',
          '</Note>',
          '',
          '  ``` yarn build ```',
          '',
          'Then set up [testing](/testing/missing).',
        ].join('\n'),
      ),
    });
    expect(brokenLinks(dir)).toEqual([['index.mdx', '"/testing/missing": no page or file at this path']]);
  });

  it("reports links to a page's .mdx source and to project files the site does not serve", () => {
    const dir = writeProject({
      'docs.json': docsJson({
        navigation: { pages: ['index', 'guides/b'] },
        redirects: [{ source: '/old', destination: '/guides/b.mdx' }],
      }),
      'guides/b.mdx': mdx('B'),
      'scripts/build.py': 'print(1)',
      'files/sheet.pdf': 'pdf',
      'index.mdx': mdx(
        '[b](/guides/b.mdx) [rel](./guides/b.mdx#part) [md](/guides/b.md) [py](/scripts/build.py) [config](/docs.json) [pdf](/files/sheet.pdf)',
      ),
    });
    expect(brokenLinks(dir)).toEqual([
      [
        'docs.json',
        'redirects[0].destination',
        '"/guides/b.mdx": the site serves this page at "/guides/b", not at its source file',
      ],
      ['index.mdx', '"/guides/b.mdx": the site serves this page at "/guides/b", not at its source file'],
      [
        'index.mdx',
        '"./guides/b.mdx#part" (/guides/b.mdx): the site serves this page at "/guides/b", not at its source file',
      ],
      ['index.mdx', '"/scripts/build.py": the file is in the project, but the site does not serve files of its kind'],
      ['index.mdx', '"/docs.json": the file is in the project, but the site does not serve files of its kind'],
    ]);
  });

  it('says a URL written in quotes is read as a path of this site (Cal.com\'s [NextJS]("https://...") links)', () => {
    const dir = writeProject({
      'docs.json': docsJson({ navigation: { pages: ['guides/index'] } }),
      'guides/index.mdx': mdx('[NextJS]("https://github.com/vercel/next.js") and [plain](https://nextjs.org)'),
    });
    expect(brokenLinks(dir)).toEqual([
      [
        'guides/index.mdx',
        '""https://github.com/vercel/next.js"" (/guides/"https:/github.com/vercel/next.js"): a URL in quotes is a path of ' +
          'this site: write https://github.com/vercel/next.js without them',
      ],
    ]);
  });

  it("reports a snippet's root-relative links that lead nowhere, not its relative ones", () => {
    const dir = writeProject({
      'docs.json': docsJson({ navigation: { pages: ['index'] } }),
      'index.mdx': mdx("import Note from '/snippets/note.mdx';\n\n<Note />"),
      'snippets/note.mdx': '[home](/index) [gone](/snippet/missing) [relative](./depends-on-the-page)',
      'snippets/card.jsx': 'export const C = () => <a href="/jsx/missing">x</a>;',
    });
    expect(brokenLinks(dir)).toEqual([
      ['snippets/card.jsx', '"/jsx/missing": no page or file at this path'],
      ['snippets/note.mdx', '"/snippet/missing": no page or file at this path'],
    ]);
  });

  it('reports a redirect whose destination is no page, file or redirect source', () => {
    const dir = writeProject({
      'docs.json': docsJson({
        redirects: [
          { source: '/a', destination: '/gone' },
          { source: '/b', destination: '/guides/b#part' },
          { source: '/c', destination: 'https://example.org/c' },
          { source: '/d', destination: '/a' },
          { source: '/e/:p', destination: '/f/:p' },
          { source: '/g/*', destination: '/h/*' },
          { source: '/with?query', destination: '/ignored-with-its-rule' },
          { source: '/i', destination: '/gone/too' },
        ],
      }),
      'index.mdx': mdx('Home'),
      'guides/b.mdx': mdx('B'),
    });
    expect(brokenLinks(dir)).toEqual([
      ['docs.json', 'redirects[0].destination', '"/gone": no page or file at this path'],
      ['docs.json', 'redirects[7].destination', '"/gone/too": no page or file at this path'],
    ]);
  });

  it('lists a few broken links per file and about a hundred in all, counting the rest', () => {
    const links = (page: string, n: number) =>
      Array.from({ length: n }, (_, i) => `[x](/${page}/missing-${i})`).join('\n');
    const pages: Record<string, string> = { 'a.mdx': mdx(links('a', 1500)) };
    for (let i = 10; i < 40; i++) pages[`p${i}.mdx`] = mdx(links(`p${i}`, 5));
    const dir = writeProject({ 'docs.json': docsJson({ navigation: { pages: ['a'] } }), ...pages });
    const found = brokenLinks(dir);
    expect([LISTED_BROKEN_LINKS, PER_FILE]).toEqual([100, 10]);
    // a.mdx: 10 links and a line for its other 1,490; then whole files until 100 are listed (p10-p27).
    expect(found.slice(0, 12)).toEqual([
      ...Array.from({ length: 10 }, (_, i) => ['a.mdx', `"/a/missing-${i}": no page or file at this path`]),
      ['a.mdx', 'and 1,490 more broken links in this file'],
      ['p10.mdx', '"/p10/missing-0": no page or file at this path'],
    ]);
    expect(found).toHaveLength(11 + 18 * 5 + 1);
    expect(found.at(-2)).toEqual(['p27.mdx', '"/p27/missing-4": no page or file at this path']);
    expect(found.at(-1)).toEqual(['p28.mdx', 'and 60 more broken links in 12 more files, this one and those after it']);
  });
});
