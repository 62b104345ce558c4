/**
 * A Shiki theme's colours as our palette (theme.ts). Code is tokenised once with Shiki's css-variables
 * theme, whose rules give each group of TextMate scopes one variable (`keyword`, `storage.type`, ... ->
 * `--op-code-token-keyword`). A named theme colours those scopes itself; resolving the same scopes against
 * its rules, with TextMate's precedence, tells which colour each variable should carry for that theme.
 */
import { createCssVariablesTheme, type ThemeRegistration } from 'shiki';
import { PALETTE_NAMES, type CodePalette, type PaletteName } from './theme.js';

const PREFIX = '--op-code-';

/** A theme rule's part we read: its selectors and the colour it gives them. */
interface Rule {
  readonly scope?: string | readonly string[] | undefined;
  readonly settings?: { readonly foreground?: string | undefined; readonly background?: string | undefined };
}

function isPaletteName(name: string): name is PaletteName {
  return (PALETTE_NAMES as readonly string[]).includes(name);
}

function selectorsOf(rule: Rule): string[] {
  const scopes = typeof rule.scope === 'string' ? [rule.scope] : [...(rule.scope ?? [])];
  return scopes
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/**
 * The scopes each token variable stands for, in the css-variables theme's order, read from the very
 * theme the highlighter uses so that the mapping follows Shiki's. A scope path with a parent
 * (`markup.fenced_code meta.embedded.block`) is left out: a scope alone never matches it.
 */
function scopesByVariable(): ReadonlyMap<PaletteName, readonly string[]> {
  const theme = createCssVariablesTheme({ variablePrefix: PREFIX });
  const map = new Map<PaletteName, string[]>();
  for (const rule of theme.tokenColors ?? []) {
    const name = /^var\(--op-code-([\w-]+)/.exec(rule.settings.foreground ?? '')?.[1];
    if (name === undefined || !isPaletteName(name)) continue;
    const scopes = map.get(name) ?? [];
    scopes.push(...selectorsOf(rule).filter((s) => !s.includes(' ')));
    map.set(name, scopes);
  }
  return map;
}

const SCOPES = scopesByVariable();

/**
 * The scope most tokens of each variable carry, which decides its colour when the theme colours it: a
 * variable stands for many scopes a theme may colour differently (`keyword` but also JSON's property
 * names), and a vote among them would give Catppuccin's keywords its blue property names, not its mauve.
 * Quoted strings are `string-expression` (Shiki's `string.quoted` rule is more specific than `string`);
 * diff lines carry the diff grammar's scopes, which some themes colour only as such (Catppuccin).
 */
const REPRESENTATIVE: Readonly<Record<Exclude<PaletteName, 'foreground' | 'background'>, string>> = {
  'token-constant': 'constant.numeric',
  'token-string': 'string',
  'token-comment': 'comment',
  'token-keyword': 'keyword',
  'token-parameter': 'variable.parameter.function',
  'token-function': 'entity.name.function',
  'token-string-expression': 'string.quoted',
  'token-punctuation': 'punctuation.separator',
  'token-link': 'markup.underline.link',
  'token-inserted': 'markup.inserted.diff',
  'token-deleted': 'markup.deleted.diff',
  'token-changed': 'markup.changed.diff',
};

/** A colour we put into CSS: hex only, as every bundled theme writes them. */
function hexColor(value: string | undefined): string | undefined {
  return value !== undefined && /^#[0-9a-f]{3,8}$/i.test(value) ? value : undefined;
}

/**
 * The foreground `rules` give a single scope, by TextMate's rule: the most specific selector matching it
 * (`keyword.control` before `keyword`, each a dot-wise prefix of the scope) wins, a later rule over an
 * earlier equal one; rules without a foreground do not count, as the colour then comes from a less
 * specific one. Selectors with parent scopes need an enclosing scope, which a scope alone does not have.
 */
export function resolveScope(rules: readonly Rule[], scope: string): string | undefined {
  let best: { depth: number; color: string } | undefined;
  for (const rule of rules) {
    const color = hexColor(rule.settings?.foreground);
    if (color === undefined) continue;
    for (const selector of selectorsOf(rule)) {
      if (selector.includes(' ') || !(scope === selector || scope.startsWith(`${selector}.`))) continue;
      const depth = selector.split('.').length;
      if (best === undefined || depth >= best.depth) best = { depth, color };
    }
  }
  return best?.color;
}

/**
 * The colour most of a variable's scopes get from the theme (the earliest listed of equally common ones),
 * for a theme that does not colour the representative scope; undefined when it colours none of them.
 */
function voteFor(rules: readonly Rule[], scopes: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const scope of scopes) {
    const color = resolveScope(rules, scope);
    if (color !== undefined) counts.set(color, (counts.get(color) ?? 0) + 1);
  }
  let winner: string | undefined;
  for (const [color, count] of counts) if (winner === undefined || count > (counts.get(winner) ?? 0)) winner = color;
  return winner;
}

/**
 * The palette of a Shiki theme: `foreground` and `background` from its editor colours (or its rule
 * without a scope), each token variable from its representative scope, else from the scopes the
 * css-variables theme gives it. A variable the theme colours none of the scopes of takes the theme's
 * foreground, as an uncoloured token would; a theme without editor colours keeps `fallback`'s.
 */
export function themePalette(theme: ThemeRegistration, fallback: CodePalette): CodePalette {
  const rules: readonly Rule[] = theme.tokenColors ?? theme.settings ?? [];
  const global = rules.find((rule) => selectorsOf(rule).length === 0)?.settings;
  const foreground =
    hexColor(theme.colors?.['editor.foreground']) ??
    hexColor(global?.foreground) ??
    hexColor(theme.fg) ??
    fallback.foreground;
  const background =
    hexColor(theme.colors?.['editor.background']) ??
    hexColor(global?.background) ??
    hexColor(theme.bg) ??
    fallback.background;
  const palette: Record<PaletteName, string> = { ...fallback, foreground, background };
  for (const [name, scope] of Object.entries(REPRESENTATIVE)) {
    if (!isPaletteName(name)) continue;
    palette[name] = resolveScope(rules, scope) ?? voteFor(rules, SCOPES.get(name) ?? []) ?? foreground;
  }
  return palette;
}
