/**
 * Per-render state shared by the components through React context: the page-wide anchor slugger,
 * the TOC, referenced assets and reported problems. renderToString renders depth-first in document
 * order, so ids and TOC entries come out in reading order, snippets included.
 */
import { createContext, useContext, type ReactNode } from 'react';
import GithubSlugger from 'github-slugger';
import type { EndpointField, IconLibrary, RenderedHeading } from '../types.js';

import { fieldSlug, PageIds, slugify } from './slugs.js';

export { fieldSlug, githubSlugOf, kebabName, PageIds, slugify } from './slugs.js';

/** An http(s) or protocol-relative URL: hosted elsewhere, so never loaded by an offline site. */
export function isRemoteUrl(url: string | undefined): url is string {
  return url !== undefined && /^(https?:)?\/\//i.test(url);
}

/** Everything one render collects; created by renderPage and read back after renderToString. */
export class RenderState {
  readonly headings: RenderedHeading[] = [];
  readonly assets = new Set<string>();
  readonly unknownComponents = new Set<string>();
  readonly missingImports = new Set<string>();
  /** Remote media URLs the page shows as placeholders: no packed copy (server/sites/project/remote.ts). */
  readonly remoteMedia = new Set<string>();
  /** Web pages hosted elsewhere the page embeds (`<iframe>`), shown as links: the import report lists them. */
  readonly remoteEmbeds = new Set<string>();
  /** Project components that threw while rendering: name -> the first thing one of them threw. */
  readonly failedComponents = new Map<string, string>();
  readonly warnings: string[] = [];
  /** The page's interactive components used on it with props the browser can be given (islands.tsx). */
  readonly islands = new Set<string>();
  /** Script snippets whose components are among them (`<path>#<export>` islands): path -> source. */
  readonly islandModules = new Map<string, string>();
  /** ParamFields with a location, in reading order (an endpoint page's generated request example). */
  readonly endpointFields: EndpointField[] = [];
  /** Whether the page wrote a `<RequestExample>`. */
  requestExample = false;
  /** Whether the page wrote a `<ResponseExample>`. */
  responseExample = false;
  /** Page-wide like Mintlify's: a repeated slug gets `-2`, `-3`, ... in reading order, snippets included. */
  private readonly ids = new PageIds();
  /** The ids GitHub would give the same titles (its own `-1`, `-2` numbering), for {@link aliasOf}. */
  private readonly github = new GithubSlugger();
  private readonly aliases = new Map<string, string>();

  constructor(
    /** The page's path relative to the site root. */
    readonly file: string,
    readonly iconLibrary: IconLibrary,
    /** Packed copies of remote assets: URL as written -> root-relative path of the copy. */
    private readonly packed: Readonly<Record<string, string>> = {},
    /** Whether a project file exists; absent, every local file counts as present. */
    private readonly fileExists?: (relPath: string) => boolean,
  ) {}

  /**
   * True for a root-relative URL naming a file the project does not hold (the import report lists it as
   * a missing asset): the page shows a placeholder instead of asking for it and logging a 404.
   */
  isMissing(url: string | undefined): url is string {
    if (this.fileExists === undefined || url === undefined || !url.startsWith('/') || url.startsWith('//')) {
      return false;
    }
    const path = url.split(/[?#]/)[0] ?? url;
    let decoded = path;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      // Keep the path as written.
    }
    return !this.fileExists(decoded.replace(/^\/+/, ''));
  }

  /**
   * Like {@link asset}, for something the page loads (image, video, poster, source): a remote URL with a
   * packed copy becomes the copy's path (recorded as an asset); one without stays remote and is recorded
   * in {@link remoteMedia}, so the import can say which ones to pack.
   */
  media(src: unknown): string | undefined {
    const url = this.asset(src);
    if (!isRemoteUrl(url)) return url;
    const copy = Object.hasOwn(this.packed, url.trim()) ? this.packed[url.trim()] : undefined;
    if (copy !== undefined) {
      this.assets.add(copy);
      return copy;
    }
    this.remoteMedia.add(url);
    return url;
  }

  /**
   * The anchor id of a heading or component titled `text`: `custom` as the author wrote it, else the
   * page-unique slug of `text` (a repeat gets `-2`, `-3`; a title that slugs to nothing, `section`).
   * `toc` adds the entry to the table of contents at that depth.
   */
  anchor(text: string, custom: string | null, toc: number | null): string {
    const alias = this.github.slug(text.trim());
    let id: string;
    if (custom === null) id = this.ids.unique(slugify(text) || 'section');
    else {
      id = custom;
      this.ids.reserve(custom);
    }
    if (alias !== '' && alias !== id && !this.aliases.has(id)) this.aliases.set(id, alias);
    if (toc !== null) this.headings.push({ depth: toc, id, text: text.trim() });
    return id;
  }

  /**
   * The GitHub-style id of the title anchored at `id` when it differs (for `data-op-alias`): a link
   * written that way (`#fees--billing` for `#fees-&-billing`) still finds its heading in the browser
   * (client/anchors.ts), and the export counts it as landing (export/anchors.ts).
   */
  aliasOf(id: string): string | undefined {
    return this.aliases.get(id);
  }

  /** The page-unique id of a ParamField / ResponseField named `name` ({@link fieldSlug}). */
  fieldAnchor(name: string): string {
    return this.ids.unique(fieldSlug(name));
  }

  /**
   * Records a reference to a project file and returns the URL to emit: root-relative paths stay, paths
   * relative to the page are made root-relative; external and data URLs are returned as given.
   */
  asset(src: unknown): string | undefined {
    if (typeof src !== 'string' || src === '') return undefined;
    const url = this.resolveUrl(src);
    if (url.startsWith('/') && !url.startsWith('//')) this.assets.add(url.split(/[?#]/)[0] ?? url);
    return url;
  }

  /**
   * A link target relative to the page made root-relative (without recording it as an asset). An empty
   * target (`[here]()`) or a bare `?query` stays as written: the browser points it at the page itself, as
   * on Mintlify; resolved against the page's folder it named a page that does not exist.
   */
  resolveUrl(src: string): string {
    if (/^([a-z][a-z0-9+.-]*:|\/\/|#|\/|\?|$)/i.test(src)) return src;
    const dir = this.file.includes('/') ? this.file.slice(0, this.file.lastIndexOf('/')) : '';
    const parts = dir ? dir.split('/') : [];
    for (const part of src.split('/')) {
      if (part === '..') parts.pop();
      else if (part !== '.' && part !== '') parts.push(part);
    }
    return '/' + parts.join('/');
  }
}

const StateContext = createContext<RenderState | null>(null);

/** Provides `state` to the component tree. */
export function StateProvider(props: { state: RenderState; children?: ReactNode }): ReactNode {
  return <StateContext.Provider value={props.state}>{props.children}</StateContext.Provider>;
}

/** The current render's state (components are only ever rendered under a {@link StateProvider}). */
export function useRenderState(): RenderState {
  const state = useContext(StateContext);
  if (!state) throw new Error('Offprint components must be rendered by renderPage');
  return state;
}

const OutOfTocContext = createContext(false);

/**
 * Renders `children` with their headings, step titles and update labels kept out of the TOC (their ids
 * stay): Mintlify lists nothing inside an Accordion, AccordionGroup, Expandable, Update or Prompt
 * (remarkExtractTableOfContents' excluded components), whose content is folded away or not the page's outline.
 */
export function OutOfToc(props: { children?: ReactNode }): ReactNode {
  return <OutOfTocContext.Provider value={true}>{props.children}</OutOfTocContext.Provider>;
}

/** The TOC depth to give {@link RenderState.anchor}: `depth`, or null inside {@link OutOfToc}. */
export function useTocDepth(depth: number | null): number | null {
  return useContext(OutOfTocContext) ? null : depth;
}

const SnippetPropsContext = createContext<Readonly<Record<string, unknown>> | null>(null);

/** Makes a snippet's props visible to its code blocks (`npm install {packageName}`). */
export function SnippetPropsProvider(props: {
  value: Readonly<Record<string, unknown>>;
  children?: ReactNode;
}): ReactNode {
  return <SnippetPropsContext.Provider value={props.value}>{props.children}</SnippetPropsContext.Provider>;
}

/** The props of the innermost snippet being rendered, or null on the page itself. */
export function useSnippetProps(): Readonly<Record<string, unknown>> | null {
  return useContext(SnippetPropsContext);
}
