/**
 * The per-site CSS of a project's `styling.codeblocks` theme: the palette variables of theme.ts set for
 * that theme, under the same selectors as the defaults, so the highlighted HTML (one tokenisation, colours
 * as `var(--op-code-*)`) stays as it is and only the values change. Made once per site (theme/assets.ts).
 */
import { bundledThemes, type BundledTheme } from 'shiki/themes';
import type { ThemeRegistration } from 'shiki';
import { themePalette } from './palette.js';
import {
  DARK_PALETTE,
  DARK_SELECTOR,
  LIGHT_PALETTE,
  LIGHT_SELECTOR,
  PALETTE_NAMES,
  paletteBlock,
  type CodePalette,
  type PaletteName,
} from './theme.js';
import { CSS_VARIABLES_THEME, type CodeThemeModes, type CodeThemeName } from './themeNames.js';

/**
 * Mintlify's variables for its `css-variables` code theme, by our variable. Mintlify documents no
 * variables for diff lines (inserted, deleted, changed): those keep our palette.
 */
const MINT_VARIABLES: Partial<Record<PaletteName, string>> = {
  foreground: '--mint-color-text',
  background: '--mint-color-background',
  'token-constant': '--mint-token-constant',
  'token-string': '--mint-token-string',
  'token-comment': '--mint-token-comment',
  'token-keyword': '--mint-token-keyword',
  'token-parameter': '--mint-token-parameter',
  'token-function': '--mint-token-function',
  'token-string-expression': '--mint-token-string-expression',
  'token-punctuation': '--mint-token-punctuation',
  'token-link': '--mint-token-link',
};

/** Each `--op-code-*` variable reading Mintlify's, with `fallback`'s value when the project sets none. */
function cssVariablesPalette(fallback: CodePalette): CodePalette {
  const palette: Record<PaletteName, string> = { ...fallback };
  for (const name of PALETTE_NAMES) {
    const mint = MINT_VARIABLES[name];
    if (mint !== undefined) palette[name] = `var(${mint}, ${fallback[name]})`;
  }
  return palette;
}

// Themes never change within a process: each is read once, however many sites name it.
const loaded = new Map<BundledTheme, Promise<ThemeRegistration>>();

function loadTheme(name: BundledTheme): Promise<ThemeRegistration> {
  let theme = loaded.get(name);
  if (theme === undefined) {
    theme = bundledThemes[name]().then((module) => module.default);
    loaded.set(name, theme);
  }
  return theme;
}

async function paletteOf(name: CodeThemeName, fallback: CodePalette): Promise<CodePalette> {
  if (name === CSS_VARIABLES_THEME) return cssVariablesPalette(fallback);
  return themePalette(await loadTheme(name), fallback);
}

/**
 * The CSS giving each mode its named theme's colours, to follow the default palettes (`CODE_THEME_CSS`):
 * same selectors, so it wins by coming later. Empty when the project names no theme.
 */
export async function codeThemeCss(themes: CodeThemeModes | undefined): Promise<string> {
  const blocks: string[] = [];
  if (themes?.light !== undefined)
    blocks.push(paletteBlock(LIGHT_SELECTOR, await paletteOf(themes.light, LIGHT_PALETTE)));
  if (themes?.dark !== undefined) blocks.push(paletteBlock(DARK_SELECTOR, await paletteOf(themes.dark, DARK_PALETTE)));
  return blocks.map((block) => `${block}\n`).join('');
}
