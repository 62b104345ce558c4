/**
 * Keys the site can be served without (`background`, `integrations.telemetry`, page frontmatter): a
 * bad value is a problem in the import report and falls back to its default; the project still loads.
 */
import { describe, expect, it } from 'vitest';
import { loadSiteProject } from '../server/sites/project/model.js';
import { renderSiteCss } from '../server/sites/theme/index.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

const index = '---\ntitle: Home\n---\n\nText.\n';

function problemsOf(model: ReturnType<typeof loadSiteProject>): [string, string, string | undefined, string][] {
  return model.problems.map((p) => [p.code, p.file, p.keyPath, p.message]);
}

describe('docs.json background', () => {
  it('uses a valid background colour pair in the site stylesheet', async () => {
    const dir = writeProject({
      'docs.json': docsJson({ background: { color: { light: '#fafafa', dark: '#0f1117' } } }),
      'index.mdx': index,
    });
    const model = loadSiteProject(dir);
    expect(model.problems).toEqual([]);
    const css = await renderSiteCss(model);
    expect(css).toContain('html:not(.dark){--op-bg:#fafafa}');
    expect(css).toContain('html.dark{--op-bg:#0f1117}');
  });

  it('reports a bad colour and serves the default background, keeping the valid keys', async () => {
    const dir = writeProject({
      'docs.json': docsJson({ background: { color: 42, decoration: 'grid' } }),
      'index.mdx': index,
    });
    const model = loadSiteProject(dir);
    expect(problemsOf(model)).toEqual([
      [
        'invalid-config',
        'docs.json',
        'background.color',
        'must be a colour or {"light": ..., "dark": ...}; the default is used',
      ],
    ]);
    expect(model.settings.background).toEqual({ decoration: 'grid' });
    expect(await renderSiteCss(model)).not.toContain('--op-bg');
  });

  it('reports a background that is not an object at all, and loads the site', () => {
    const dir = writeProject({ 'docs.json': docsJson({ background: '#ff0000' }), 'index.mdx': index });
    const model = loadSiteProject(dir);
    expect(problemsOf(model)).toEqual([
      ['invalid-config', 'docs.json', 'background', 'must be an object, found string "#ff0000"; the default is used'],
    ]);
    expect(model.settings.background).toEqual({});
    expect(model.pages.has('index')).toBe(true);
  });
});

describe('docs.json integrations.telemetry', () => {
  it('turns reader feedback off only with enabled: false', () => {
    const off = writeProject({
      'docs.json': docsJson({ integrations: { telemetry: { enabled: false } } }),
      'index.mdx': index,
    });
    const on = writeProject({ 'docs.json': docsJson(), 'index.mdx': index });
    expect(loadSiteProject(off).settings.readerFeedback).toBe(false);
    expect(loadSiteProject(on).settings.readerFeedback).toBe(true);
  });

  it('reports a flag that is not a boolean and keeps feedback on (the default)', () => {
    const dir = writeProject({
      'docs.json': docsJson({ integrations: { telemetry: { enabled: 'no' } } }),
      'index.mdx': index,
    });
    const model = loadSiteProject(dir);
    expect(problemsOf(model)).toEqual([
      [
        'invalid-config',
        'docs.json',
        'integrations.telemetry.enabled',
        'must be a boolean, found string "no"; the default is used',
      ],
    ]);
    expect(model.settings.readerFeedback).toBe(true);
  });
});

describe('page frontmatter', () => {
  it('reports each bad known key, drops it to its default, and keeps the rest of the page', () => {
    const dir = writeProject({
      'docs.json': docsJson({ navigation: { pages: ['index', 'guide'] } }),
      'index.mdx': index,
      'guide.mdx': [
        '---',
        'title: [not, text]',
        'hidden: "yes"',
        'boost: high',
        'description: Kept',
        'og:image: /card.png',
        '---',
        '',
        'Body.',
      ].join('\n'),
    });
    const model = loadSiteProject(dir);
    // In the order of the schema's keys.
    expect(problemsOf(model)).toEqual([
      ['invalid-frontmatter', 'guide.mdx', undefined, 'frontmatter title: must be text; the key is ignored'],
      [
        'invalid-frontmatter',
        'guide.mdx',
        undefined,
        'frontmatter boost: must be a number, found string "high"; the key is ignored',
      ],
      [
        'invalid-frontmatter',
        'guide.mdx',
        undefined,
        'frontmatter hidden: must be a boolean, found string "yes"; the key is ignored',
      ],
    ]);
    const guide = model.pages.get('guide');
    // Defaults: the title from the file name, not hidden, the boost of the navigation (none).
    expect(guide).toMatchObject({ title: 'Guide', hidden: false, indexed: true, description: 'Kept' });
    expect(guide?.boost).toBeUndefined();
    expect(guide?.frontmatter).toEqual({ description: 'Kept', 'og:image': '/card.png' });
  });

  it('accepts numbers as text and empty keys as absent, without problems', () => {
    const dir = writeProject({
      'docs.json': docsJson(),
      'index.mdx': '---\ntitle: 2024\ndescription:\nhidden:\n---\n\nText.\n',
    });
    const model = loadSiteProject(dir);
    expect(model.problems).toEqual([]);
    expect(model.pages.get('index')).toMatchObject({ title: '2024', hidden: false });
  });
});
