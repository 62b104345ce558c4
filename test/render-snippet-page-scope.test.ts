/**
 * A script snippet's components may use what the page imports, as on Mintlify, which puts snippet code
 * in the page's scope: Livepeer's `Portals.jsx` renders `<H1>` and `<CustomDivider>` that only its pages
 * import (its comments say the page must). Each failed with "H1 is not defined" in a scope of its own.
 */
import { describe, expect, it } from 'vitest';
import { one, render } from './fixtures/render/harness.js';
import { writeProject } from './helpers/siteProjects.js';

const root = writeProject({
  'snippets/elements.jsx': [
    'export const H1 = ({ children }) => <h1 className="big">{children}</h1>;',
    'export const CustomDivider = () => <hr className="divider" />;',
    'export const TAGLINE = "from the page";',
  ].join('\n'),
  'snippets/portals.jsx': [
    '// Needs H1 and CustomDivider imported by the page.',
    'export const PortalHero = ({ title }) => (',
    '  <div className="hero"><H1>{title}</H1><CustomDivider /><p className="tag">{TAGLINE}</p></div>',
    ');',
    'export const Shadowing = () => { const H1 = () => <b className="own">own</b>; return <H1 />; };',
    'export const Unknown = () => <NoSuchThing />;',
  ].join('\n'),
  'snippets/banner.mdx': '<H1>Banner title</H1>\n\n<Note>A built-in still.</Note>\n',
});

const PAGE = [
  "import { H1, CustomDivider, TAGLINE } from '/snippets/elements.jsx';",
  "import { PortalHero, Shadowing, Unknown } from '/snippets/portals.jsx';",
  "import Banner from '/snippets/banner.mdx';",
  '',
  '<Banner />',
  '',
  '<PortalHero title="Welcome" />',
  '',
  '<Shadowing />',
  '',
  '<Unknown />',
].join('\n');

describe("a script snippet in the page's scope", () => {
  it('draws components and reads values the page imports and the snippet does not', async () => {
    const page = await render(PAGE, { root, file: 'index.mdx' });
    expect(one(page.dom, '.hero h1.big').text).toBe('Welcome');
    expect(page.dom.querySelector('.hero hr.divider')).not.toBeNull();
    expect(one(page.dom, '.hero p.tag').text).toBe('from the page');
    expect(page.warnings.filter((w) => /H1|CustomDivider|TAGLINE/.test(w))).toEqual([]);
  });

  it('draws in an .mdx snippet an element only the page imports, built-ins as before', async () => {
    const page = await render(PAGE, { root, file: 'index.mdx' });
    expect(page.dom.querySelectorAll('h1.big').map((h) => h.text)).toContain('Banner title');
    expect(page.text).toContain('A built-in still.');
    expect([...page.unknownComponents]).toEqual([]);
  });

  it("keeps the snippet's own names first, and a name nobody declares is still reported", async () => {
    const page = await render(PAGE, { root, file: 'index.mdx' });
    expect(one(page.dom, 'b.own').text).toBe('own');
    expect(page.warnings.some((w) => w.includes('NoSuchThing'))).toBe(true);
  });

  it("does not lend a page's names to a page that does not import them", async () => {
    const page = await render("import { PortalHero } from '/snippets/portals.jsx';\n\n<PortalHero title='Alone' />", {
      root,
      file: 'other.mdx',
    });
    expect(page.dom.querySelector('.hero')).toBeNull();
    expect(page.warnings.some((w) => w.includes('H1 is not defined'))).toBe(true);
  });
});
