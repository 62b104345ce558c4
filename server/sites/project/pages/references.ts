/**
 * A light scan of page and snippet sources for local references: Markdown images, `src=`/`img=`
 * attributes, `icon=` image files and ESM imports. Fenced code blocks and inline code are skipped, since examples there are
 * not references (novu's pages show hundreds of `import ... from '@novu/react'` in code).
 */
import { posix } from 'node:path';
import { LEGACY_SNIPPET_DIR } from '../../render/compile/legacySnippets.js';
import type { SiteProblem } from '../model.js';
import { ownCopy } from '../ownCopy.js';

/** References found in one source. */
export interface SourceReferences {
  /** Image/file references (as written). */
  readonly assets: readonly string[];
  /** Import specifiers (as written). */
  readonly imports: readonly string[];
  /** `file` values of the older `<Snippet file="...">` includes (as written), none when the page defines its own `Snippet`. */
  readonly legacySnippets: readonly string[];
}

/**
 * A line opening a fence: ``` or ~~~ after any indentation. A backtick fence's info string holds no
 * backtick (CommonMark), so `` ``` yarn build ``` `` on one line is inline code, not a fence (Cal.com's).
 */
const FENCE_OPEN = /^\s*(`{3,}(?=[^`]*$)|~{3,})/;

/** Replaces fenced code blocks (any indentation, ``` or ~~~, closing fence at least as long) and inline code. */
export function stripCode(source: string): string {
  const out: string[] = [];
  let fence: { char: string; length: number } | null = null;
  for (const line of source.split('\n')) {
    const match = (fence === null ? FENCE_OPEN : /^\s*(`{3,}|~{3,})/).exec(line);
    if (fence === null && match?.[1] !== undefined) {
      fence = { char: match[1].charAt(0), length: match[1].length };
      out.push('');
    } else if (fence !== null) {
      if (match?.[1] !== undefined && match[1].charAt(0) === fence.char && match[1].length >= fence.length) {
        if (line.trim() === match[1]) fence = null;
      }
      out.push('');
    } else {
      out.push(line.replace(/`[^`\n]*`/g, '``'));
    }
  }
  return out.join('\n');
}

/**
 * `[text](target "title")` after `before` (`!` for an image), the target captured. The text may hold one
 * level of brackets (`[![logo](a.png)](/x)`) and run over several lines, though not over a blank one (that
 * ends the paragraph), as prettier wraps a long one: `<Frame>![Diagram of the\n  API](/a.png)</Frame>`.
 */
export function inlineLinkPattern(before: string): RegExp {
  const text = String.raw`(?:[^[\]\n]|\n(?![ \t]*\n)|\[[^[\]\n]*\])*`;
  return new RegExp(String.raw`${before}\[${text}\]\(\s*<?([^)\s>]+)>?(?:\s+["'][^"'\n]*["'])?\s*\)`, 'g');
}

const IMAGE = inlineLinkPattern('!');
/** An attribute stands after whitespace: `?src="` inside a URL string is no attribute (Firecrawl's survey link). */
const ATTRIBUTE = /(?<=\s)(?:src|img)\s*=\s*\{?\s*["']([^"'\n]+)["']/g;
/**
 * An `icon` that names an image file (`<Card icon="/images/launch-icons/opencode.svg">`), not a library icon
 * (`icon="rocket"`): its file is a reference too (ollama's missing card icons showed broken images, unreported).
 */
const ICON_FILE =
  /(?<=\s)icon\s*=\s*\{?\s*["']((?:\.{0,2}\/)[^"'\n]+|[^"'\n]+\.(?:svg|png|jpe?g|gif|webp|avif|ico))["']/gi;
const IMPORT = /^import\s+(?:[^'";]*?\s+from\s+)?["']([^"'\n]+)["']/gm;
/** `<Snippet ... file="x.mdx">`: the include the renderer turns into an import from `_snippets/` (legacySnippets.ts). */
const LEGACY_SNIPPET = /<Snippet\s[^>]*?\bfile\s*=\s*["']([^"'\n]+)["']/g;
/** A page that imports or exports its own `Snippet`: the renderer leaves its `<Snippet file>` alone. */
const OWN_SNIPPET = /^(?:import\s[^'"]*\bSnippet\b|export\s+(?:const|let|var|function)\s+Snippet\b)/m;

/**
 * Whether the attribute at `index` names a file. On an HTML tag it does; a project's own component
 * (`<Cta src="docs-introduction" />`) may mean anything by it, so there only a path or a file name counts.
 */
function isAssetAttribute(text: string, index: number, value: string): boolean {
  const open = text.lastIndexOf('<', index);
  const tag = /^<([A-Za-z][\w.:-]*)/.exec(text.slice(open, open + 80))?.[1] ?? '';
  return !/^[A-Z]/.test(tag) || /^\.{0,2}\/|\.[a-z0-9]{2,5}$/i.test(value);
}

/** Finds asset references and import specifiers outside code. */
export function scanReferences(source: string): SourceReferences {
  const text = stripCode(source);
  const assets = new Set<string>();
  const imports = new Set<string>();
  for (const m of text.matchAll(IMAGE)) if (m[1] !== undefined) assets.add(m[1]);
  for (const m of text.matchAll(ATTRIBUTE)) {
    if (m[1] !== undefined && isAssetAttribute(text, m.index, m[1])) assets.add(m[1]);
  }
  for (const m of text.matchAll(ICON_FILE)) if (m[1] !== undefined) assets.add(m[1]);
  for (const m of text.matchAll(IMPORT)) if (m[1] !== undefined) imports.add(m[1]);
  const legacySnippets = new Set<string>();
  if (!OWN_SNIPPET.test(text)) {
    for (const m of text.matchAll(LEGACY_SNIPPET))
      if (m[1] !== undefined && m[1].trim() !== '') legacySnippets.add(m[1]);
  }
  return {
    assets: [...assets].map(ownCopy),
    imports: [...imports].map(ownCopy),
    legacySnippets: [...legacySnippets].map(ownCopy),
  };
}

/**
 * A reference that points into the project, as a project-relative path; undefined for URLs, anchors,
 * templates and (unless `atRoot` is `clamp`) paths that climb above the project root.
 * `clamp` resolves as a browser resolves a URL, and as the renderer does for images and links: `..` at
 * the root stays there, so `../images/a.png` on the root page `introduction` is `/images/a.png`.
 */
export function localTarget(ref: string, fromFile: string, atRoot: 'escape' | 'clamp' = 'escape'): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(ref) || ref.startsWith('//') || ref.startsWith('#') || /[{}$]/.test(ref)) {
    return undefined;
  }
  let clean = ref.replace(/[?#].*$/, '');
  try {
    clean = decodeURIComponent(clean);
  } catch {
    // Keep the raw text: a stray % is more likely part of the file name than an escape.
  }
  if (clean === '' || clean === '/') return undefined;
  const joined = clean.startsWith('/') ? clean.slice(1) : posix.join(posix.dirname(fromFile), clean);
  const normal = atRoot === 'clamp' ? posix.normalize(`/${joined}`).slice(1) : posix.normalize(joined);
  return normal.startsWith('../') || normal === '..' ? undefined : normal;
}

const IMPORT_EXTENSIONS = ['', '.mdx', '.md', '.jsx', '.js', '.tsx', '.ts'];

/**
 * Problems for the references of `file` whose target does not exist: `missing-asset` for images/files,
 * `missing-snippet` for local imports and for `<Snippet file>` includes (which render nothing when their
 * `_snippets/` file is missing, so a reader sees a silent gap). `files` = the project's (non-ignored)
 * files. Package imports (`react`) are not checked here.
 */
export function referenceProblems(files: ReadonlySet<string>, file: string, source: string): SiteProblem[] {
  const problems: SiteProblem[] = [];
  const { assets, imports, legacySnippets } = scanReferences(source);
  for (const ref of assets) {
    const target = localTarget(ref, file, 'clamp');
    if (target !== undefined && target !== '' && !files.has(target)) {
      problems.push({ code: 'missing-asset', file, message: `${ref}: file not found in the project` });
    }
  }
  for (const spec of imports) {
    if (!spec.startsWith('/') && !spec.startsWith('./') && !spec.startsWith('../')) continue;
    const target = localTarget(spec, file);
    const found = target !== undefined && IMPORT_EXTENSIONS.some((ext) => files.has(target + ext));
    if (!found)
      problems.push({ code: 'missing-snippet', file, message: `import "${spec}": file not found in the project` });
  }
  for (const name of legacySnippets) {
    const target = (LEGACY_SNIPPET_DIR + name.trim().replace(/^\/+/, '')).slice(1);
    if (!IMPORT_EXTENSIONS.some((ext) => files.has(target + ext))) {
      problems.push({
        code: 'missing-snippet',
        file,
        message: `<Snippet file="${name}">: ${target} not found in the project`,
      });
    }
  }
  return problems;
}
