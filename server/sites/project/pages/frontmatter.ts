/** YAML frontmatter of MDX/Markdown pages (format reference §2). */
import { parse } from 'yaml';

/** A page source split into its frontmatter data and body. */
export interface SplitSource {
  readonly data: Record<string, unknown>;
  /** Offset where the body starts (after the closing `---` line), 0 without frontmatter. */
  readonly bodyStart: number;
  /** Why the frontmatter was ignored, when it could not be used. */
  readonly error?: string;
}

const OPEN = /^\uFEFF?---[ \t]*\r?\n/;
const CLOSE = /^(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/m;

/**
 * Splits `---` YAML frontmatter from a page. Invalid YAML or a non-mapping frontmatter gives empty data
 * and an `error`; the page itself stays usable.
 */
export function splitFrontmatter(source: string): SplitSource {
  const open = OPEN.exec(source);
  if (open === null) return { data: {}, bodyStart: 0 };
  const rest = source.slice(open[0].length);
  const close = CLOSE.exec(rest);
  if (close === null) return { data: {}, bodyStart: 0, error: 'frontmatter is not closed by a --- line' };
  const yamlText = rest.slice(0, close.index);
  const bodyStart = open[0].length + close.index + close[0].length;
  let data: unknown;
  try {
    data = parse(yamlText);
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { data: {}, bodyStart, error: `frontmatter is not valid YAML: ${message}` };
  }
  if (data === null || data === undefined) return { data: {}, bodyStart };
  if (typeof data !== 'object' || Array.isArray(data)) {
    return { data: {}, bodyStart, error: 'frontmatter must be a YAML mapping (key: value lines)' };
  }
  return { data: data as Record<string, unknown>, bodyStart };
}

/** The title Mintlify derives from a file name: last segment, `-`/`_` as spaces, first letter capitalised. */
export function titleFromPath(path: string): string {
  const last = path.split('/').pop() ?? path;
  const words = last.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A frontmatter value as a non-empty string (numbers are accepted: YAML reads `title: 2024` as one). */
export function fmString(data: Readonly<Record<string, unknown>>, key: string): string | undefined {
  const value = data[key];
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

/** `keywords` as a list (a single string is one keyword). */
export function fmKeywords(data: Readonly<Record<string, unknown>>): string[] {
  const value = data['keywords'];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((k): k is string => typeof k === 'string');
  return [];
}
