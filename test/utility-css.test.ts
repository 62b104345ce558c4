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
    expect(css).toMatch(/\.bg-primary \{\s*background-color: var\(--op-primary\) !important\s*\}/);
    // In the theme's cascade layer (a project's style.css wins over it), a bordered element gets the solid
    // style preflight would have given it.
    expect(css.startsWith(`@layer ${THEME_LAYER}{\n:where([class^="border"]`)).toBe(true);
    expect(css).not.toMatch(/\.badge\b/);
    // No preflight: nothing resets the theme's own elements.
    expect(css).not.toMatch(/^(html|body|h1|img)\b/m);
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
