/**
 * A page whose frontmatter comes after an import line (Laminar's tracing/share-spans.mdx opens with
 * `import Trace from "/snippets/Trace";`, then `---`) is reported: the block is read only at the very top,
 * so the page showed it as text under a title taken from its file name, and the import said nothing.
 */
import { describe, expect, it } from 'vitest';
import { loadSiteProject } from '../server/sites/project/model.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

describe('frontmatter below an import line', () => {
  it('is reported; a thematic break after imports and frontmatter above them are not', () => {
    const model = loadSiteProject(
      writeProject({
        'docs.json': docsJson({ navigation: { pages: ['late', 'rule', 'top'] } }),
        'snippets/Trace.jsx': 'export const Trace = () => <div>trace</div>;\n',
        'late.mdx': 'import { Trace } from "/snippets/Trace.jsx";\n---\ntitle: Share traces\n---\n\n<Trace />\n',
        'rule.mdx': 'import { Trace } from "/snippets/Trace.jsx";\n\n---\n\nA section after a rule.\n\n---\n',
        'top.mdx': '---\ntitle: Top\n---\nimport { Trace } from "/snippets/Trace.jsx";\n\n<Trace />\n',
      }),
    );
    const late = model.problems.filter((p) => p.code === 'invalid-frontmatter').map((p) => [p.file, p.message]);
    expect(late).toEqual([
      [
        'late.mdx',
        'the frontmatter comes after an import or export line: it is read only at the very top of the file, ' +
          'so the page shows it as text and takes its title from the file name (move the import below it)',
      ],
    ]);
  });
});
