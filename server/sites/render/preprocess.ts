/**
 * Text passes that must run before the MDX parser sees the page: frontmatter, `{{variables}}`, Mintlify's
 * `{#custom-id}` heading suffix and HTML comments (both of which MDX would reject as bad syntax).
 * The passes keep the number of lines unchanged so compiler positions still point at the author's lines.
 */
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

/** Frontmatter as the page's MDX sees it: any mapping (the project loader checks the keys it reads). */
const MappingSchema = z.record(z.string(), z.unknown());

/** The page text split into its frontmatter and the MDX body. */
export interface SplitSource {
  readonly frontmatter: Record<string, unknown>;
  /** The body, with the frontmatter block replaced by as many blank lines. */
  readonly body: string;
  readonly warnings: string[];
}

const FRONTMATTER = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

/** Splits and parses YAML frontmatter; a broken block is reported and treated as empty. */
export function splitFrontmatter(source: string): SplitSource {
  const text = source.replace(/^\uFEFF/, '');
  const match = FRONTMATTER.exec(text);
  if (!match) return { frontmatter: {}, body: text, warnings: [] };
  const blank = '\n'.repeat(match[0].split('\n').length - 1);
  const body = blank + text.slice(match[0].length);
  try {
    const parsed: unknown = parseYaml(match[1] ?? '', { merge: true });
    if (parsed === null || parsed === undefined) return { frontmatter: {}, body, warnings: [] };
    const mapping = Array.isArray(parsed) ? undefined : MappingSchema.safeParse(parsed).data;
    if (mapping === undefined) return { frontmatter: {}, body, warnings: ['frontmatter: expected a YAML mapping'] };
    return { frontmatter: mapping, body, warnings: [] };
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { frontmatter: {}, body, warnings: [`frontmatter: ${message}`] };
  }
}

/** Result of {@link preprocessBody}. */
export interface Preprocessed {
  readonly text: string;
  /** `{{names}}` used in prose with no definition (left on the page as written). */
  readonly undefinedVariables: string[];
}

const FENCE_OPEN = /^(\s*)(`{3,}|~{3,})(.*)$/;
const VARIABLE = /(=?)\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g;
const HEADING_ID = /^(\s{0,3}#{1,6}\s.*?)\s*\{#([^\s{}*]+)\}\s*$/;
/** Prose spelling of a literal `{{x}}` that neither MDX nor a JSX attribute value reads as an expression. */
const LITERAL = (name: string): string => `&#123;&#123;${name}&#125;&#125;`;

/**
 * Applies the text passes to the MDX body.
 * Variables: in prose a defined `{{name}}` is replaced and an undefined one is reported and left visible;
 * inside code (fences and inline code) only defined names are replaced, because `{{x}}` there is usually a
 * template-language example (Handlebars, Liquid, Go templates) that must survive untouched.
 */
export function preprocessBody(body: string, variables: Readonly<Record<string, string>>): Preprocessed {
  const undefinedVariables = new Set<string>();
  const lines = body.split('\n');
  let fence: { char: string; length: number } | null = null;
  let inComment = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (fence) {
      const close = FENCE_OPEN.exec(line);
      if (close && close[2]?.[0] === fence.char && (close[2]?.length ?? 0) >= fence.length && !close[3]?.trim()) {
        fence = null;
      } else {
        lines[i] = substitute(line, variables, null);
      }
      continue;
    }
    const open = FENCE_OPEN.exec(line);
    if (open && !inComment) {
      const marker = open[2] ?? '```';
      // A backtick fence's info string may not contain backticks; otherwise it is inline code.
      if (marker[0] !== '`' || !(open[3] ?? '').includes('`')) {
        fence = { char: marker[0] ?? '`', length: marker.length };
        lines[i] = substitute(line, variables, null);
        continue;
      }
    }
    const stripped = stripHtmlComments(line, inComment);
    inComment = stripped.open;
    const withId = stripped.text.replace(HEADING_ID, (_all, head: string, id: string) => `${head} {/*op-id:${id}*/}`);
    lines[i] = mapProse(
      withId,
      (prose) => substitute(prose, variables, undefinedVariables),
      (code) => substitute(code, variables, null),
    );
  }
  return { text: lines.join('\n'), undefinedVariables: [...undefinedVariables] };
}

/**
 * `{{name}}` in `text` replaced by the docs.json variable's value; an unknown name is left as written.
 * For text outside the MDX body, such as a page's frontmatter title, that Mintlify substitutes too.
 */
export function substituteKnownVariables(text: string, variables: Readonly<Record<string, string>>): string {
  return substitute(text, variables, null);
}

function substitute(text: string, variables: Readonly<Record<string, string>>, missing: Set<string> | null): string {
  if (!text.includes('{{')) return text;
  return text.replace(VARIABLE, (all, eq: string, name: string) => {
    // `prop={{...}}` is a JSX object expression, not a variable.
    if (eq) return all;
    if (Object.hasOwn(variables, name)) return variables[name] ?? '';
    if (!missing) return all;
    missing.add(name);
    return LITERAL(name);
  });
}

/** Calls `prose` on text outside inline code spans and `code` on the spans (backticks included). */
function mapProse(line: string, prose: (s: string) => string, code: (s: string) => string): string {
  if (!line.includes('`')) return prose(line);
  let out = '';
  let last = 0;
  const runs = /`+/g;
  let run: RegExpExecArray | null;
  while ((run = runs.exec(line))) {
    const closeAt = findClosingRun(line, run.index + run[0].length, run[0].length);
    if (closeAt < 0) continue;
    out += prose(line.slice(last, run.index)) + code(line.slice(run.index, closeAt + run[0].length));
    last = closeAt + run[0].length;
    runs.lastIndex = last;
  }
  return out + prose(line.slice(last));
}

function findClosingRun(line: string, from: number, length: number): number {
  const runs = /`+/g;
  runs.lastIndex = from;
  let run: RegExpExecArray | null;
  while ((run = runs.exec(line))) if (run[0].length === length) return run.index;
  return -1;
}

/** Removes `<!-- -->` comments from prose (MDX rejects them); `open` carries a comment over to the next line. */
function stripHtmlComments(line: string, inComment: boolean): { text: string; open: boolean } {
  let text = line;
  let open = inComment;
  if (open) {
    const end = text.indexOf('-->');
    if (end < 0) return { text: '', open: true };
    text = text.slice(end + 3);
    open = false;
  }
  for (;;) {
    const start = indexOutsideCode(text, '<!--');
    if (start < 0) return { text, open };
    const end = text.indexOf('-->', start + 4);
    if (end < 0) return { text: text.slice(0, start), open: true };
    text = text.slice(0, start) + text.slice(end + 3);
  }
}

function indexOutsideCode(text: string, needle: string): number {
  let inCode = false;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '`') inCode = !inCode;
    else if (!inCode && text.startsWith(needle, i)) return i;
  }
  return -1;
}
