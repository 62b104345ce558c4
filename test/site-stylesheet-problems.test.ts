/**
 * A project stylesheet's remote references are in the import report. Cline's styles.css starts with
 * `@import url("https://fonts.googleapis.com/css2?family=Geist+Sans…")`: offline the import cannot load,
 * so its rules (here the fonts the rest of the sheet names) are lost; the import once said nothing of it.
 */
import { describe, expect, it } from 'vitest';
import { loadSiteProject } from '../server/sites/project/model.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

function cssMessages(files: Record<string, string>): string[][] {
  const dir = writeProject({
    'docs.json': docsJson({ navigation: { pages: ['index'] } }),
    'index.mdx': '---\ntitle: Home\n---\n\nBody.\n',
    ...files,
  });
  return loadSiteProject(dir)
    .problems.filter((p) => p.code === 'remote-asset')
    .map((p) => [p.file, p.message]);
}

const GEIST = 'https://fonts.googleapis.com/css2?family=Geist+Sans:wght@300;400&display=swap';

describe('project stylesheets in the import report', () => {
  it('names each remote @import and url() of each stylesheet once, in the order written', () => {
    const css = [
      `@import url("${GEIST}");`,
      "@import 'https://cdn.example.com/base.css';",
      `@import url(${GEIST});`,
      '@font-face { font-family: X; src: url(https://cdn.example.com/x.woff2) format("woff2"); }',
      '.hero { background: url("//cdn.example.com/hero.png"); }',
    ].join('\n');
    expect(cssMessages({ 'styles.css': css })).toEqual([
      [
        'styles.css',
        `${GEIST}: a stylesheet this one imports from elsewhere cannot load offline; ship it in the project and import it by path`,
      ],
      [
        'styles.css',
        'https://cdn.example.com/base.css: a stylesheet this one imports from elsewhere cannot load offline; ship it in the project and import it by path',
      ],
      [
        'styles.css',
        'https://cdn.example.com/x.woff2: a file this stylesheet loads from elsewhere cannot load offline; ship it in the project and refer to it by path',
      ],
      [
        'styles.css',
        '//cdn.example.com/hero.png: a file this stylesheet loads from elsewhere cannot load offline; ship it in the project and refer to it by path',
      ],
    ]);
  });

  it('says nothing of local files, data URIs, fragments or commented-out imports', () => {
    const css = [
      '/* @import url("https://fonts.googleapis.com/css2?family=Old"); */',
      "@import './base.css';",
      '.a { background: url(/images/bg.png); }',
      '.b { background: url("data:image/svg+xml;utf8,<svg/>"); }',
      '.c { mask: url(#m); }',
    ].join('\n');
    expect(cssMessages({ 'styles.css': css, 'base.css': '' })).toEqual([]);
  });
});
