/**
 * Icon names no shipped icon set draws (Font Awesome Pro names such as `square-1`, which Mintlify loads
 * from its CDN) are reported by the import, once per name, from the config and from pages; free Font
 * Awesome and Lucide names, icon files, and names inside code samples are not.
 */
import { describe, expect, it } from 'vitest';
import { loadSiteProject } from '../server/sites/project/model.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

const unknownIcons = (dir: string) =>
  loadSiteProject(dir)
    .problems.filter((p) => p.code === 'unknown-icon')
    .map((p) => [p.file, p.message]);

describe('icon names the shipped sets lack', () => {
  it('are reported once each, with the first file (in file order) that uses them', () => {
    const dir = writeProject({
      'docs.json': docsJson({
        navigation: {
          tabs: [
            {
              tab: 'Guides',
              icon: 'house',
              groups: [
                { group: 'Start', icon: 'square-1', pages: ['index', 'setup'] },
                { group: 'More', icon: { name: 'github', style: 'brands' }, pages: ['more'] },
                { group: 'Again', icon: 'square-1', pages: [] },
              ],
            },
          ],
        },
      }),
      'index.mdx': '---\ntitle: Home\nicon: gear-code\n---\n\n<Card title="Go" icon="rocket" />\n',
      'setup.mdx': [
        '---',
        'title: Setup',
        'icon: layout-dashboard',
        '---',
        '',
        '<Card title="A" icon="coin" />',
        '<Step icon={"/icons/step.svg"} />',
        '',
        '```mdx',
        '<Card icon="not-drawn-in-code" />',
        '```',
        '',
      ].join('\n'),
      'more.mdx': '---\ntitle: More\n---\n\nicon: not-frontmatter\n\n<Card icon="coin" />\n',
    });
    expect(unknownIcons(dir)).toEqual([
      [
        'docs.json',
        'icon "square-1": no icon set Offprint ships has it (Font Awesome Free, Lucide), so it shows nothing (used in 2 places)',
      ],
      [
        'index.mdx',
        'icon "gear-code": no icon set Offprint ships has it (Font Awesome Free, Lucide), so it shows nothing',
      ],
      [
        'more.mdx',
        'icon "coin": no icon set Offprint ships has it (Font Awesome Free, Lucide), so it shows nothing (used in 2 places)',
      ],
    ]);
  });

  it('are counted past the first twenty', () => {
    const names = Array.from({ length: 25 }, (_, i) => `pro-only-${i}`);
    const dir = writeProject({
      'docs.json': docsJson(),
      'index.mdx': `# Home\n\n${names.map((n) => `<Icon icon="${n}" />`).join('\n')}\n`,
    });
    const found = unknownIcons(dir);
    expect(found).toHaveLength(21);
    expect(found[20]).toEqual(['index.mdx', 'and 5 more icon names no shipped icon set has']);
  });
  it("are looked up in Tabler when the site's library is Tabler, its brand-* logos included", () => {
    const dir = writeProject({
      'docs.json': docsJson({
        icons: { library: 'tabler' },
        navigation: {
          groups: [
            { group: 'Python', icon: 'brand-python', pages: ['index'] },
            { group: 'Other', icon: 'brand-no-such-logo', pages: [] },
          ],
        },
      }),
      'index.mdx':
        '---\ntitle: Home\nicon: messages\n---\n\n<Card title="Bot" icon="robot-face" />\n<Card title="X" icon="not-in-any-set" />\n',
    });
    expect(unknownIcons(dir)).toEqual([
      [
        'docs.json',
        'icon "brand-no-such-logo": no icon set Offprint ships has it (Font Awesome Free, Lucide, Tabler), so it shows nothing',
      ],
      [
        'index.mdx',
        'icon "not-in-any-set": no icon set Offprint ships has it (Font Awesome Free, Lucide, Tabler), so it shows nothing',
      ],
    ]);
  });

  it("are reported when only Tabler has them and the site's library is not Tabler", () => {
    const dir = writeProject({
      'docs.json': docsJson({ icons: { library: 'lucide' } }),
      'index.mdx': '# Home\n\n<Card title="Chat" icon="messages" />\n',
    });
    expect(unknownIcons(dir).map(([, message]) => message?.split(':')[0])).toEqual(['icon "messages"']);
  });

  // E2B's home page draws its cards from JSX snippets whose data lists `icon: "rotate-reverse"`; those
  // cards showed no icon and the import said nothing.
  it('are reported from a JSX snippet\'s data (`icon: "name"`), not from its comments', () => {
    const dir = writeProject({
      'docs.json': docsJson(),
      'index.mdx': "import { Concepts } from '/snippets/Concepts.jsx';\n\n<Concepts />\n",
      'snippets/Concepts.jsx': [
        'export const Concepts = () => {',
        '  const items = [',
        '    { href: "/a", title: "A", icon: "rotate-reverse" },',
        "    { href: '/b', title: 'B', icon: 'folder' },",
        '    { href: "https://e2b.dev/c", title: "C", icon: "box-open-full" },',
        "    // { href: '/c', icon: 'square-1' },",
        '  ];',
        '  return <Columns cols={2}>{items.map((i) => <Card title={i.title} href={i.href} icon={i.icon} />)}</Columns>;',
        '};',
      ].join('\n'),
    });
    expect(unknownIcons(dir)).toEqual([
      ['snippets/Concepts.jsx', expect.stringMatching(/^icon "rotate-reverse": /)],
      ['snippets/Concepts.jsx', expect.stringMatching(/^icon "box-open-full": /)],
    ]);
  });

  // Bytez's home page maps the data an MDX snippet exports (`export const tasks = [{ icon: 'waves-sine' }]`)
  // to cards: a third of them showed no icon and the import said nothing.
  it('are reported from the data an MDX page or snippet exports, not from its prose', () => {
    const dir = writeProject({
      'docs.json': docsJson(),
      'index.mdx': [
        "import { tasks } from '/snippets/tasks.mdx';",
        '',
        'Write icon: "not-an-icon" in the frontmatter.',
        '',
        '<CardGroup>{tasks.map((t) => <Card title={t.title} icon={t.icon} />)}</CardGroup>',
        '',
        'export const more = {',
        "  first: { icon: 'waves-sine' },",
        '',
        "  second: { icon: 'rocket' },",
        '};',
      ].join('\n'),
      'snippets/tasks.mdx': [
        'export const tasks = [',
        "  { title: 'A', icon: 'music-magnifying-glass' },",
        "  { title: 'B', icon: 'fingerprint' },",
        '];',
      ].join('\n'),
    });
    expect(unknownIcons(dir)).toEqual([
      ['index.mdx', expect.stringMatching(/^icon "waves-sine": /)],
      ['snippets/tasks.mdx', expect.stringMatching(/^icon "music-magnifying-glass": /)],
    ]);
  });
});
