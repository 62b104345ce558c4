/** Parsing of a code fence's info string (`js src/app.js {1,3-5} lines wrap icon="js"`), per Mintlify's rules. */

/** Options of one code block, from the fence info string or `<CodeBlock>` props. */
export interface FenceMeta {
  /** Language as written (lower-cased), '' when none. */
  readonly lang: string;
  readonly title: string;
  readonly icon: string;
  /** 1-based line numbers to highlight / to focus (others dimmed). */
  readonly highlight: ReadonlySet<number>;
  readonly focus: ReadonlySet<number>;
  readonly lines: boolean;
  readonly wrap: boolean;
  readonly expandable: boolean;
  /** False when the block asked for no copy button. */
  readonly copy: boolean;
  /** Mermaid only. */
  readonly placement: string;
  readonly actions: boolean | null;
}

/** `1,3-5` / `{1,3-5}` / `[1,3]` / `"4"` -> {1,3,4,5}; ranges are capped to keep a typo from allocating much. */
export function parseLineSet(value: string): Set<number> {
  const out = new Set<number>();
  for (const m of value.matchAll(/(\d+)(?:\s*-\s*(\d+))?/g)) {
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    for (let n = from; n <= Math.min(to, from + 10_000); n++) out.add(n);
  }
  return out;
}

/**
 * A token of the info string: a bare word, `key=value`, or a brace group. A quoted or braced value may
 * follow the `=` after spaces: Mintlify's own docs write `highlight= {1-2,5}`, which is still a highlight
 * and no title word.
 */
const TOKEN = /([A-Za-z][\w-]*)=(\s*"[^"]*"|\s*'[^']*'|\s*\{[^}]*\}|\S+)|\{[^}]*\}|\[[^\]]*\]|"[^"]*"|'[^']*'|\S+/g;
const FLAGS = new Set(['lines', 'wrap', 'expandable', 'nocopy', 'twoslash', 'showlinenumbers']);

/**
 * The flag a bare word names, or null. A capitalised word is a title word: Mintlify's docs title blocks
 * "Wrap example wrap" and "Expandable example expandable", the first word their title's, the last the flag.
 * Case is otherwise ignored, for `showLineNumbers` and `noCopy`.
 */
function flagOf(token: string): string | null {
  const bare = token.replace(/^\[(.*)\]$/, '$1');
  if (/^[A-Z]/.test(bare)) return null;
  const name = bare.toLowerCase();
  return FLAGS.has(name) ? name : null;
}

function unquote(value: string): string {
  const first = value[0];
  const last = value[value.length - 1];
  if (value.length >= 2 && ((first === '"' && last === '"') || (first === "'" && last === "'"))) {
    return value.slice(1, -1);
  }
  if (first === '{' && last === '}') return unquote(value.slice(1, -1).trim());
  return value;
}

function flagValue(value: string): boolean {
  return unquote(value).toLowerCase() !== 'false';
}

/**
 * True for an attribute Mintlify reads but no block here shows: `theme=` (Mintlify's own Markdown export
 * writes `theme={null}` into every fence, and pages copied from it keep it) and any other `{expression}`
 * value, which Mintlify takes as a JSX prop and never as title text.
 */
function ignoredAttribute(name: string, value: string): boolean {
  return name === 'theme' || value.startsWith('{');
}

/** Parses `lang` and the rest of the info string of a fence. Unrecognised words form the title. */
export function parseFenceMeta(langIn: string | null | undefined, metaIn: string | null | undefined): FenceMeta {
  let lang = (langIn ?? '').trim();
  let meta = metaIn ?? '';
  // ```js{1,3} glues the highlight group to the language.
  const glued = /^([^{\s]+)(\{[^}]*\})$/.exec(lang);
  if (glued) {
    lang = glued[1] ?? '';
    meta = `${glued[2] ?? ''} ${meta}`;
  }
  const title: string[] = [];
  let explicitTitle: string | null = null;
  let icon = '';
  let highlight = new Set<number>();
  let focus = new Set<number>();
  const flags = { lines: false, wrap: false, expandable: false, copy: lang.toLowerCase() !== 'nocopy' };
  let placement = '';
  let actions: boolean | null = null;
  for (const m of meta.matchAll(TOKEN)) {
    const [token, key, spaced] = m;
    const value = spaced?.trim();
    if (key !== undefined && value !== undefined) {
      const name = key.toLowerCase();
      if (name === 'title' || name === 'filename') explicitTitle = unquote(value);
      else if (name === 'icon') icon = unquote(value);
      else if (name === 'highlight') highlight = new Set([...highlight, ...parseLineSet(value)]);
      else if (name === 'focus') focus = new Set([...focus, ...parseLineSet(value)]);
      else if (name === 'placement') placement = unquote(value);
      else if (name === 'actions') actions = flagValue(value);
      else if (name === 'nocopy') flags.copy = !flagValue(value);
      else if (name === 'lines' || name === 'showlinenumbers') flags.lines = flagValue(value);
      else if (name === 'wrap') flags.wrap = flagValue(value);
      else if (name === 'expandable') flags.expandable = flagValue(value);
      else if (!ignoredAttribute(name, value)) title.push(token);
      continue;
    }
    if (token.startsWith('{') && /^\{[\d\s,-]*\}$/.test(token)) {
      highlight = new Set([...highlight, ...parseLineSet(token)]);
      continue;
    }
    const bare = flagOf(token);
    if (bare !== null) {
      if (bare === 'lines' || bare === 'showlinenumbers') flags.lines = true;
      else if (bare === 'wrap') flags.wrap = true;
      else if (bare === 'expandable') flags.expandable = true;
      else if (bare === 'nocopy') flags.copy = false;
      continue;
    }
    title.push(unquote(token));
  }
  return {
    lang: lang.toLowerCase() === 'nocopy' ? '' : lang.toLowerCase(),
    title: explicitTitle ?? title.join(' '),
    icon,
    highlight,
    focus,
    lines: flags.lines,
    wrap: flags.wrap,
    expandable: flags.expandable,
    copy: flags.copy,
    placement,
    actions,
  };
}
