/**
 * Per-render state shared by the components through React context: the page-wide anchor id counter,
 * the TOC, referenced assets and reported problems. renderToString renders depth-first in document
 * order, so ids and TOC entries come out in reading order, snippets included.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { IconLibrary, RenderedHeading } from '../types.js';

/**
 * Mintlify's anchor ids (not GitHub's): lower-case; whitespace -> `-`; `.` -> `-`; parentheses removed;
 * a straight apostrophe becomes `’` and stays; `/` and `&` stay; other ASCII punctuation is dropped.
 */
export function slugify(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/'/g, '’')
    .replace(/[()]/g, '')
    .replace(/[!"#$%*+,:;<=>?@[\\\]^`{|}~]/g, '')
    .replace(/\./g, '-')
    .replace(/\s+/g, '-');
}

/** Everything one render collects; created by renderPage and read back after renderToString. */
export class RenderState {
  readonly headings: RenderedHeading[] = [];
  readonly assets = new Set<string>();
  readonly unknownComponents = new Set<string>();
  readonly missingImports = new Set<string>();
  readonly warnings: string[] = [];
  private readonly used = new Map<string, number>();

  constructor(
    /** The page's path relative to the site root. */
    readonly file: string,
    readonly iconLibrary: IconLibrary,
  ) {}

  /**
   * Reserves a page-unique anchor id for `text` (or for `custom` as given); repeated ids get `-2`, `-3`.
   * `toc` adds the entry to the table of contents at that depth.
   */
  anchor(text: string, custom: string | null, toc: number | null): string {
    const base = custom ?? (slugify(text) || 'section');
    let candidate = base;
    const seen = this.used.get(base) ?? 0;
    if (seen > 0) {
      let n = seen + 1;
      while (this.used.has(`${base}-${n}`)) n++;
      candidate = `${base}-${n}`;
      this.used.set(base, n);
    } else this.used.set(base, 1);
    if (candidate !== base) this.used.set(candidate, 1);
    if (toc !== null) this.headings.push({ depth: toc, id: candidate, text: text.trim() });
    return candidate;
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

  /** A link target relative to the page made root-relative (without recording it as an asset). */
  resolveUrl(src: string): string {
    if (/^([a-z][a-z0-9+.-]*:|\/\/|#|\/)/i.test(src)) return src;
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
