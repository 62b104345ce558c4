/**
 * The code themes a project may name in `styling.codeblocks`: Shiki's bundled themes (they ship inside the
 * package, so an offline machine has them all) and `css-variables`, Mintlify's theme whose colours come
 * from the project's own `--mint-*` CSS variables.
 */
import { bundledThemes, type BundledTheme } from 'shiki/themes';

/** Mintlify's theme name for colours from the project's own CSS variables. */
export const CSS_VARIABLES_THEME = 'css-variables';

/** A code theme Offprint can draw. */
export type CodeThemeName = BundledTheme | typeof CSS_VARIABLES_THEME;

/** The code theme of each colour mode; a mode without one keeps the default palette. */
export interface CodeThemeModes {
  readonly light?: CodeThemeName;
  readonly dark?: CodeThemeName;
}

/** Whether `name` is a bundled Shiki theme. */
export function isBundledTheme(name: string): name is BundledTheme {
  return Object.hasOwn(bundledThemes, name);
}

/** Whether `name` is a code theme Offprint can draw (a bundled Shiki theme or `css-variables`). */
export function isCodeThemeName(name: string): name is CodeThemeName {
  return name === CSS_VARIABLES_THEME || isBundledTheme(name);
}
