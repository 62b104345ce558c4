/**
 * A page's body as the server uses it: the MDX rendered in a render sandbox (never in this process) and,
 * for OpenAPI pages, the theme's endpoint reference around it. Site servers, imports (search index) and
 * exports all render through {@link renderPageSource}.
 */
import type { SitePage, SiteModel } from '../project/model.js';
import type { RenderedPage } from '../render/types.js';
import { plainCode, type CodeHighlighter } from '../theme/endpoint/code.js';
import { renderEndpointPage } from '../theme/endpoint/endpoint.js';
import { renderSchemaPage } from '../theme/endpoint/schemaPage.js';
import { mdxRequestExample } from '../theme/endpoint/mdxSamples.js';
import { findNamedSchema } from '../project/openapi/schemas.js';
import { esc } from '../theme/html.js';
import { SandboxFailure } from './pool.js';
import { MAX_HIGHLIGHT_BLOCKS } from './protocol.js';
import { renderSandbox } from './shared.js';

/** The error box's text when rendering threw: the exception is logged, never shown to readers. */
export const INTERNAL_RENDER_FAILURE =
  'An internal error stopped this page from rendering (the server log has the details)';

/** The renderer's error box (server/sites/render/DOM.md, "Render errors"). */
export function errorBox(reason: string): string {
  return (
    `<div class="op-render-error" data-op-render-error=""><p class="op-render-error-title">` +
    `This page could not be rendered</p><pre class="op-render-error-message">${esc(reason)}</pre></div>`
  );
}

/**
 * A body that is only the error box, with the reason the page could not be rendered; `transient` when
 * the reason is the machine's (time ran out, no room), not the page's: the body is then incomplete.
 */
export function failedBody(page: SitePage, reason: string, transient = false): RenderedPage {
  return {
    ...(transient ? { incomplete: reason } : {}),
    html: errorBox(reason),
    headings: [],
    unknownComponents: [],
    missingImports: [],
    assets: [],
    text: '',
    frontmatter: page.frontmatter,
    warnings: [`render failed: ${reason}`],
  };
}

const packedByModel = new WeakMap<SiteModel, Readonly<Record<string, string>> | undefined>();

/** The model's packed remote media as the renderer takes them (URL -> `/path`), once per model. */
function packedMedia(model: SiteModel): Readonly<Record<string, string>> | undefined {
  if (packedByModel.has(model)) return packedByModel.get(model);
  const media = [...model.remoteAssets].filter(([, packed]) => packed.kind === 'image' || packed.kind === 'video');
  const record = media.length === 0 ? undefined : Object.fromEntries(media.map(([url, p]) => [url, `/${p.path}`]));
  packedByModel.set(model, record);
  return record;
}

/** What highlighting noted about a page: its warnings, and why it is incomplete when it is. */
interface HighlightNotes {
  readonly warnings: string[];
  incomplete?: string;
}

/** `page` with the notes' warnings added, and marked incomplete when they say so. */
function withNotes(page: RenderedPage, notes: HighlightNotes): RenderedPage {
  if (notes.warnings.length === 0 && notes.incomplete === undefined) return page;
  return {
    ...page,
    warnings: [...page.warnings, ...notes.warnings],
    ...(notes.incomplete === undefined ? {} : { incomplete: page.incomplete ?? notes.incomplete }),
  };
}

/**
 * Highlights an endpoint page's blocks in a render sandbox of the project in `rootDir`; a sandbox that
 * fails (too slow, crashed) leaves them plain and says so in `notes`, never the page failed. Plain code
 * because time ran out is the machine's doing: the page is then incomplete.
 */
function sandboxHighlighter(rootDir: string, notes: HighlightNotes): CodeHighlighter {
  return async (blocks) => {
    try {
      const parts: Promise<string[]>[] = [];
      for (let at = 0; at < blocks.length; at += MAX_HIGHLIGHT_BLOCKS) {
        parts.push(renderSandbox().highlight(rootDir, blocks.slice(at, at + MAX_HIGHLIGHT_BLOCKS)));
      }
      return (await Promise.all(parts)).flat();
    } catch (error) {
      if (!(error instanceof SandboxFailure)) throw error;
      const warning = `code samples shown without highlighting: ${error.message}`;
      notes.warnings.push(warning);
      if (error.transient) notes.incomplete ??= warning;
      return plainCode(blocks);
    }
  };
}

/**
 * `content` with the request example Mintlify generates for an MDX endpoint page (`api: "POST url"`)
 * from its ParamFields put first (the client pins it to the right column); as it was for other pages.
 */
async function withRequestExample(
  model: SiteModel,
  rootDir: string,
  page: SitePage,
  content: RenderedPage,
): Promise<RenderedPage> {
  const notes: HighlightNotes = { warnings: [] };
  const facts = { ...content, frontmatter: page.frontmatter };
  const example = await mdxRequestExample(model.config.api, facts, sandboxHighlighter(rootDir, notes));
  if (example === '') return content;
  return withNotes({ ...content, html: example + content.html }, notes);
}

/** How a page is rendered: `summary` when only its headings, text and lists are read (search indexing). */
export interface RenderSourceOptions {
  readonly summary?: boolean;
}

/**
 * A page's body from its sources: the MDX, rendered in a sandbox process that may read only the
 * project's folder `rootDir` (server/sites/sandbox), and, for OpenAPI pages, the endpoint reference.
 * A page its sandbox could not render (unreadable file, too slow, out of memory) gets the error box
 * with the reason; renderer bugs throw. With `summary`, the MDX body's HTML is left out (empty).
 */
export async function renderPageSource(
  model: SiteModel,
  rootDir: string,
  page: SitePage,
  options: RenderSourceOptions = {},
): Promise<RenderedPage> {
  let content: RenderedPage | undefined;
  if (page.file !== null) {
    try {
      const packedAssets = packedMedia(model);
      content = await renderSandbox().render(rootDir, {
        file: page.file,
        variables: model.settings.variables,
        iconLibrary: model.settings.iconLibrary,
        ...(packedAssets === undefined ? {} : { packedAssets }),
        ...(options.summary === true ? { summary: true } : {}),
      });
    } catch (error) {
      if (!(error instanceof SandboxFailure)) throw error;
      return failedBody(page, error.message, error.transient);
    }
  }
  if (page.operation !== undefined) {
    // A summary is read for its text alone: its code needs no grammar.
    if (options.summary === true) return renderEndpointPage(model, page.operation, plainCode, content);
    const notes: HighlightNotes = { warnings: [] };
    const body = await renderEndpointPage(model, page.operation, sandboxHighlighter(rootDir, notes), content);
    return withNotes(body, notes);
  }
  if (content === undefined) return failedBody(page, 'The page has neither a file nor an OpenAPI operation');
  if (options.summary !== true) content = await withRequestExample(model, rootDir, page, content);
  const schemaRef = page.frontmatter['openapi-schema'];
  const named = typeof schemaRef === 'string' ? findNamedSchema(model.specs, schemaRef) : undefined;
  return named === undefined ? content : renderSchemaPage(named, content);
}
