/**
 * Colours for highlighted code. Shiki emits `color: var(--op-code-token-*)` on every token; these two
 * palettes (after GitHub's light and dark themes) give them values. The theme includes this CSS and
 * switches to the dark palette with `html.dark` or `[data-theme="dark"]` on an ancestor.
 */

const LIGHT = {
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

const DARK: typeof LIGHT = {
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

function block(selector: string, palette: typeof LIGHT): string {
  const lines = Object.entries(palette).map(([name, value]) => `  --op-code-${name}: ${value};`);
  return `${selector} {\n${lines.join('\n')}\n}`;
}

/** The CSS custom properties for light (default) and dark code colours. */
export const CODE_THEME_CSS = [
  block(':root', LIGHT),
  // `styling.codeblocks: "dark"` (theme/head.ts marks the page): code blocks stay dark in light mode.
  block('html.dark, [data-theme="dark"], html[data-op-codeblocks="dark"] :is(.op-code, .op-code-group)', DARK),
].join('\n');
