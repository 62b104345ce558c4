/**
 * YAML frontmatter of MDX/Markdown pages (format reference §2). The keys Offprint reads are typed by
 * {@link FrontmatterSchema}; a key with a bad value is reported and left out (its default applies), other
 * keys pass through untouched (`og:*` meta tags, values pages read as `frontmatter.x`).
 */
import { parse } from 'yaml';
import { nestedDeeperThan } from '../depth.js';
import { z } from 'zod';
import { parseLenient } from '../config/lenient.js';
import { formatKeyPath } from '../config/refs.js';
import { IconSchema } from '../config/primitives.js';
import { ownCopy } from '../ownCopy.js';

/** YAML reads `title: 2024` as a number: text keys accept numbers. `key:` with no value is null: absent. */
const Text = z.union([z.string(), z.number()], { error: 'must be text' }).nullish();
const Flag = z.boolean().nullish();

/** The frontmatter keys Offprint reads. */
export const FrontmatterSchema = z.looseObject({
  title: Text,
  sidebarTitle: Text,
  description: Text,
  tag: Text,
  mode: Text,
  url: Text,
  openapi: Text,
  'openapi-schema': Text,
  api: z.string().nullish(),
  canonical: z.string().nullish(),
  icon: IconSchema.nullish(),
  iconType: z.string().nullish(),
  keywords: z.union([z.string(), z.array(Text)], { error: 'must be text or a list of texts' }).nullish(),
  boost: z.number().nullish(),
  hidden: Flag,
  noindex: Flag,
  searchable: Flag,
  deprecated: Flag,
  hideApiMarker: Flag,
  hideFooterPagination: Flag,
  /** Show (or hide) when the page last changed, whatever docs.json `metadata.timestamp` says. */
  timestamp: Flag,
  /** When the page last changed, as its author says (`2024-05-01`); before the file's own time. */
  lastUpdatedDate: Text,
  /** An RSS feed of the page's `<Update>` entries at `<page-url>/rss.xml`, and a button for it. */
  rss: Flag,
});

/** A page's validated frontmatter (unknown keys kept). */
export type Frontmatter = z.output<typeof FrontmatterSchema>;

/** A page source split into its frontmatter data and body. */
export interface SplitSource {
  readonly data: Frontmatter;
  /** Offset where the body starts (after the closing `---` line), 0 without frontmatter. */
  readonly bodyStart: number;
  /** Why the frontmatter, or some of its keys, were ignored. */
  readonly errors: readonly string[];
}

/** Deepest nesting frontmatter may have (a real one nests a few levels): deeper data overflows the stack. */
export const MAX_FRONTMATTER_DEPTH = 64;

const OPEN = /^\uFEFF?---[ \t]*\r?\n/;
const CLOSE = /^(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/m;

function readYaml(yamlText: string): { value: unknown } | { error: string } {
  try {
    return { value: parse(yamlText, { merge: true }) };
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { error: `frontmatter is not valid YAML: ${message}` };
  }
}

/**
 * Splits `---` YAML frontmatter from a page. Invalid YAML or a non-mapping frontmatter gives empty data
 * and an error, a bad value of a known key drops that key with an error; the page itself stays usable.
 */
export function splitFrontmatter(source: string): SplitSource {
  const open = OPEN.exec(source);
  if (open === null) return { data: {}, bodyStart: 0, errors: [] };
  const rest = source.slice(open[0].length);
  const close = CLOSE.exec(rest);
  if (close === null) return { data: {}, bodyStart: 0, errors: ['frontmatter is not closed by a --- line'] };
  const bodyStart = open[0].length + close.index + close[0].length;
  // Parsed from its own copy: values cut from the whole source would keep the page's text alive.
  const yaml = readYaml(ownCopy(rest.slice(0, close.index)));
  if ('error' in yaml) return { data: {}, bodyStart, errors: [yaml.error] };
  if (yaml.value === null || yaml.value === undefined) return { data: {}, bodyStart, errors: [] };
  if (nestedDeeperThan(yaml.value, MAX_FRONTMATTER_DEPTH)) {
    return {
      data: {},
      bodyStart,
      errors: [`frontmatter is nested deeper than the ${MAX_FRONTMATTER_DEPTH} levels allowed`],
    };
  }
  if (typeof yaml.value !== 'object' || Array.isArray(yaml.value)) {
    return { data: {}, bodyStart, errors: ['frontmatter must be a YAML mapping (key: value lines)'] };
  }
  const { data, issues } = parseLenient(FrontmatterSchema, yaml.value, {});
  const errors = issues.map((i) => `frontmatter ${formatKeyPath(i.path)}: ${i.message}; the key is ignored`);
  return { data, bodyStart, errors };
}

/**
 * Where a page source's body starts: after its frontmatter block; 0 without one or when it is not
 * closed (as {@link splitFrontmatter} reads it), for scans that must not read frontmatter as text.
 */
export function bodyStartOf(source: string): number {
  const open = OPEN.exec(source);
  if (open === null) return 0;
  const close = CLOSE.exec(source.slice(open[0].length));
  return close === null ? 0 : open[0].length + close.index + close[0].length;
}

/** The title Mintlify derives from a file name: last segment, `-`/`_` as spaces, first letter capitalised. */
export function titleFromPath(path: string): string {
  const last = path.split('/').pop() ?? path;
  const words = last.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A frontmatter text as a non-empty string (numbers are accepted: YAML reads `title: 2024` as one). */
export function fmString(value: string | number | null | undefined): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

/** `keywords` as a list (a single string is one keyword; numbers in a list are not keywords). */
export function fmKeywords(data: Frontmatter): string[] {
  const value = data.keywords;
  if (typeof value === 'string') return [value];
  return (value ?? []).filter((k): k is string => typeof k === 'string');
}
