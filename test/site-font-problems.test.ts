/**
 * docs.json `fonts` an offline site cannot draw are in the import report. Browser Use names
 * `fonts: { family: "Geist" }`, which Mintlify loads from Google Fonts; a font `source` on another host
 * needs `offprint pack`. Both once imported silently, and readers saw the system font.
 */
import { describe, expect, it } from 'vitest';
import { loadSiteProject } from '../server/sites/project/model.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

function fontMessages(fonts: unknown, extra: Record<string, unknown> = {}): string[][] {
  const dir = writeProject({
    'docs.json': docsJson({ fonts, navigation: { pages: ['index'] } }),
    'index.mdx': '---\ntitle: Home\n---\n\nBody.\n',
    ...extra,
  });
  return loadSiteProject(dir)
    .problems.filter((p) => p.code === 'remote-asset')
    .map((p) => [p.file, p.keyPath ?? '', p.message]);
}

describe('fonts in the import report', () => {
  it('names a family with no source, which Mintlify loads from Google Fonts', () => {
    expect(fontMessages({ family: 'Geist' })).toEqual([
      [
        'docs.json',
        'fonts.family',
        'font "Geist": Mintlify loads it from Google Fonts, which an offline site cannot reach; readers ' +
          'without it installed see the system font. Ship the font file and name it in "source"',
      ],
    ]);
  });

  it('names a source on another host once, and the heading font apart from the body font', () => {
    const fonts = {
      heading: { family: 'Inter', source: 'https://fonts.example.com/inter.woff2' },
      body: { family: 'Inter', source: 'https://fonts.example.com/inter.woff2' },
    };
    expect(fontMessages(fonts)).toEqual([
      [
        'docs.json',
        'fonts.heading.source',
        'https://fonts.example.com/inter.woff2: a font hosted elsewhere cannot load offline; run `offprint pack` ' +
          'on a connected machine and import its zip',
      ],
    ]);
  });

  it('says nothing of a system font or a generic family, which every reader has', () => {
    expect(fontMessages({ heading: { family: 'Helvetica Neue' }, body: { family: 'system-ui' } })).toEqual([]);
    expect(fontMessages({ family: 'Arial' })).toEqual([]);
  });

  it('says nothing of a font file the project ships', () => {
    expect(fontMessages({ family: 'Inter', source: '/fonts/inter.woff2' }, { 'fonts/inter.woff2': 'x' })).toEqual([]);
  });
});
