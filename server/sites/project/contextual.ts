/**
 * docs.json `contextual.options`: the menu of page actions beside a page's title ("Copy page", "View as
 * Markdown", links of the project's own). Mintlify's other built-in options open the page in an online
 * tool (ChatGPT, Claude, Perplexity, an MCP server, Cursor, VS Code): an offline copy has none to reach,
 * so they are left out, and the import says so once.
 */
import { z } from 'zod';
import type { SiteProblem } from './model.js';
import type { ContextualItem } from './settingsModel.js';

const ONLINE_OPTIONS: ReadonlySet<string> = new Set([
  'chatgpt',
  'claude',
  'perplexity',
  'grok',
  'mcp',
  'add-mcp',
  'cursor',
  'vscode',
  'aistudio',
  'devin',
  'windsurf',
]);

/** What a project's own action may link to: a web page, an address, or a page of the site. */
const LINK = /^(https?:\/\/|mailto:|\/(?!\/))/i;

const CustomOptionSchema = z.looseObject({
  title: z.string().min(1),
  description: z.string().optional(),
  href: z.unknown(),
});
const ContextualSchema = z.looseObject({ options: z.array(z.unknown()).optional() });

/** A custom option's link that Mintlify's servers fill in from the page (`$page`, `{ base, query }`). */
function isLinkBuiltOnline(href: unknown): boolean {
  return typeof href !== 'string' || href.includes('$');
}

/** An option of the project's own as an item; undefined when its link is built from page data online. */
function customItem(option: z.output<typeof CustomOptionSchema>): ContextualItem | undefined {
  // `$page`, `$path` and `{ base, query }` links are filled in by Mintlify's servers; a script or data
  // URL is no link a reader should be handed.
  if (typeof option.href !== 'string' || isLinkBuiltOnline(option.href) || !LINK.test(option.href)) return undefined;
  return {
    kind: 'link',
    title: option.title,
    href: option.href,
    ...(option.description === undefined ? {} : { description: option.description }),
  };
}

/** The page actions a config asks for, and a notice naming the options an offline copy leaves out. */
export function contextualItems(
  value: unknown,
  configFile: string,
): { items: readonly ContextualItem[]; problems: SiteProblem[] } {
  const parsed = ContextualSchema.safeParse(value);
  if (!parsed.success) return { items: [], problems: [] };
  const items: ContextualItem[] = [];
  const online: string[] = [];
  const unknown: string[] = [];
  for (const option of parsed.data.options ?? []) {
    if (option === 'copy' || option === 'view') {
      if (!items.some((item) => item.kind === option)) items.push({ kind: option });
      continue;
    }
    const custom = CustomOptionSchema.safeParse(option);
    const item = custom.success ? customItem(custom.data) : undefined;
    if (item !== undefined) items.push(item);
    else if (typeof option === 'string') (ONLINE_OPTIONS.has(option) ? online : unknown).push(option);
    else if (custom.success) (isLinkBuiltOnline(custom.data.href) ? online : unknown).push(`"${custom.data.title}"`);
  }
  const problems: SiteProblem[] = [];
  if (online.length > 0) {
    problems.push({
      code: 'unsupported-config',
      file: configFile,
      keyPath: 'contextual.options',
      message: `${online.join(', ')}: open the page in an online tool, which an offline copy cannot reach; left out`,
    });
  }
  if (unknown.length > 0) {
    problems.push({
      code: 'invalid-config',
      file: configFile,
      keyPath: 'contextual.options',
      message: `${unknown.join(', ')}: not a page action Offprint knows (copy, view, or { title, href } linking to a web page or a page of the site); left out`,
    });
  }
  return { items, problems };
}
