/**
 * Colours for highlighted code. Shiki emits `color: var(--op-code-token-*)` on every token; these two
 * palettes (after GitHub's light and dark themes) give them values. The theme includes this CSS and
 * switches to the dark palette with `html.dark` or `[data-theme="dark"]` on an ancestor. A project's
 * `styling.codeblocks` theme overrides them per site under the same selectors (themeCss.ts).
 */

/** The names of the palette's variables (`--op-code-<name>`), as Shiki's css-variables theme uses them. */
export const PALETTE_NAMES = [
  'foreground',
  'background',
  'token-constant',
  'token-string',
  'token-comment',
  'token-keyword',
  'token-parameter',
  'token-function',
  'token-string-expression',
  'token-punctuation',
  'token-link',
  'token-inserted',
  'token-deleted',
  'token-changed',
] as const;

/** One palette variable's name. */
export type PaletteName = (typeof PALETTE_NAMES)[number];

/** A value (a colour, or a CSS expression) for every palette variable. */
export type CodePalette = Readonly<Record<PaletteName, string>>;

/** The default light palette (GitHub light). */
export const LIGHT_PALETTE: CodePalette = {
  foreground: '#24292e',
  background: '#f6f8fa',
  'token-constant': '#005cc5',
  'token-string': '#032f62',
  'token-comment': '#6a737d',
  'token-keyword': '#d73a49',
  'token-parameter': '#e36209',
  'token-function': '#6f42c1',
  'token-string-expression': '#22863a',
  'token-punctuation': '#24292e',
  'token-link': '#032f62',
  'token-inserted': '#22863a',
  'token-deleted': '#b31d28',
  'token-changed': '#e36209',
};

/** The default dark palette (GitHub dark). */
export const DARK_PALETTE: CodePalette = {
  foreground: '#e1e4e8',
  background: '#0d1117',
  'token-constant': '#79b8ff',
  'token-string': '#9ecbff',
  'token-comment': '#6a737d',
  'token-keyword': '#f97583',
  'token-parameter': '#ffab70',
  'token-function': '#b392f0',
  'token-string-expression': '#85e89d',
  'token-punctuation': '#e1e4e8',
  'token-link': '#9ecbff',
  'token-inserted': '#85e89d',
  'token-deleted': '#fdaeb7',
  'token-changed': '#ffab70',
};

/** Where the light palette applies: the whole page, unless a dark selector below matches. */
export const LIGHT_SELECTOR = ':root';

/**
 * Where the dark palette applies: dark mode, and code blocks of a page marked `data-op-codeblocks="dark"`
 * (`styling.codeblocks: "dark"`, theme/head.ts), which stay dark in light mode.
 */
export const DARK_SELECTOR =
  'html.dark, [data-theme="dark"], html[data-op-codeblocks="dark"] :is(.op-code, .op-code-group)';

/** A CSS rule setting `--op-code-*` to `palette` under `selector`. */
export function paletteBlock(selector: string, palette: CodePalette): string {
  const lines = PALETTE_NAMES.map((name) => `  --op-code-${name}: ${palette[name]};`);
  return `${selector} {\n${lines.join('\n')}\n}`;
}

/** The CSS custom properties for light (default) and dark code colours. */
export const CODE_THEME_CSS = [
  paletteBlock(LIGHT_SELECTOR, LIGHT_PALETTE),
  paletteBlock(DARK_SELECTOR, DARK_PALETTE),
].join('\n');
