/**
 * Tailwind's utility classes, as Mintlify pages use them (`className="p-4 border rounded-lg"`,
 * `dark:hidden`, `h-[600px]`), made into a stylesheet of exactly the classes a project writes (Tailwind's
 * own generator over the list project/classNames.ts collected). The theme is not built on Tailwind, so its
 * base styles (preflight) are left out, and the utilities are `!important`: a class an author wrote wins
 * over the theme's prose rules, as on Mintlify, where both are Tailwind. Dark variants follow the theme's
 * `html.dark`; `primary` is the site's colour, `background-dark` its dark background.
 */

import { inThemeLayer } from './cssLayer.js';

/** What preflight gives a bordered element and the theme does not: a solid border of a neutral colour. */
const BORDER_BASE =
  ':where([class^="border"],[class*=" border"],[class^="divide"],[class*=" divide"],[class^="divide"] > *,[class*=" divide"] > *)' +
  '{border-style:solid;border-width:0;border-color:#e5e7eb}\n';

const INPUT = '@tailwind base;\n@tailwind utilities;\n';

/**
 * A utility always made, then removed: Tailwind prints a warning on the console (outside the server's
 * log) whenever a project's class names hold no utility, which is no problem here.
 */
const MARKER_PROPERTY = '--op-utilities';

/**
 * A site colour (a `--op-*` variable, any CSS colour) that takes Tailwind's opacity modifier
 * (`bg-primary/10`), as Mintlify's Tailwind colours do; a plain `var()` made nothing for those.
 */
function siteColor(variable: string): string {
  return `color-mix(in srgb, var(${variable}) calc(<alpha-value> * 100%), transparent)`;
}

/**
 * The colours Mintlify's Tailwind theme adds (mintlify/components styles.css): the site's three primary
 * colours and the page backgrounds, the latter from the channel variables siteCss.ts and base.css set.
 */
const MINTLIFY_COLORS = {
  primary: siteColor('--op-primary'),
  'primary-light': siteColor('--op-primary-light'),
  'primary-dark': siteColor('--op-primary-dark'),
  'background-light': 'rgb(var(--background-light) / <alpha-value>)',
  'background-dark': 'rgb(var(--background-dark) / <alpha-value>)',
};

/** The rules `base` is made of without preflight: Tailwind's variables, with or without a utility to use them. */
const VARIABLE_RULES: ReadonlySet<string> = new Set(['*, ::before, ::after', '::backdrop']);

/** The stylesheet of Tailwind's utilities among `classNames`; empty when none of them is one. */
export async function utilityCss(classNames: readonly string[]): Promise<string> {
  if (classNames.length === 0) return '';
  // Loaded on first use: most processes (the CLI's commands, an export) never make this stylesheet.
  const [{ default: postcss }, { default: tailwindcss }] = await Promise.all([
    import('postcss'),
    import('tailwindcss'),
  ]);
  const plugin = tailwindcss({
    content: [{ raw: classNames.join(' '), extension: 'html' }],
    safelist: [`[${MARKER_PROPERTY}:1]`],
    corePlugins: { preflight: false },
    darkMode: 'class',
    important: true,
    theme: {
      extend: { colors: MINTLIFY_COLORS },
    },
  });
  const { root } = await postcss([plugin]).process(INPUT, { from: undefined });
  root.walkRules((rule) => {
    if (rule.selector.includes(MARKER_PROPERTY)) rule.remove();
  });
  const utilities = root.nodes.filter((node) => node.type !== 'rule' || !VARIABLE_RULES.has(node.selector));
  return utilities.length === 0 ? '' : inThemeLayer(BORDER_BASE + root.toString());
}
