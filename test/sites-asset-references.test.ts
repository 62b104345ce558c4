/** Which `src=` the import report checks as files: attributes of tags, not words inside strings or props. */
import { describe, expect, it } from 'vitest';
import { loadSiteProject } from '../server/sites/project/model.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

describe('asset references in the import report', () => {
  it('skips a src= inside a string and a custom component prop that is no path, and checks real ones', () => {
    const dir = writeProject({
      'docs.json': docsJson(),
      // Firecrawl's introduction and its feedback snippet (a query string built from the snippet's props).
      'index.mdx': [
        '---\ntitle: Home\n---\n',
        'import Cta from "/snippets/cta.mdx";\n',
        '<Cta src="docs-introduction" />\n',
        '<Hero src="/images/hero.png" />\n',
        '<img src="/images/gone.png" />\n',
      ].join('\n'),
      'snippets/cta.mdx': '<a href={"https://example.com/survey?src=" + (props.src || "docs-agent")}>Start</a>\n',
    });
    expect(loadSiteProject(dir).problems.map((p) => [p.code, p.file, p.message])).toEqual([
      ['missing-asset', 'index.mdx', '/images/hero.png: file not found in the project'],
      ['missing-asset', 'index.mdx', '/images/gone.png: file not found in the project'],
    ]);
  });
});
