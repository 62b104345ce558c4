/**
 * Icon names a project writes that no icon set Offprint ships has. Mintlify draws Font Awesome Pro
 * names (`square-1`, `gear-code`) from its CDN; offline only Font Awesome Free, Lucide and (for sites
 * whose library is Tabler) Tabler are installed, so such an icon shows nothing. The import says
 * which, once per name, rather than leaving a reader's sidebar and cards with silent gaps.
 */
import { z } from 'zod';
import { iconSvg, isIconPath } from '../render/icons/icons.js';
import type { IconLibrary } from '../render/types.js';
import type { SiteProblem } from './model.js';
import { stripCode } from './pages/references.js';

/** `icon="name"`, `icon='name'`, `icon={"name"}` in MDX. */
const COMPONENT_ICON = /\bicon\s*=\s*\{?\s*(?:"([^"\n]{1,80})"|'([^'\n]{1,80})')/g;
/**
 * `icon: "name"` in a script snippet's data, or in what an MDX file exports, which JSX hands to a Card or an
 * Icon (E2B's card lists, Bytez's task cards).
 */
const SCRIPT_ICON = /\bicon\s*:\s*(?:"([^"\n]{1,80})"|'([^'\n]{1,80})')/g;
/** A script's block comments and comment lines (not `//` after code: it may be a URL's). */
const SCRIPT_COMMENT = /\/\*[\s\S]*?\*\/|^[ \t]*\/\/[^\n]*/gm;
/** Snippet files that are scripts rather than Markdown. */
const SCRIPT_FILE = /\.(?:jsx?|tsx?)$/i;
/** `icon: name` in frontmatter (the page's sidebar icon). */
const FRONTMATTER_ICON = /^icon:\s*["']?([^"'\n]{1,80}?)["']?\s*$/m;
/** A page's frontmatter block and its body. */
const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/;
/** A config `icon`: a name, or `{ name, style }` (docs.json's form with a Font Awesome style). */
const ConfigIconSchema = z.union([z.string(), z.object({ name: z.string(), style: z.string().optional() })]);
/** Distinct names kept per project: enough for any real site, bounded for a hostile one. */
const MAX_NAMES = 2_000;
/** Unknown names reported one by one; past it, one line counts the rest. */
const MAX_REPORTED = 20;

/**
 * The `export` blocks of an MDX body, as MDX reads them: from a line starting with `export`, up to a blank
 * line where the code so far closes every bracket it opened (MDX goes on past a blank line while the code
 * is not yet complete). Strings are skipped roughly (no template nesting): enough to find data, not to parse.
 */
function esmBlocks(body: string): string {
  const blocks: string[] = [];
  let block: string[] | null = null;
  let depth = 0;
  for (const line of body.split('\n')) {
    if (block === null) {
      if (!/^export\s/.test(line)) continue;
      block = [];
      depth = 0;
    }
    if (line.trim() === '' && depth <= 0) {
      blocks.push(block.join('\n'));
      block = null;
      continue;
    }
    block.push(line);
    depth += bracketBalance(line);
  }
  if (block !== null) blocks.push(block.join('\n'));
  return blocks.join('\n');
}

/** Brackets a line opens minus those it closes, outside its quoted strings. */
function bracketBalance(line: string): number {
  let balance = 0;
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote !== null) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '{' || c === '[' || c === '(') balance++;
    else if (c === '}' || c === ']' || c === ')') balance--;
  }
  return balance;
}

interface Use {
  readonly file: string;
  readonly style: string | undefined;
  files: number;
}

/** Collects the icon names of a project's config and pages, then checks them against the shipped sets. */
export class IconNameCollector {
  private readonly uses = new Map<string, Use>();

  /** Adds the icons of a page or snippet source (`file` is project-relative). */
  collectSource(source: string, file: string): void {
    if (!source.includes('icon')) return;
    const frontmatter = FRONTMATTER.exec(source);
    const names = new Set<string>();
    const sidebarIcon = frontmatter?.[1] === undefined ? undefined : FRONTMATTER_ICON.exec(frontmatter[1])?.[1];
    if (sidebarIcon !== undefined) names.add(sidebarIcon.trim());
    // Icons in code samples are text, not icons to draw.
    const body = stripCode(source.slice(frontmatter?.[0].length ?? 0));
    for (const match of body.matchAll(COMPONENT_ICON)) names.add((match[1] ?? match[2] ?? '').trim());
    // A script's data, or the data an MDX file exports, is often handed to cards (`icon={t.icon}`).
    const code = SCRIPT_FILE.test(file) ? body : esmBlocks(body);
    for (const match of code.replace(SCRIPT_COMMENT, '').matchAll(SCRIPT_ICON)) {
      names.add((match[1] ?? match[2] ?? '').trim());
    }
    for (const name of names) this.add(name, undefined, file);
  }

  /** Adds every `icon` of a config object (navigation, navbar, footer), with its `style` when it has one. */
  collectConfig(value: unknown, file: string): void {
    if (Array.isArray(value)) {
      for (const item of value) this.collectConfig(item, file);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    for (const [key, child] of Object.entries(value)) {
      if (key !== 'icon') {
        this.collectConfig(child, file);
        continue;
      }
      const icon = ConfigIconSchema.safeParse(child);
      if (!icon.success) continue;
      if (typeof icon.data === 'string') this.add(icon.data, undefined, file);
      else this.add(icon.data.name, icon.data.style, file);
    }
  }

  private add(name: string, style: string | undefined, file: string): void {
    if (name === '' || isIconPath(name) || name.includes('{')) return;
    const use = this.uses.get(name);
    if (use !== undefined) use.files += 1;
    else if (this.uses.size < MAX_NAMES) this.uses.set(name, { file, style, files: 1 });
  }

  /**
   * One `unknown-icon` problem per name no shipped set draws (at most {@link MAX_REPORTED}), then one
   * whose `count` is the number of names left unnamed.
   */
  problems(library: IconLibrary): SiteProblem[] {
    const unknown = [...this.uses].filter(([name, use]) => iconSvg(name, library, use.style) === null);
    const sets = library === 'tabler' ? 'Font Awesome Free, Lucide, Tabler' : 'Font Awesome Free, Lucide';
    const problems: SiteProblem[] = unknown.slice(0, MAX_REPORTED).map(([name, use]) => ({
      code: 'unknown-icon',
      file: use.file,
      message:
        `icon "${name}": no icon set Offprint ships has it (${sets}), so it shows nothing` +
        (use.files > 1 ? ` (used in ${use.files} places)` : ''),
    }));
    if (unknown.length > MAX_REPORTED) {
      const [, first] = unknown[MAX_REPORTED] ?? [];
      problems.push({
        code: 'unknown-icon',
        file: first?.file ?? '',
        message: `and ${unknown.length - MAX_REPORTED} more icon names no shipped icon set has`,
        count: unknown.length - MAX_REPORTED,
      });
    }
    return problems;
  }
}
