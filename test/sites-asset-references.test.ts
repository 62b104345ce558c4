/**
 * Which `src=` and `icon=` the import report checks as files: attributes of tags, not words inside strings or
 * props; an icon only when it names an image file, not a library icon.
 */
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

  it("checks a card's icon that names an image file, and leaves library icons alone", () => {
    // ollama's integrations: five cards whose icon files were missing showed broken images, unreported.
    const dir = writeProject({
      'docs.json': docsJson(),
      'images/there.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'index.mdx': [
        '---\ntitle: Home\n---\n',
        '<Card title="A" icon="/images/launch-icons/opencode.svg" href="/a" />\n',
        '<Card title="B" icon="/images/there.svg" />\n',
        '<Card title="C" icon="rocket" />\n',
        '<Card title="D" icon="logo.png" />\n',
        '<Card title="E" icon="https://example.com/e.svg" />\n',
      ].join('\n'),
    });
    expect(
      loadSiteProject(dir)
        .problems.filter((p) => p.code === 'missing-asset')
        .map((p) => p.message),
    ).toEqual([
      '/images/launch-icons/opencode.svg: file not found in the project',
      'logo.png: file not found in the project',
    ]);
  });
});
