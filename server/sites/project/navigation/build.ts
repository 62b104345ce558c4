/**
 * Normalises every navigation shape of docs.json (format reference §1.3-1.5) into one tree: sections
 * (tabs, anchors, dropdowns, products, versions, languages, menu items), groups, page references and
 * links. Page strings may carry a trailing `.mdx`/`.md` or a leading `/`; strings that are OpenAPI
 * operations become generated endpoint pages. References to missing pages are dropped from the tree and
 * reported as problems.
 */
import type { NavigationConfig, NavNodeConfig } from '../config/navigationSchema.js';
import type { IconConfig, OpenApiSourceConfig } from '../config/primitives.js';
import type { IconRef, NavDivision, NavGroup, NavItem, NavRoot, NavSection } from '../model.js';
import { findOperation, missingOperationReason, parseOperationRef } from '../openapi/operations.js';
import { generateAll } from './generate.js';
import { REMOTE_SPEC, type Inherited, type NavContext, type SpecSource } from './context.js';

/** Division array keys in the order their sections are listed, with their division and label key. */
const SECTION_KEYS = [
  ['tabs', 'tab', 'tab'],
  ['anchors', 'anchor', 'anchor'],
  ['dropdowns', 'dropdown', 'dropdown'],
  ['products', 'product', 'product'],
  ['versions', 'version', 'version'],
  ['languages', 'language', 'language'],
  ['menu', 'menu', 'item'],
] as const satisfies readonly (readonly [keyof NavNodeConfig, NavDivision, keyof NavNodeConfig])[];

/** An icon from `icon` (+ legacy `iconType`) in config or frontmatter. */
export function iconOf(icon: IconConfig | undefined, iconType?: string): IconRef | undefined {
  if (typeof icon === 'string') {
    if (icon === '') return undefined;
    return iconType === undefined ? { name: icon } : { name: icon, style: iconType };
  }
  if (icon === undefined) return undefined;
  const style = icon.style ?? iconType;
  return {
    name: icon.name,
    ...(style === undefined ? {} : { style }),
    ...(icon.library === undefined ? {} : { library: icon.library }),
  };
}

/** Normalises an `openapi` value to a list of sources. */
export function specSources(value: OpenApiSourceConfig | undefined): SpecSource[] {
  if (value === undefined) return [];
  if (typeof value === 'string') return [{ source: value }];
  if (Array.isArray(value)) return value.map((source) => ({ source }));
  return [
    value.directory === undefined ? { source: value.source } : { source: value.source, directory: value.directory },
  ];
}

/** A page reference as written -> page path (`/guides/a.mdx` -> `guides/a`). */
export function normalisePageRef(ref: string): string {
  return ref
    .trim()
    .replace(/^\.?\/+/, '')
    .replace(/\/+$/, '')
    .replace(/\.mdx?$/i, '');
}

function inherit(node: NavNodeConfig, parent: Inherited): Inherited {
  const specs = specSources(node.openapi);
  const apiDirectory = specs.find((s) => s.directory !== undefined)?.directory ?? parent.apiDirectory;
  const directory = node.directory ?? parent.directory;
  const boost = node.boost ?? parent.boost;
  return {
    specs: specs.length > 0 ? specs : parent.specs,
    hidden: parent.hidden || node.hidden === true,
    searchable: node.searchable ?? parent.searchable,
    ...(directory === undefined ? {} : { directory }),
    ...(apiDirectory === undefined ? {} : { apiDirectory }),
    ...(boost === undefined ? {} : { boost }),
  };
}

function hasContent(node: NavNodeConfig): boolean {
  return node.pages !== undefined || node.groups !== undefined || SECTION_KEYS.some(([key]) => node[key] !== undefined);
}

/** Resolves one page string to an existing page path, or reports it. */
function pageRef(ctx: NavContext, text: string, id: string, inh: Inherited): string | undefined {
  const written = parseOperationRef(text);
  if (written !== undefined) {
    const spec = written.spec === undefined ? undefined : ctx.specFile(written.spec);
    if (written.spec !== undefined && spec === undefined) {
      ctx.problem('remote-spec', id, `"${text}": ${REMOTE_SPEC}`);
      return undefined;
    }
    const op = spec === undefined ? written : { ...written, spec };
    const local = inh.specs.flatMap((s) => ctx.specFile(s.source) ?? []);
    const found = findOperation(ctx.specs, op, local);
    if (found === undefined) {
      const unfetched = ctx.problems.some((p) => p.code === 'remote-spec');
      ctx.problem('missing-operation', id, `"${text}": ${missingOperationReason(ctx.specs, op, unfetched)}`);
      return undefined;
    }
    const directory = inh.specs.find((s) => ctx.specFile(s.source) === found.spec)?.directory ?? inh.apiDirectory;
    const path = ctx.generate(found, directory);
    ctx.use(path, inh);
    return path;
  }
  const path = normalisePageRef(text);
  if (!ctx.exists(path)) {
    ctx.problem('missing-page', id, `"${text}": no page ${path}.mdx or ${path}.md in the project`);
    return undefined;
  }
  ctx.use(path, inh);
  return path;
}

function buildGroup(ctx: NavContext, node: NavNodeConfig, id: string, parent: Inherited): NavGroup {
  const inh = inherit(node, parent);
  const root = node.root === undefined ? undefined : pageRef(ctx, node.root, `${id}.root`, inh);
  const icon = iconOf(node.icon, node.iconType);
  const { items } = buildContent(ctx, node, id, inh);
  return {
    kind: 'group',
    id,
    label: node.group ?? '',
    ...(icon === undefined ? {} : { icon }),
    ...(node.tag === undefined ? {} : { tag: node.tag }),
    ...(root === undefined ? {} : { root }),
    expanded: node.expanded === true,
    hidden: node.hidden === true,
    ...(inh.directory === undefined ? {} : { directory: inh.directory }),
    ...(inh.boost === undefined ? {} : { boost: inh.boost }),
    items,
  };
}

function buildSection(
  ctx: NavContext,
  node: NavNodeConfig,
  division: NavDivision,
  label: string,
  id: string,
  parent: Inherited,
): NavSection {
  const inh = inherit(node, parent);
  const icon = iconOf(node.icon, node.iconType);
  const { sections, items } = buildContent(ctx, node, id, inh);
  const global = buildGlobal(ctx, node.global, `${id}.global`, inh);
  const optional = {
    icon,
    href: node.href,
    searchable: node.searchable,
    description: node.description,
    tag: node.tag,
    default: node.default,
    color: node.color,
    banner: node.banner,
    navbar: node.navbar,
    footer: node.footer,
  };
  const defined = Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined));
  return {
    kind: 'section',
    division,
    id,
    label,
    hidden: node.hidden === true,
    ...defined,
    ...(global.length > 0 ? { global } : {}),
    sections,
    items,
  };
}

/**
 * The link sections of a `global` object (of `navigation` or of a division), in the order of
 * {@link SECTION_KEYS}; `global` has no `menu`.
 */
function buildGlobal(ctx: NavContext, global: NavNodeConfig['global'], id: string, inh: Inherited): NavSection[] {
  const out: NavSection[] = [];
  if (global === undefined) return out;
  for (const [key, division, labelKey] of SECTION_KEYS) {
    if (key === 'menu') continue;
    global[key]?.forEach((child, i) => {
      const label = child[labelKey];
      out.push(buildSection(ctx, child, division, typeof label === 'string' ? label : '', `${id}.${key}[${i}]`, inh));
    });
  }
  return out;
}

/**
 * A spec its pages inherit that gives no operations (named by URL and not packed, or a file the project
 * lacks or cannot read): the report says why rather than only listing each page's missing operation.
 */
function reportUnusableSpecs(ctx: NavContext, sources: readonly SpecSource[], id: string): void {
  sources.forEach((source, i) => ctx.specOf(source.source, sources.length > 1 ? `${id}[${i}]` : id));
}

/**
 * Adds a group unless it has nothing to open: no root page and no items (it listed no pages, or only
 * missing ones, which are reported). Mintlify shows no such group; a bare heading would lead nowhere.
 * Nested groups are built first, so a group holding only empty groups goes too.
 */
function pushGroup(items: NavItem[], group: NavGroup): void {
  if (group.items.length > 0 || group.root !== undefined) items.push(group);
}

/** Child sections and sidebar items of a node. */
function buildContent(
  ctx: NavContext,
  node: NavNodeConfig,
  id: string,
  inh: Inherited,
): { sections: NavSection[]; items: NavItem[] } {
  const sections: NavSection[] = [];
  for (const [key, division, labelKey] of SECTION_KEYS) {
    node[key]?.forEach((child: NavNodeConfig, i: number) => {
      const label = child[labelKey];
      sections.push(
        buildSection(ctx, child, division, typeof label === 'string' ? label : '', `${id}.${key}[${i}]`, inh),
      );
    });
  }
  const items: NavItem[] = [];
  node.pages?.forEach((entry, i) => {
    const entryId = `${id}.pages[${i}]`;
    if (typeof entry === 'string') {
      const page = pageRef(ctx, entry, entryId, inh);
      if (page !== undefined) items.push({ kind: 'page', id: entryId, page });
    } else {
      pushGroup(items, buildGroup(ctx, entry, entryId, inh));
    }
  });
  node.groups?.forEach((group, i) => pushGroup(items, buildGroup(ctx, group, `${id}.groups[${i}]`, inh)));
  // A division with its own `openapi` and nothing else lists every operation of its specs (§1.5).
  if (node.openapi !== undefined && !hasContent(node)) {
    items.push(...generateAll(ctx, specSources(node.openapi), `${id}.openapi`, inh));
  } else if (node.openapi !== undefined) {
    reportUnusableSpecs(ctx, specSources(node.openapi), `${id}.openapi`);
  }
  return { sections, items };
}

/**
 * Builds the navigation tree. `apiSpecs` is the top-level `api.openapi`, inherited by the whole tree.
 */
export function buildNavigation(
  ctx: NavContext,
  navigation: NavigationConfig,
  apiSpecs: OpenApiSourceConfig | undefined,
): NavRoot {
  const rootInherited: Inherited = { specs: specSources(apiSpecs), hidden: false, searchable: false };
  // mint.json writes the top-level spec list as `openapi`; the report names the key as the author wrote it.
  reportUnusableSpecs(ctx, rootInherited.specs, ctx.configFile === 'mint.json' ? 'openapi' : 'api.openapi');
  const { global, ...primary } = navigation;
  const { sections, items } = buildContent(ctx, primary, 'navigation', inherit(primary, rootInherited));
  return { sections, items, global: buildGlobal(ctx, global, 'navigation.global', rootInherited) };
}
