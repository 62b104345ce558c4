/**
 * A frontmatter description that carries character references (Greptile's `Personalize Greptile&apos;s
 * behavior`, text moved from HTML) reads as its characters, as on Mintlify: under the title, in the meta
 * tags (escaped once) and in the search index. A name HTML does not define stays as written.
 */
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { renderSite } from './helpers/themeSite.js';

describe('a frontmatter description with character references', () => {
  it('is shown, described and indexed as the characters they stand for', async () => {
    const description = 'Greptile&apos;s &quot;rules&quot; &amp; style &mdash; caf&#233; &#x2192; &madeup; AT&T';
    const site = await renderSite(
      writeProject({
        'docs.json': docsJson({ navigation: { pages: ['index'] } }),
        'index.mdx': `---\ntitle: Custom context\ndescription: ${JSON.stringify(description)}\n---\n\nBody.\n`,
      }),
    );
    const said = 'Greptile\'s "rules" & style — café → &madeup; AT&T';
    const root = parse(site.pages.get('/')?.html ?? '');
    expect(root.querySelector('.op-page-description')?.textContent).toBe(said);
    expect(root.querySelector('meta[name=description]')?.getAttribute('content')).toBe(said);
    expect(root.querySelector('meta[property="og:description"]')?.getAttribute('content')).toBe(said);
    expect(site.index.docs.find((doc) => doc.u === '/')?.d).toBe(said);
  });
});
