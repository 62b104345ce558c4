/**
 * Import problems of a mint.json project name the place in mint.json the author wrote, not the place
 * in the docs.json the converter made of it (which the author never saw).
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../server/errors.js';
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

  /** The details of the validation error a mint.json's import fails with. */
  function failureOf(mint: Record<string, unknown>): string[] {
    const dir = writeProject({
      'mint.json': { name: 'Legacy', colors: { primary: '#0D9373' }, navigation: [], ...mint },
    });
    try {
      loadSiteProject(dir);
    } catch (error) {
      if (error instanceof AppError) return error.details.map((d) => d.message);
      throw error;
    }
    throw new Error('the import did not fail');
  }

  it('names the mint.json key of a value the converted config refuses, not the docs.json key it became', () => {
    expect(failureOf({ font: 5, analytics: { ga4: 5 }, integrations: { posthog: 7 } })).toEqual([
      'mint.json: analytics.ga4: must be an object, found number 5',
      'mint.json: integrations.posthog: must be an object, found number 7',
      'mint.json: font: must be an object, found number 5',
    ]);
    // A key mint.json and docs.json share reads as written, without "converted to docs.json".
    expect(failureOf({ colors: { primary: 'teal', dark: '#12' } })).toEqual([
      'mint.json: colors.primary: must be a hex color such as #0D9373',
      'mint.json: colors.dark: must be a hex color such as #0D9373',
    ]);
    // A value of the wrong type says what was expected, not zod's bare "Invalid input".
    expect(failureOf({ api: { baseUrl: 123 }, openapi: 5 })).toEqual([
      'mint.json: openapi: must be a spec path or URL, or a list of them',
      'mint.json: api.baseUrl: must be a URL, or a list of URLs',
    ]);
    // A key passed through unconverted is where the author wrote it too.
    expect(failureOf({ redirects: [{ source: '/a' }] })).toEqual(['mint.json: redirects[0].destination: is required']);
  });

  it('names the mint.json key of an import problem outside the navigation', () => {
    const dir = writeProject({
      'mint.json': {
        name: 'Legacy',
        logo: '/logo.svg',
        colors: { primary: '#0D9373' },
        font: { family: 'Brand', source: '/fonts/brand.woff2' },
        backgroundImage: '/images/background.png',
        navigation: [{ group: 'Start', pages: ['introduction'] }],
      },
      'introduction.mdx': page('Intro'),
    });
    const problems = loadSiteProject(dir).problems.map((p) => `${p.code} ${p.file} ${p.keyPath ?? ''}`);
    expect(problems).toEqual(
      expect.arrayContaining([
        'missing-asset mint.json logo',
        'missing-asset mint.json font.source',
        'missing-asset mint.json backgroundImage',
      ]),
    );
  });
});
