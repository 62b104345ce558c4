/**
 * What a site offers to machines: `/llms.txt` (+ `llms-full.txt`), each page's Markdown view
 * (`/<page>.md`, or the page URL with `Accept: text/markdown`), `/sitemap.xml` and `/robots.txt`. The
 * llms.txt and the Markdown views tell agents how to report a problem with `POST /feedback`. A project
 * that ships its own file at the root (format reference §3.5) gets that file instead.
 */
import type { SitePage, SiteModel } from '../project/model.js';
import { splitFrontmatter } from '../render/preprocess.js';
import type { SiteBuild } from './build.js';
import { operationSpecMarkdown } from './operationSpec.js';

const VARIABLE = /\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g;

/** `{{name}}` -> the docs.json variable; unknown names stay as written. */
function substitute(text: string, variables: Readonly<Record<string, string>>): string {
  return text.replace(VARIABLE, (whole, name: string) => variables[name] ?? whole);
}

/** Frontmatter-less page text that is not written for readers of Markdown: imports and human-only blocks. */
function cleanBody(body: string, variables: Readonly<Record<string, string>>): string {
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of body.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker !== undefined) {
      if (fence === null) fence = marker;
      else if (marker.startsWith(fence)) fence = null;
    } else if (fence === null && /^import\s.+\sfrom\s+['"][^'"]+['"];?\s*$/.test(line)) continue;
    out.push(line);
  }
  return substitute(out.join('\n'), variables)
    .replace(/<Visibility\s+for=["']humans["']\s*>[\s\S]*?<\/Visibility>/g, '')
    .replace(/<Visibility\s+for=["']agents["']\s*>([\s\S]*?)<\/Visibility>/g, '$1')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function configInstructions(model: SiteModel): string[] {
  const markdown = model.config.markdown;
  const given = markdown === undefined ? undefined : markdown['instructions'];
  if (typeof given === 'string') return [given];
  return Array.isArray(given) ? given.filter((x): x is string => typeof x === 'string') : [];
}

/** The sentence telling an agent how to report a problem with a page. */
export function feedbackInstructions(origin: string, path: string): string {
  return (
    `If this page is wrong, outdated or confusing, tell its authors: send \`POST ${origin}/feedback\` with ` +
    `\`Content-Type: application/json\` and the body \`${JSON.stringify({ path, feedback: 'what is wrong, and what would fix it' })}\`. ` +
    `No key or account is needed.`
  );
}

/** An endpoint page's method and path, what the operation does (unless the title or `>` line says it), and its spec. */
function endpointMarkdown(page: SitePage): string {
  const op = page.operation;
  if (op === undefined) return '';
  const about = op.description ?? op.summary ?? '';
  return [
    `\`${op.method.toUpperCase()} ${op.path}\``,
    about === page.description || about === page.title ? '' : about,
    `OpenAPI document: /${op.spec}`,
  ]
    .filter((s) => s !== '')
    .join('\n\n');
}

function pageMarkdownBody(build: SiteBuild, page: SitePage): string {
  const source = page.file === null ? null : build.readText(page.file);
  const body = source === null ? '' : cleanBody(splitFrontmatter(source).body, build.model.settings.variables);
  // A page written for an operation (`openapi:` in its frontmatter) shows the endpoint above its text, and
  // any endpoint page its operation's definition below, whence the page draws its reference.
  const op = page.operation;
  const spec = op === undefined ? undefined : build.model.specs.get(op.spec);
  const definition = op === undefined || spec === undefined ? '' : operationSpecMarkdown(spec, op);
  return [endpointMarkdown(page), body, definition].filter((part) => part.trim() !== '').join('\n\n');
}

/** Title and description of a page with the site's variables filled in. */
function heading(model: SiteModel, page: SitePage): { title: string; description: string | undefined } {
  const vars = model.settings.variables;
  return {
    title: substitute(page.title, vars),
    description: page.description === undefined ? undefined : substitute(page.description, vars),
  };
}

function titled(model: SiteModel, page: SitePage, body: string): string {
  const { title, description } = heading(model, page);
  return `# ${title}\n\n${description === undefined ? '' : `> ${description}\n\n`}${body}`.trim();
}

/**
 * A page as a reader copies it ("Copy page"): title, description and its source minus frontmatter and
 * imports, without the agent instructions of {@link markdownView} (they speak to agents on the live site).
 */
export function pageMarkdown(build: SiteBuild, page: SitePage): string {
  return `${titled(build.model, page, pageMarkdownBody(build, page))}\n`;
}

/** A page as Markdown: its source minus frontmatter and imports, then the agent instructions block. */
export function markdownView(build: SiteBuild, page: SitePage, origin: string): string {
  const lines = [
    ...configInstructions(build.model),
    ...(build.model.settings.readerFeedback ? [feedbackInstructions(origin, page.url)] : []),
  ];
  const block = lines.length === 0 ? '' : `\n\n<AgentInstructions>\n${lines.join('\n\n')}\n</AgentInstructions>`;
  return `${titled(build.model, page, pageMarkdownBody(build, page))}${block}\n`;
}

/** Pages listed for machines: in the navigation, not hidden, not noindex, not links elsewhere (§2, §9). */
export function listedPages(model: SiteModel): SitePage[] {
  const out: SitePage[] = [];
  const seen = new Set<string>();
  const consider = (page: SitePage | undefined): void => {
    if (page === undefined || seen.has(page.path)) return;
    seen.add(page.path);
    if (page.indexed && !page.hidden && !page.noindex && page.externalUrl === undefined) out.push(page);
  };
  for (const path of model.navOrder) consider(model.pages.get(path));
  for (const page of model.pages.values()) consider(page);
  return out;
}

function encodePath(path: string): string {
  return encodeURI(path).replace(/[?#]/g, encodeURIComponent);
}

function feedbackSection(build: SiteBuild, origin: string): string {
  const { model } = build;
  if (!model.settings.readerFeedback) return '';
  // The example names a page the site has (its first): an agent may well send it as written.
  const first = model.navOrder[0] === undefined ? undefined : model.pages.get(model.navOrder[0]);
  const example = first?.url ?? '/';
  return `\n## Feedback\n\n${feedbackInstructions(origin, example)} Use the path of the page the feedback is about.\n`;
}

/** `/llms.txt`: the project's own file, else an index of the listed pages' Markdown views. */
export function llmsTxt(build: SiteBuild, origin: string): string {
  const own = build.readText('llms.txt');
  if (own !== null) return `${own.trimEnd()}\n${feedbackSection(build, origin)}`;
  const { settings } = build.model;
  const lines = [`# ${settings.name}`, ''];
  if (settings.description !== undefined) lines.push(`> ${settings.description}`, '');
  lines.push('## Docs', '');
  for (const page of listedPages(build.model)) {
    const url = `${origin}${encodePath(page.url === '/' ? '/index' : page.url)}.md`;
    const { title, description } = heading(build.model, page);
    lines.push(`- [${title}](${url})${description === undefined ? '' : `: ${description}`}`);
  }
  return `${lines.join('\n')}\n${feedbackSection(build, origin)}`;
}

/** `/llms-full.txt`: the project's own file, else every listed page's Markdown, one after the other. */
export function llmsFullTxt(build: SiteBuild, origin: string): string {
  const own = build.readText('llms-full.txt');
  if (own !== null) return `${own.trimEnd()}\n${feedbackSection(build, origin)}`;
  const pages = listedPages(build.model).map((page) => {
    const source = `Source: ${origin}${encodePath(page.url)}`;
    return `${titled(build.model, page, pageMarkdownBody(build, page))}\n\n${source}`;
  });
  return `${pages.join('\n\n---\n\n')}\n${feedbackSection(build, origin)}`;
}

function xml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `/sitemap.xml`: the project's own file, else the listed pages at their extensionless URLs. */
export function sitemapXml(build: SiteBuild, origin: string): string {
  const own = build.readText('sitemap.xml');
  if (own !== null) return own;
  const urls = listedPages(build.model).map((page) => `<url><loc>${xml(origin + encodePath(page.url))}</loc></url>`);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    urls.map((u) => `  ${u}\n`).join('') +
    '</urlset>\n'
  );
}

/** `/robots.txt`: the project's own file, else allow everything and name the sitemap. */
export function robotsTxt(build: SiteBuild, origin: string): string {
  return build.readText('robots.txt') ?? `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
}
