/**
 * Keys the site can be served without (`background`, `integrations.telemetry`, mint.json anchor colours,
 * page frontmatter): a bad value is a problem in the import report and falls back to its default; the
 * project still loads.
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
    // Mintlify's channel variables, for a project's rgb(var(--background-dark)).
    expect(css).toContain('--primary:17 34 51;--primary-light:17 34 51;--primary-dark:17 34 51;');
    expect(css).toContain('--background-light:250 250 250;--background-dark:15 17 23}');
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

/** A mint.json project whose anchor `Guides` holds the `guides/start` page, plus `extra` keys. */
function mintAnchors(extra: Record<string, unknown>): string {
  return writeProject({
    'mint.json': {
      name: 'Legacy',
      colors: { primary: '#0D9373' },
      navigation: [
        { group: 'Start', pages: ['index'] },
        { group: 'Guides', pages: ['guides/start'] },
      ],
      ...extra,
    },
    'index.mdx': index,
    'guides/start.mdx': index,
  });
}

/** The `--op-anchor-color` values of a site stylesheet, in order. */
async function anchorColors(model: ReturnType<typeof loadSiteProject>): Promise<string[]> {
  const css = await renderSiteCss(model);
  return [...css.matchAll(/--op-anchor-color:([^}]*)\}/g)].map((m) => m[1] ?? '');
}

describe('mint.json anchor colours', () => {
  it('draws colors.anchors and an anchor gradient as linear-gradient backgrounds in the site stylesheet', async () => {
    const model = loadSiteProject(
      mintAnchors({
        colors: { primary: '#0D9373', anchors: { from: '#0D9373', to: '#07C983' } },
        anchors: [{ name: 'Guides', url: 'guides', color: { from: 'rgb(17, 24, 39)', via: 'white', to: '#d6d6d6' } }],
      }),
    );
    expect(model.problems).toEqual([]);
    expect(await anchorColors(model)).toEqual([
      'linear-gradient(45deg, #0D9373, #07C983)',
      'linear-gradient(45deg, rgb(17, 24, 39), white, #d6d6d6)',
    ]);
  });

  it('reports a value that is not a colour, and keeps it out of the stylesheet', async () => {
    const model = loadSiteProject(
      mintAnchors({
        colors: { primary: '#0D9373', anchors: { from: '#0D9373', to: 'red}body{display:none' } },
        anchors: [
          { name: 'Guides', url: 'guides', color: 'url(https://evil.example)' },
          { name: 'Blog', url: 'https://blog.example.org', color: ['#000000'] },
        ],
      }),
    );
    expect(problemsOf(model)).toEqual([
      [
        'invalid-config',
        'mint.json',
        'colors.anchors.to',
        'must be a colour, found string "red}body{display:none"; ignored, the default anchor colour is used',
      ],
      [
        'invalid-config',
        'mint.json',
        'anchors[0].color',
        'must be a colour, found string "url(https://evil.example)"; ignored, the default anchor colour is used',
      ],
      [
        'invalid-config',
        'mint.json',
        'anchors[1].color',
        'must be a colour or {"from": ..., "to": ...}, found an array; ignored, the default anchor colour is used',
      ],
    ]);
    expect(model.navigation.sections.map((s) => s.color)).toEqual([undefined, undefined, undefined]);
    const css = await renderSiteCss(model);
    expect(css).not.toContain('--op-anchor-color');
    expect(css).not.toContain('display:none');
    expect(css).not.toContain('evil.example');
  });

  it('gives an anchor whose own colour is not valid the colors.anchors default', async () => {
    const model = loadSiteProject(
      mintAnchors({
        colors: { primary: '#0D9373', anchors: '#123456' },
        anchors: [{ name: 'Guides', url: 'guides', color: { from: '#0D9373' } }],
      }),
    );
    expect(problemsOf(model).map(([, , keyPath]) => keyPath)).toEqual(['anchors[0].color']);
    expect(await anchorColors(model)).toEqual(['#123456', '#123456']);
  });

  it('keeps docs.json anchor colours light/dark colours, a gradient string not drawn', async () => {
    const model = loadSiteProject(
      writeProject({
        'docs.json': docsJson({
          navigation: {
            anchors: [
              { anchor: 'Home', color: { light: '#ff0000', dark: '#00ff00' }, pages: ['index'] },
              { anchor: 'Guides', color: { light: 'linear-gradient(45deg, #0D9373, #07C983)' }, pages: ['guide'] },
            ],
          },
        }),
        'index.mdx': index,
        'guide.mdx': index,
      }),
    );
    expect(await anchorColors(model)).toEqual(['#ff0000', '#00ff00']);
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
