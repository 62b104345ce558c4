/** Icon library a site declares in `docs.json` (`icons.library`); Font Awesome is Mintlify's default. */
export type IconLibrary = 'fontawesome' | 'lucide' | 'tabler';

/** What {@link renderPage} needs to render one page. It never reads the file system itself. */
export interface RenderInput {
  /** The page file's text, frontmatter included. */
  readonly source: string;
  /** Path of the page relative to the site root, e.g. `guides/setup.mdx` (used to resolve relative imports). */
  readonly file: string;
  /**
   * Reads a project file by its path relative to the site root (no leading slash, already normalised),
   * or returns null when it does not exist or may not be read. The caller decides the sandbox.
   */
  readonly readFile: (relPath: string) => string | null;
  /**
   * Whether a project file exists (root-relative path, no leading `/`). An image the project does not
   * hold renders as a placeholder rather than a request the browser logs as a 404 console error.
   */
  readonly fileExists?: (relPath: string) => boolean;
  /** `docs.json` `variables`, substituted for `{{name}}` before compiling. */
  readonly variables: Readonly<Record<string, string>>;
  /** Which library bare icon names come from. */
  readonly iconLibrary: IconLibrary;
  /**
   * Packed copies of remote media (`offprint pack`): URL as the project writes it -> root-relative path
   * of the copy. Such a URL renders as the local file instead of the offline placeholder.
   */
  readonly packedAssets?: Readonly<Record<string, string>>;
}

/**
 * Bounds of what a page's ParamFields carry to the server (sandbox/protocol.ts checks them): past them a
 * field is left out of the generated request example, never the page failed.
 */
export const ENDPOINT_FIELD_LIMITS = { fields: 500, name: 256, type: 256, placeholder: 1024, depth: 12 } as const;

/**
 * Bounds on what a page reports of its failing components (they cross the sandbox boundary, and what
 * they threw is project text): components listed per page, and characters of each reason.
 */
export const FAILED_COMPONENT_LIMITS = { components: 50, name: 256, reason: 300 } as const;

/** A project component that threw while the page rendered: the page shows nothing in its place. */
export interface FailedComponent {
  readonly name: string;
  /** The first line of the first thing it threw on this page. */
  readonly reason: string;
}

/**
 * A `<ParamField path|query|body|header|cookie="name">` of the page: an endpoint page without its own
 * `<RequestExample>` gets one generated from them (theme/endpoint/mdxSamples.ts), as Mintlify does.
 */
export interface EndpointField {
  readonly location: 'path' | 'query' | 'body' | 'header' | 'cookie';
  readonly name: string;
  /** The ParamFields it is written inside (an object's properties), outermost first. */
  readonly parents: readonly string[];
  readonly type?: string | undefined;
  readonly required: boolean;
  /** `default` as written: a string, or what a JSX expression gave (`default={10}`). */
  readonly default?: unknown;
  readonly placeholder?: string | undefined;
}

/** One table-of-contents entry: a heading, a Step title or an Update label. */
export interface RenderedHeading {
  /** 2 or 3 (h1/h2/Update = 2, h3/Step = 3). */
  readonly depth: number;
  /** The element id on the page (already unique page-wide). */
  readonly id: string;
  /** Plain text of the heading. */
  readonly text: string;
}

/** The result of rendering one page. */
export interface RenderedPage {
  /** The page body only (no `<html>` shell, no title: the theme renders the frontmatter title). */
  readonly html: string;
  /** TOC entries in document order. */
  readonly headings: readonly RenderedHeading[];
  /** Capitalised JSX names that are neither built in, imported nor exported (rendered as their children). */
  readonly unknownComponents: readonly string[];
  /** Project components that threw while rendering (each shown as nothing); absent when none did. */
  readonly failedComponents?: readonly FailedComponent[] | undefined;
  /** Import specifiers that could not be resolved (missing snippet, npm package, unreadable file). */
  readonly missingImports: readonly string[];
  /** Root-relative URLs (`/images/a.png`) of project files the page references (images, videos, files). */
  readonly assets: readonly string[];
  /** Remote images and videos (http(s) URLs) with no packed copy: the page shows placeholders for them. */
  readonly remoteMedia?: readonly string[] | undefined;
  /** Web pages hosted elsewhere it embeds (`<iframe>`): links offline, and not packed (pages, not files). */
  readonly remoteEmbeds?: readonly string[] | undefined;
  /** Plain text of the page for the search index. */
  readonly text: string;
  /** Parsed frontmatter (empty object when there is none or it is not a YAML mapping). */
  readonly frontmatter: Readonly<Record<string, unknown>>;
  /**
   * Problems that did not stop the page from rendering: an MDX syntax error (the page then shows an error
   * box and its source as text), a stray `{` shown as text (`MDX syntax: …`), a snippet that failed to compile, a component that threw, undefined
   * `{{variables}}`, bad frontmatter.
   */
  readonly warnings: readonly string[];
  /**
   * The page's interactive components used on it (render/DOM.md, "Islands") and the script the browser
   * runs them from; absent when it uses none.
   */
  readonly islands?: { readonly names: readonly string[]; readonly script: string } | undefined;
  /** The page's ParamFields with a location, in reading order; absent when it has none. */
  readonly endpointFields?: readonly EndpointField[] | undefined;
  /** True when the page writes its own `<RequestExample>` (no request example is generated then). */
  readonly requestExample?: boolean | undefined;
  /** True when the page writes its own `<ResponseExample>` (an OpenAPI page then generates none). */
  readonly responseExample?: boolean | undefined;
  /**
   * Set (to why) when this render is not the page's lasting result: its sandbox ran out of time or had
   * no room, so it shows the error box or plain code. Such a render is kept by no cache and served as a
   * 503, so that a reload or an export's next attempt renders the page again; absent otherwise.
   */
  readonly incomplete?: string | undefined;
}
