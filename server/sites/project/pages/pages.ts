/**
 * Page records: reading page files (frontmatter, reference checks) and turning them, and generated
 * endpoint pages, into {@link SitePage}s with the visibility rules of the format reference (§2, §9):
 * - `hidden: true` -> out of navigation, noindex; not-in-navigation -> reachable by URL only;
 * - sitemap/search/llms.txt ("indexed") = not noindex, and referenced by a visible nav entry (or by a
 *   hidden tab/group with `searchable: true`), or `seo.indexing: "all"`.
 */
import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { OpenApiOperation, OpenApiSpec, SitePage, SiteProblem } from '../model.js';
import { iconOf } from '../navigation/build.js';
import type { GeneratedPage, PageUsage } from '../navigation/context.js';
import { findOperation, missingOperationReason, pageSpecFile, parseOperationRef } from '../openapi/operations.js';
import { findNamedSchema } from '../openapi/schemas.js';
import { substituteKnownVariables } from '../../render/preprocess.js';
import { decodeEntities } from '../../render/text.js';
import { pagePathOf, pageUrlOf } from './files.js';
import {
  FrontmatterSchema,
  fmKeywords,
  fmString,
  splitFrontmatter,
  titleFromPath,
  type Frontmatter,
} from './frontmatter.js';
import { parseLenient } from '../config/lenient.js';
import { referenceProblems } from './references.js';

/** An operation's `x-mint` extension, of which `metadata` is read here. */
const MintMetadataSchema = z.looseObject({ metadata: z.record(z.string(), z.unknown()) });

/**
 * The frontmatter an operation's `x-mint: metadata` gives its generated page: any key a page's frontmatter
 * takes but `openapi` (Mintlify's rule), a bad value of a known key left out as in a file's frontmatter.
 */
function operationMetadata(op: OpenApiOperation): Frontmatter {
  const ext = MintMetadataSchema.safeParse(op.operation['x-mint']);
  if (!ext.success) return {};
  const metadata = parseLenient(FrontmatterSchema, ext.data.metadata, {}).data;
  return Object.fromEntries(Object.entries(metadata).filter(([key]) => key !== 'openapi'));
}

/** A page file as read. */
export interface PageFile {
  readonly path: string;
  readonly file: string;
  readonly format: 'mdx' | 'md';
  readonly frontmatter: Frontmatter;
  /** The day the file last changed (`YYYY-MM-DD`, UTC): its time as imported (copy.ts, zip.ts keep it). */
  readonly modified: string;
}

function formatOf(file: string): PageFile['format'] {
  return file.toLowerCase().endsWith('.md') ? 'md' : 'mdx';
}

/**
 * The file that is the page at each page path, in order of first appearance. `a.mdx` and `a.md` side by
 * side are one page: the (first) MDX file; of plain Markdown files alone at a path, the last. Decided from
 * the names alone, so pages can be read and handed on one at a time.
 */
export function pageFileByPath(pageFiles: readonly string[]): Map<string, string> {
  const byPath = new Map<string, string>();
  for (const file of pageFiles) {
    const path = pagePathOf(file);
    const current = byPath.get(path);
    if (current !== undefined && formatOf(current) === 'mdx') continue;
    byPath.set(path, file);
  }
  return byPath;
}

/**
 * The frontmatter with docs.json's `{{variables}}` substituted in its text values (a title, a description,
 * keywords), as Mintlify substitutes them in the whole page file.
 */
function withVariables(data: Frontmatter, variables: Readonly<Record<string, string>>): Frontmatter {
  const sub = (value: unknown): unknown => {
    if (typeof value === 'string') return substituteKnownVariables(value, variables);
    return Array.isArray(value) ? value.map((item: unknown) => sub(item)) : value;
  };
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, sub(value)]));
}

/** A frontmatter block written below the page's first `import`/`export` lines, where it is not read. */
const LATE_FRONTMATTER =
  /^\uFEFF?(?:[ \t]*\r?\n)*(?:(?:import|export)\b[^\n]*\r?\n(?:[ \t]*\r?\n)*)+---[ \t]*\r?\n[A-Za-z_][\w-]*:[^\n]*(?:\r?\n[\s\S]*?)?\r?\n---[ \t]*(?:\r?\n|$)/;

/**
 * Reads one page file: its frontmatter (`variables` substituted), with its problems (bad frontmatter,
 * missing references) added to `problems`.
 */
/** Looks at the text of a page or snippet as the import reads it (`file` is project-relative). */
export type SourceScan = (source: string, file: string) => void;

export function readPageFile(
  rootDir: string,
  file: string,
  allFiles: ReadonlySet<string>,
  problems: SiteProblem[],
  variables: Readonly<Record<string, string>>,
  collect?: SourceScan,
): PageFile {
  const { source, modified } = readWithDay(join(rootDir, file));
  collect?.(source, file);
  const split = splitFrontmatter(source);
  for (const message of split.errors) problems.push({ code: 'invalid-frontmatter', file, message });
  if (Object.keys(split.data).length === 0 && LATE_FRONTMATTER.test(source)) {
    problems.push({
      code: 'invalid-frontmatter',
      file,
      message:
        'the frontmatter comes after an import or export line: it is read only at the very top of the file, ' +
        'so the page shows it as text and takes its title from the file name (move the import below it)',
    });
  }
  problems.push(...referenceProblems(allFiles, file, source));
  const frontmatter = Object.keys(variables).length === 0 ? split.data : withVariables(split.data, variables);
  return { path: pagePathOf(file), file, format: formatOf(file), frontmatter, modified };
}

/** A file's text and the day it last changed (`YYYY-MM-DD`, UTC), read through one open. */
function readWithDay(path: string): { source: string; modified: string } {
  const fd = openSync(path, 'r');
  try {
    const modified = fstatSync(fd).mtime.toISOString().slice(0, 10);
    return { source: readFileSync(fd, 'utf8'), modified };
  } finally {
    closeSync(fd);
  }
}

/** Missing references of snippet files (MDX and scripts). */
export function snippetProblems(
  rootDir: string,
  snippetFiles: readonly string[],
  allFiles: ReadonlySet<string>,
  collect?: SourceScan,
): SiteProblem[] {
  const problems: SiteProblem[] = [];
  for (const file of snippetFiles) {
    if (!/\.(mdx?|jsx?|tsx?)$/i.test(file)) continue;
    const source = readFileSync(join(rootDir, file), 'utf8');
    collect?.(source, file);
    problems.push(...referenceProblems(allFiles, file, source));
  }
  return problems;
}

interface Visibility {
  readonly indexAll: boolean;
}

function visibility(frontmatter: Frontmatter, usage: PageUsage | undefined, v: Visibility) {
  const hidden = frontmatter.hidden === true;
  const noindex = hidden || frontmatter.noindex === true;
  const listed = usage !== undefined && (usage.visible || usage.hiddenSearchable);
  const indexed = !noindex && (v.indexAll || listed);
  return {
    inNavigation: usage !== undefined,
    hidden,
    noindex,
    indexed,
    searchable: indexed && frontmatter.searchable !== false,
  };
}

/**
 * The fields every page has but `path`, which the page's literal writes first: a literal that opens with a
 * spread is a clone of the spread object, and V8 gives each such clone a hidden class of its own once the
 * pages' shapes vary (each page then carried ~0.5 KB of class data: 5 MB at 10,000 pages); a literal that
 * opens with a property builds every page on shared classes.
 */
function common(path: string, frontmatter: Frontmatter, fallbackTitle: string) {
  const title = fmString(frontmatter.title) ?? fallbackTitle;
  const fields = {
    // Written where HTML is not read, it may still carry character references (`Greptile&apos;s`, text
    // moved from HTML): Mintlify shows them decoded, and meta tags and search want the characters.
    description: descriptionOf(frontmatter),
    icon: iconOf(frontmatter.icon ?? undefined, frontmatter.iconType ?? undefined),
    tag: fmString(frontmatter.tag),
    mode: fmString(frontmatter.mode),
    externalUrl: fmString(frontmatter.url),
  };
  return {
    url: pageUrlOf(path),
    frontmatter,
    title,
    sidebarTitle: fmString(frontmatter.sidebarTitle) ?? title,
    keywords: fmKeywords(frontmatter),
    ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
  };
}

function descriptionOf(frontmatter: Frontmatter): string | undefined {
  const description = fmString(frontmatter.description);
  return description === undefined ? undefined : decodeEntities(description);
}

function boostOf(frontmatter: Frontmatter, usage: PageUsage | undefined): { boost?: number } {
  const own = frontmatter.boost;
  if (typeof own === 'number') return { boost: own };
  return usage?.boost === undefined ? {} : { boost: usage.boost };
}

/**
 * The SitePage of a page file. A frontmatter `openapi:` reference is resolved against the specs
 * (missing operations become problems).
 */
export function filePage(
  page: PageFile,
  usage: PageUsage | undefined,
  specs: ReadonlyMap<string, OpenApiSpec>,
  v: Visibility,
  problems: SiteProblem[],
  specFile: (source: string) => string | undefined = (source) => source,
  unfetchedSpecs = false,
): SitePage {
  const schemaRef = fmString(page.frontmatter['openapi-schema']);
  if (schemaRef !== undefined && findNamedSchema(specs, schemaRef) === undefined) {
    problems.push({
      code: 'missing-operation',
      file: page.file,
      message: `openapi-schema "${schemaRef}": no local OpenAPI spec has this schema`,
    });
  }
  let operation: OpenApiOperation | undefined;
  const openapi = fmString(page.frontmatter.openapi);
  if (openapi !== undefined) {
    const written = parseOperationRef(openapi);
    // A spec named by URL is looked up as its packed copy (server/sites/project/remote.ts).
    const root = written?.spec === undefined ? undefined : specFile(written.spec);
    const spec =
      root === undefined || written?.spec === undefined
        ? root
        : pageSpecFile(written.spec, root, page.file, (file) => specs.has(file));
    const ref = written === undefined || spec === undefined ? written : { ...written, spec };
    operation = ref === undefined ? undefined : findOperation(specs, ref);
    if (operation === undefined && written?.spec !== undefined && spec === undefined) {
      problems.push({
        code: 'remote-spec',
        file: page.file,
        message: `openapi "${openapi}": the spec is a URL, which an offline import cannot fetch; run \`offprint pack\` on a connected machine`,
      });
    } else if (operation === undefined) {
      const why =
        ref === undefined
          ? 'is not "[spec] METHOD /path" or "[spec] webhook name"'
          : missingOperationReason(specs, ref, unfetchedSpecs);
      problems.push({ code: 'missing-operation', file: page.file, message: `openapi "${openapi}": ${why}` });
    }
  }
  return {
    path: page.path,
    // Without a title of its own, an endpoint page takes its operation's summary, as Mintlify titles it.
    ...common(page.path, page.frontmatter, operation?.summary ?? titleFromPath(page.path)),
    // Nor a description: its operation's, as a page generated from the navigation has (meta, search, llms.txt).
    ...(fmString(page.frontmatter.description) === undefined && operation?.description !== undefined
      ? { description: operation.description }
      : {}),
    file: page.file,
    format: page.format,
    lastModified: page.modified,
    ...boostOf(page.frontmatter, usage),
    ...visibility(page.frontmatter, usage, v),
    ...(operation === undefined ? {} : { operation }),
  };
}

/** The SitePage of an endpoint page generated from navigation. */
export function generatedPage(gen: GeneratedPage, usage: PageUsage | undefined, v: Visibility): SitePage {
  const op = gen.operation;
  const ref =
    op.kind === 'webhook' ? `${op.spec} webhook ${op.path}` : `${op.spec} ${op.method.toUpperCase()} ${op.path}`;
  const frontmatter: Frontmatter = {
    title: op.summary ?? (op.kind === 'webhook' ? op.path : `${op.method.toUpperCase()} ${op.path}`),
    ...(op.description === undefined ? {} : { description: op.description }),
    ...(op.deprecated ? { deprecated: true } : {}),
    ...operationMetadata(op),
    openapi: ref,
  };
  return {
    path: gen.path,
    ...common(gen.path, frontmatter, gen.path),
    file: null,
    format: 'openapi',
    ...boostOf(frontmatter, usage),
    ...visibility(frontmatter, usage, v),
    operation: op,
  };
}
