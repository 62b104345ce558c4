/**
 * MDX page -> HTML body for docs sites. `renderPage` is the only entry point; it never throws for bad
 * content: syntax errors, missing snippets, unknown components and failing user components are reported
 * in the result and the page renders as much as it can. The emitted markup is described in DOM.md.
 */
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { escapeHtml, prepareHighlighter } from './code/highlight.js';
import { compileMdx } from './compile/compile.js';
import { preprocessBody, splitFrontmatter } from './preprocess.js';
import { HTML_COMPONENTS } from './runtime/components.js';
import { ModuleLoader } from './runtime/modules.js';
import { RenderState, StateProvider } from './runtime/state.js';
import { htmlToText, markdownToText } from './text.js';
import { localizeCdnIcons } from './icons/cdnIcons.js';
import { FAILED_COMPONENT_LIMITS, type RenderInput, type RenderedPage } from './types.js';
import { thrownMessage } from './runtime/guest.js';
import { islandScript, snippetIslandScript } from './runtime/transform.js';
import type { IslandPlan } from './compile/islands.js';

export type {
  EndpointField,
  FailedComponent,
  IconLibrary,
  RenderInput,
  RenderedHeading,
  RenderedPage,
} from './types.js';
export { slugify } from './runtime/state.js';
export { CODE_THEME_CSS } from './code/theme.js';

/**
 * Renders one page. Frontmatter is parsed and stripped, `{{variables}}` substituted, the MDX compiled
 * and run with the component catalogue, code highlighted, and everything the page references collected.
 */
export async function renderPage(input: RenderInput): Promise<RenderedPage> {
  const split = splitFrontmatter(input.source);
  const pre = preprocessBody(split.body, input.variables);
  const state = new RenderState(input.file, input.iconLibrary, input.packedAssets, input.fileExists);
  state.warnings.push(...split.warnings);
  for (const name of pre.undefinedVariables) state.warnings.push(`undefined variable {{${name}}}`);

  const compiled = compileMdx(pre.text);
  state.warnings.push(...compiled.warnings);
  if (compiled.code === null) return failed(state, split.frontmatter, pre.text, compiled.error ?? 'does not compile');

  const loader = new ModuleLoader(input, state);
  let Content: ComponentType<{ components: typeof HTML_COMPONENTS }>;
  try {
    const module = loader.run({ ...compiled, code: compiled.code }, input.file);
    Content = module['default'] as typeof Content;
  } catch (error) {
    return failed(state, split.frontmatter, pre.text, message(error));
  }
  await prepareHighlighter([...compiled.langs, ...loader.langs]);

  let html: string;
  try {
    html = renderToStaticMarkup(
      createElement(StateProvider, { state }, createElement(Content, { components: HTML_COMPONENTS })),
    );
  } catch (error) {
    return failed(state, split.frontmatter, pre.text, message(error));
  }
  // React hoists `<link rel="preload">` for eager images; the theme owns <head>, so drop them.
  html = localizeCdnIcons(html.replace(/^(?:<link rel="preload"[^>]*>)+/, ''));
  const islands = islandsOf(state, compiled.islands);
  return {
    html,
    headings: state.headings,
    unknownComponents: [...state.unknownComponents],
    ...failedComponentsOf(state),
    missingImports: [...state.missingImports],
    assets: [...state.assets],
    remoteMedia: [...state.remoteMedia],
    remoteEmbeds: [...state.remoteEmbeds],
    text: htmlToText(html),
    frontmatter: split.frontmatter,
    warnings: state.warnings,
    ...(islands === undefined ? {} : { islands }),
    // Only an endpoint page reads them: other pages (a config reference of hundreds) need not ship them.
    ...(state.endpointFields.length === 0 || !isEndpointPage(split.frontmatter)
      ? {}
      : { endpointFields: state.endpointFields }),
    ...(state.requestExample ? { requestExample: true } : {}),
    ...(state.responseExample ? { responseExample: true } : {}),
  };
}

/** The page's failing components, within the bounds the sandbox protocol holds them to. */
function failedComponentsOf(state: RenderState): Pick<RenderedPage, 'failedComponents'> {
  if (state.failedComponents.size === 0) return {};
  const failed = [...state.failedComponents].slice(0, FAILED_COMPONENT_LIMITS.components);
  return {
    failedComponents: failed.map(([name, reason]) => ({ name: name.slice(0, FAILED_COMPONENT_LIMITS.name), reason })),
  };
}

/** Whether frontmatter binds the page to an endpoint (`api: "POST url"`, `openapi: "GET /path"`). */
function isEndpointPage(frontmatter: Readonly<Record<string, unknown>>): boolean {
  return typeof frontmatter['api'] === 'string' || typeof frontmatter['openapi'] === 'string';
}

/** The islands the page used and their script; undefined when it used none or their code does not compile. */
function islandsOf(state: RenderState, plan: IslandPlan | null): RenderedPage['islands'] {
  if (state.islands.size === 0) return undefined;
  const parts: string[] = [];
  const make = (what: string, script: () => string): void => {
    try {
      parts.push(script());
    } catch (error) {
      state.warnings.push(`${what} cannot run in the browser: ${message(error).split('\n')[0] ?? ''}`);
    }
  };
  if (plan !== null && [...state.islands].some((name) => !name.includes('#'))) {
    make("the page's components", () => islandScript(plan.source));
  }
  for (const [path, source] of state.islandModules)
    make(`${path}'s components`, () => snippetIslandScript(path, source));
  return parts.length === 0 ? undefined : { names: [...state.islands].sort(), script: parts.join('') };
}

function message(error: unknown): string {
  return thrownMessage(error);
}

/** The page as an error box plus its source as text, so a reader still gets the content. */
function failed(
  state: RenderState,
  frontmatter: Readonly<Record<string, unknown>>,
  body: string,
  reason: string,
): RenderedPage {
  const html =
    `<div class="op-render-error" data-op-render-error=""><p class="op-render-error-title">` +
    `This page could not be rendered</p><pre class="op-render-error-message">${escapeHtml(reason)}</pre>` +
    `<pre class="op-render-error-source">${escapeHtml(body.trim())}</pre></div>`;
  return {
    html,
    headings: [],
    unknownComponents: [...state.unknownComponents],
    ...failedComponentsOf(state),
    missingImports: [...state.missingImports],
    assets: [],
    // The search index shows this text: words, not Markdown syntax.
    text: markdownToText(body),
    frontmatter,
    warnings: [...state.warnings, `render failed: ${reason}`],
  };
}
