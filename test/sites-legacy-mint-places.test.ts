/**
 * Import problems of a mint.json project name the place in mint.json the author wrote, not the place
 * in the docs.json the converter made of it (which the author never saw).
 */
import { describe, expect, it } from 'vitest';
import { loadSiteProject } from '../server/sites/project/model.js';
import { writeProject } from './helpers/siteProjects.js';

const page = (title: string): string => `---\ntitle: ${title}\n---\n\nText.\n`;

function problemsOf(mint: Record<string, unknown>, files: Record<string, string>): string[] {
  const dir = writeProject({ 'mint.json': { name: 'Legacy', colors: { primary: '#0D9373' }, ...mint }, ...files });
  return loadSiteProject(dir)
    .problems.filter((p) => p.code === 'missing-page')
    .map((p) => `${p.file} ${p.keyPath ?? ''}`);
}

describe('mint.json problem places', () => {
  it('names a missing page by its mint.json navigation index when a tab takes the group', () => {
    const problems = problemsOf(
      {
        tabs: [{ name: 'API Reference', url: 'api-reference' }],
        navigation: [
          { group: 'Get Started', pages: ['introduction', 'quickstart'] },
          { group: 'API', pages: ['api-reference/introduction', 'api-reference/missing'] },
          { group: 'Essentials', pages: ['essentials/code', { group: 'Nested', pages: ['essentials/gone'] }] },
        ],
      },
      {
        'introduction.mdx': page('Intro'),
        'api-reference/introduction.mdx': page('API'),
        'essentials/code.mdx': page('Code'),
      },
    );
    expect(problems).toEqual([
      'mint.json navigation[0].pages[1]',
      'mint.json navigation[2].pages[1].pages[0]',
      'mint.json navigation[1].pages[1]',
    ]);
  });

  it('names it by mint.json index under anchors, versions and plain groups', () => {
    const withAnchors = problemsOf(
      {
        anchors: [{ name: 'AWS', url: 'aws' }],
        navigation: [
          { group: 'Start', pages: ['introduction'] },
          { group: 'AWS', pages: ['aws/gone'] },
        ],
      },
      { 'introduction.mdx': page('Intro'), 'aws/setup.mdx': page('Setup') },
    );
    expect(withAnchors).toEqual(['mint.json navigation[1].pages[0]']);
    const withVersions = problemsOf(
      {
        versions: ['v2', 'v1'],
        navigation: [
          { group: 'Start', pages: ['introduction', 'gone'] },
          { group: 'Old', version: 'v1', pages: ['v1/gone'] },
        ],
      },
      { 'introduction.mdx': page('Intro') },
    );
    // A group of every version is written once, so its missing page is reported once.
    expect(withVersions).toEqual(['mint.json navigation[0].pages[1]', 'mint.json navigation[1].pages[0]']);
    const plain = problemsOf(
      { navigation: [{ group: 'Start', pages: ['introduction', 'gone'] }] },
      {
        'introduction.mdx': page('Intro'),
      },
    );
    expect(plain).toEqual(['mint.json navigation[0].pages[1]']);
  });
});
