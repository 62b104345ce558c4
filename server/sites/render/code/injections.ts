/**
 * Which of Shiki's bundled languages carry grammars that inject themselves into another grammar's scope
 * (TextMate `injectTo`): once loaded, they change how that scope is tokenized, whichever language a block
 * names. `ts-tags` and `lit` bring `es-tag-css`, `es-tag-html`, ... into `source.ts` and `source.js` (the
 * CSS in a TypeScript block's css`...` template is highlighted as CSS); `vue` and `nix` bring theirs into
 * markdown, `angular-*` and `vue` into `html-derivative`.
 *
 * Shiki gives no way to ask this without importing every grammar (~230 modules), so it is a table; a test
 * checks it against Shiki's bundled grammars, and fails when a Shiki upgrade adds or moves one.
 */
import type { BundledLanguage } from 'shiki';

/** Per TextMate scope, the bundled languages whose grammars inject into it. */
export const INJECTION_CARRIERS: Readonly<Record<string, readonly BundledLanguage[]>> = {
  'source.js': ['lit', 'ts-tags'],
  'source.ts': ['lit', 'ts-tags'],
  'source.ts.ng': ['angular-html', 'angular-ts'],
  'source.vue': ['vue'],
  'text.html.derivative': ['angular-html', 'angular-ts', 'vue'],
  'text.html.derivative.ng': ['angular-html', 'angular-ts'],
  'text.html.markdown': ['nix', 'vue'],
  'text.pug': ['vue'],
};

/** The bundled languages whose grammars inject into `scopeName` (none for most). */
export function injectionCarriers(scopeName: string): readonly BundledLanguage[] {
  return Object.hasOwn(INJECTION_CARRIERS, scopeName) ? (INJECTION_CARRIERS[scopeName] ?? []) : [];
}
