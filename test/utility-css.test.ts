/**
 * Tailwind's utility classes as Mintlify pages write them: the class names of pages and snippets are
 * collected (literal values and the string literals of an expression, bounded), and the theme makes a
 * stylesheet of the utilities among them, `!important`, dark variants under the theme's `html.dark`,
 * nothing for names that are no utility.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ClassNameCollector, MAX_CLASS_NAMES } from '../server/sites/project/classNames.js';
import { utilityCss } from '../server/sites/theme/utilityCss.js';
import { THEME_LAYER } from '../server/sites/theme/cssLayer.js';

describe('class names of a project', () => {
  it("collects class values in every way MDX and JSX write them (an expression's string literals), once each, sorted", () => {
    const names = new ClassNameCollector();
    names.collect('<div className="p-4  border\nrounded-lg">x</div> <img class=\'dark:hidden\' />');
    names.collect('<p className={"mt-2"} /> <p className={`h-[600px] w-[400px]`} /> <p className={\'gap-2\'} />');
    names.collect('<p className={`text-${size} grid ${cols}`} /> classic text with class names');
    names.collect('<p className={cn("flex gap-4", open && "border-t", { active: x })} />');
    names.collect('<div className="p-4">again</div>');
    expect(names.sorted()).toEqual([
      'border',
      'border-t',
      'dark:hidden',
      'flex',
      'gap-2',
      'gap-4',
      'grid',
      'h-[600px]',
      'mt-2',
      'p-4',
      'rounded-lg',
      'w-[400px]',
    ]);
  });

  it('keeps at most MAX_CLASS_NAMES names', () => {
    const names = new ClassNameCollector();
    const many = Array.from({ length: MAX_CLASS_NAMES + 50 }, (_, i) => `c${i}`).join(' ');
    names.collect(`<div className="${many}" />`);
    expect(names.sorted()).toHaveLength(MAX_CLASS_NAMES);
  });
});

describe('the utilities stylesheet', () => {
  it('makes the utilities among the names, important, dark variants under html.dark', async () => {
    const css = await utilityCss(['p-4', 'border', 'rounded-lg', 'dark:hidden', 'h-[600px]', 'bg-primary', 'badge']);
    expect(css).toMatch(/\.p-4 \{\s*padding: 1rem !important\s*\}/);
    expect(css).toMatch(/\.h-\\\[600px\\\] \{\s*height: 600px !important\s*\}/);
    expect(css).toMatch(/\.dark\\:hidden:is\(\.dark \*\) \{\s*display: none !important\s*\}/);
    expect(css).toMatch(
      /\.bg-primary \{[^}]*background-color: color-mix\(in srgb, var\(--op-primary\) calc\(var\(--tw-bg-opacity, 1\) \* 100%\), transparent\) !important\s*\}/,
    );
    // In the theme's cascade layer (a project's style.css wins over it), a bordered element gets the solid
    // style preflight would have given it.
    expect(css.startsWith(`@layer ${THEME_LAYER}{\n:where([class^="border"]`)).toBe(true);
    expect(css).not.toMatch(/\.badge\b/);
    // No preflight: nothing resets the theme's own elements.
    expect(css).not.toMatch(/^(html|body|h1|img)\b/m);
  });

  // Mintlify's Tailwind theme (mintlify/components styles.css) has primary, primary-light, primary-dark and
  // background-dark as colours, so pages write `bg-primary/10`, `border-primary/20` and
  // `bg-background-light dark:bg-background-dark` (0xsequence's home search button); these made nothing.
  it("makes the site's colours with an opacity, and Mintlify's background colours", async () => {
    const css = await utilityCss([
      'bg-primary/10',
      'text-primary-light/50',
      'border-primary-dark/20',
      'bg-background-light',
      'dark:bg-background-dark/80',
    ]);
    // The declarations of a class's rule, found by the selector as CSS escapes it (`.bg-primary\/10`).
    const rule = (selector: string): string | undefined => {
      const start = css.indexOf(selector.replace(/[/:[\]]/g, (c) => `\\${c}`));
      return start < 0 ? undefined : css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start)).trim();
    };
    expect(rule('.bg-primary/10')).toBe(
      'background-color: color-mix(in srgb, var(--op-primary) calc(0.1 * 100%), transparent) !important',
    );
    expect(rule('.text-primary-light/50')).toContain('var(--op-primary-light) calc(0.5 * 100%)');
    expect(rule('.border-primary-dark/20')).toContain('var(--op-primary-dark) calc(0.2 * 100%)');
    expect(rule('.bg-background-light')).toContain(
      'background-color: rgb(var(--background-light) / var(--tw-bg-opacity, 1))',
    );
    expect(rule('.dark:bg-background-dark/80')).toBe('background-color: rgb(var(--background-dark) / 0.8) !important');
  });

  it('is empty when no name is a utility, or there are none', async () => {
    expect(await utilityCss(['badge', 'flagpole-hero'])).toBe('');
    expect(await utilityCss([])).toBe('');
  });

  it("prints nothing on the console when no name is a utility (the server's log is JSON lines)", () => {
    // A process of its own: Tailwind prints each warning once per process.
    const built = pathToFileURL(fileURLToPath(new URL('../dist/server/sites/theme/utilityCss.js', import.meta.url)));
    const script = `const { utilityCss } = await import(${JSON.stringify(built.href)});
      process.stdout.write(JSON.stringify(await utilityCss(['badge', 'flagpole-hero'])));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toBe('""');
    expect(run.stderr).toBe('');
  });
});
