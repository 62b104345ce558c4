/**
 * `styling.codeblocks` code themes: every shape Mintlify accepts read into settings, a Shiki theme's
 * colours derived into our palette variables, the served site.css of an imported project carrying them
 * under the light and dark selectors, `css-variables` reading the project's `--mint-*` variables, and
 * names Offprint cannot draw reported while the site keeps the default colours.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledThemes, type BundledTheme } from 'shiki/themes';
import { loadSiteProject } from '../server/sites/project/model.js';
import { resolveScope, themePalette } from '../server/sites/render/code/palette.js';
import {
  CODE_THEME_CSS,
  DARK_PALETTE,
  DARK_SELECTOR,
  LIGHT_PALETTE,
  LIGHT_SELECTOR,
} from '../server/sites/render/code/theme.js';
import { renderSiteCss } from '../server/sites/theme/siteCss.js';
import { THEME_LAYER } from '../server/sites/theme/cssLayer.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { startSiteServe, type SiteServe } from './helpers/siteServe.js';

const INDEX = '---\ntitle: Home\n---\n\n```js\nconst a = "b";\n```\n';

function load(codeblocks: unknown) {
  const dir = writeProject({ 'docs.json': docsJson({ styling: { codeblocks } }), 'index.mdx': INDEX });
  return loadSiteProject(dir);
}

function problemsOf(model: ReturnType<typeof loadSiteProject>): [string, string | undefined, string][] {
  return model.problems.map((p) => [p.code, p.keyPath, p.message]);
}

/** A theme's own colour for a scope: the foreground of its rule whose selectors list exactly `scope`. */
async function ownColour(name: BundledTheme, scope: string): Promise<string> {
  const theme = (await bundledThemes[name]()).default;
  const rules = theme.tokenColors ?? [];
  const rule = rules.findLast((r) =>
    (typeof r.scope === 'string' ? r.scope.split(',') : (r.scope ?? [])).some((s) => s.trim() === scope),
  );
  const colour = rule?.settings.foreground;
  if (colour === undefined) throw new Error(`${name} has no rule for ${scope}`);
  return colour.toLowerCase();
}

/** The value the last rule for `selector` in `css` gives `--op-code-<name>` (the one that wins). */
function valueIn(css: string, selector: string, name: string): string | undefined {
  let value: string | undefined;
  for (const block of css.split('}')) {
    // The innermost rule of the block: site.css is wrapped in the theme's cascade layer.
    const open = block.lastIndexOf('{');
    const head = block.slice(0, Math.max(open, 0));
    if (open < 0 || head.slice(head.lastIndexOf('{') + 1).trim() !== selector) continue;
    const found = new RegExp(`--op-code-${name}: ([^;]+);`).exec(block.slice(open + 1));
    if (found?.[1] !== undefined) value = found[1];
  }
  return value?.toLowerCase();
}

describe('styling.codeblocks in settings', () => {
  it('keeps the default colours for none and "system", and code blocks dark for "dark"', () => {
    for (const value of [undefined, 'system']) {
      const model = load(value);
      expect(model.problems).toEqual([]);
      expect(model.settings.codeblocks).toBeUndefined();
      expect(model.settings.codeTheme).toBeUndefined();
    }
    const dark = load('dark');
    expect(dark.problems).toEqual([]);
    expect(dark.settings.codeblocks).toBe('dark');
    expect(dark.settings.codeTheme).toBeUndefined();
  });

  it('applies one theme name to both modes, written alone or as {theme}', () => {
    for (const value of ['dracula', { theme: 'dracula' }]) {
      const model = load(value);
      expect(model.problems).toEqual([]);
      expect(model.settings.codeTheme).toEqual({ light: 'dracula', dark: 'dracula' });
      expect(model.settings.codeblocks).toBeUndefined();
    }
  });

  it('reads a theme per mode, and css-variables', () => {
    const pair = load({ theme: { light: 'catppuccin-latte', dark: 'catppuccin-mocha' } });
    expect(pair.problems).toEqual([]);
    expect(pair.settings.codeTheme).toEqual({ light: 'catppuccin-latte', dark: 'catppuccin-mocha' });
    expect(load({ theme: 'css-variables' }).settings.codeTheme).toEqual({
      light: 'css-variables',
      dark: 'css-variables',
    });
    expect(load('css-variables').settings.codeTheme).toEqual({ light: 'css-variables', dark: 'css-variables' });
  });

  it('reports an unknown theme name, keeping the other mode', () => {
    const model = load({ theme: { light: 'github-light', dark: 'catppuccin-mocca' } });
    expect(problemsOf(model)).toEqual([
      [
        'invalid-config',
        'styling.codeblocks.theme.dark',
        '"catppuccin-mocca": not a Shiki theme Offprint knows; the default code colours are used',
      ],
    ]);
    expect(model.settings.codeTheme).toEqual({ light: 'github-light' });
    const both = load('monokay');
    expect(problemsOf(both)).toEqual([
      [
        'invalid-config',
        'styling.codeblocks',
        '"monokay": not a Shiki theme Offprint knows; the default code colours are used',
      ],
    ]);
    expect(both.settings.codeTheme).toBeUndefined();
  });

  it('reports custom grammars and a value of no accepted shape', () => {
    const custom = load({ theme: 'nord', languages: { custom: ['/grammars/acme.tmLanguage.json'] } });
    expect(problemsOf(custom)).toEqual([
      [
        'unsupported-config',
        'styling.codeblocks.languages.custom',
        '/grammars/acme.tmLanguage.json: custom TextMate grammars are not loaded; code in their languages is shown unhighlighted',
      ],
    ]);
    expect(custom.settings.codeTheme).toEqual({ light: 'nord', dark: 'nord' });
    const bad = load({ theme: { light: 'nord' } });
    expect(problemsOf(bad)).toEqual([
      [
        'invalid-config',
        'styling.codeblocks',
        'must be "system", "dark", a Shiki theme name, or {"theme": name or {"light": name, "dark": name}, "languages": {"custom": [...]}}; the default code colours are used',
      ],
    ]);
    expect(bad.settings.codeTheme).toBeUndefined();
  });
});

describe('a Shiki theme as our palette', () => {
  it('resolves a scope to the most specific selector matching it, a later rule over an equal one', () => {
    const rules = [
      { scope: 'keyword', settings: { foreground: '#111111' } },
      { scope: ['keyword.control', 'storage'], settings: { foreground: '#222222' } },
      { scope: 'keyword.control', settings: { fontStyle: 'italic' } },
      { scope: 'source.js keyword.other', settings: { foreground: '#333333' } },
      { scope: 'keyword.control, entity', settings: { foreground: '#444444' } },
    ];
    expect(resolveScope(rules, 'keyword.control.flow.js')).toBe('#444444');
    expect(resolveScope(rules, 'keyword.other')).toBe('#111111');
    expect(resolveScope(rules, 'keywords')).toBeUndefined();
    expect(resolveScope(rules, 'storage.type')).toBe('#222222');
  });

  it("gives github-dark's variables the theme's own colours", async () => {
    const theme = (await bundledThemes['github-dark']()).default;
    const palette = themePalette(theme, LIGHT_PALETTE);
    expect(palette['token-keyword'].toLowerCase()).toBe(await ownColour('github-dark', 'keyword'));
    expect(palette['token-comment'].toLowerCase()).toBe(await ownColour('github-dark', 'comment'));
    expect(palette['token-string'].toLowerCase()).toBe(await ownColour('github-dark', 'string'));
    expect(palette.foreground).toBe(theme.colors?.['editor.foreground']);
    expect(palette.background).toBe(theme.colors?.['editor.background']);
  });
});

describe('the served site.css', () => {
  let s: SiteServe;
  beforeAll(async () => {
    const source = writeProject({
      'docs.json': docsJson({
        styling: { codeblocks: { theme: { light: 'catppuccin-latte', dark: 'catppuccin-mocha' } } },
      }),
      'index.mdx': INDEX,
    });
    s = await startSiteServe({ source });
  }, 60_000);
  afterAll(async () => s.close());

  it("carries catppuccin-latte's colours in light mode and catppuccin-mocha's in dark mode", async () => {
    const res = await s.site('/_offprint/site.css');
    expect(res.status).toBe(200);
    const css = await res.text();
    // In the theme's layer, the defaults come first: the project's theme follows them under the same selectors and wins.
    expect(css.startsWith(`@layer ${THEME_LAYER}{\n${CODE_THEME_CSS}`)).toBe(true);
    for (const [scope, name] of [
      ['keyword', 'token-keyword'],
      ['string', 'token-string'],
      ['comment', 'token-comment'],
      ['entity.name.function', 'token-function'],
    ] as const) {
      expect(valueIn(css, LIGHT_SELECTOR, name)).toBe(await ownColour('catppuccin-latte', scope));
      expect(valueIn(css, DARK_SELECTOR, name)).toBe(await ownColour('catppuccin-mocha', scope));
    }
    const latte = (await bundledThemes['catppuccin-latte']()).default;
    const mocha = (await bundledThemes['catppuccin-mocha']()).default;
    expect(valueIn(css, LIGHT_SELECTOR, 'background')).toBe(latte.colors?.['editor.background']?.toLowerCase());
    expect(valueIn(css, DARK_SELECTOR, 'background')).toBe(mocha.colors?.['editor.background']?.toLowerCase());
  });
});

describe('css-variables and names Offprint cannot draw in site.css', () => {
  it("reads Mintlify's --mint-* variables, with the default palette as their fallback", async () => {
    const css = await renderSiteCss(load({ theme: 'css-variables' }));
    expect(valueIn(css, LIGHT_SELECTOR, 'token-keyword')).toBe(
      `var(--mint-token-keyword, ${LIGHT_PALETTE['token-keyword']})`,
    );
    expect(valueIn(css, DARK_SELECTOR, 'token-keyword')).toBe(
      `var(--mint-token-keyword, ${DARK_PALETTE['token-keyword']})`,
    );
    expect(valueIn(css, LIGHT_SELECTOR, 'foreground')).toBe(`var(--mint-color-text, ${LIGHT_PALETTE.foreground})`);
    expect(valueIn(css, DARK_SELECTOR, 'background')).toBe(`var(--mint-color-background, ${DARK_PALETTE.background})`);
    expect(valueIn(css, LIGHT_SELECTOR, 'token-string-expression')).toBe(
      `var(--mint-token-string-expression, ${LIGHT_PALETTE['token-string-expression']})`,
    );
    // Mintlify names no variable for diff lines: ours stay.
    expect(valueIn(css, LIGHT_SELECTOR, 'token-inserted')).toBe(LIGHT_PALETTE['token-inserted']);
  });

  it('keeps the default palette for an unknown name', async () => {
    const model = load({ theme: 'not-a-theme' });
    expect(model.problems.map((p) => p.code)).toEqual(['invalid-config']);
    const css = await renderSiteCss(model);
    expect(valueIn(css, LIGHT_SELECTOR, 'token-keyword')).toBe(LIGHT_PALETTE['token-keyword']);
    expect(valueIn(css, DARK_SELECTOR, 'token-keyword')).toBe(DARK_PALETTE['token-keyword']);
  });
});
