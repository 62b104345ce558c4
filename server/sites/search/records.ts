/**
 * The pages of an index build, rendered a bounded window at a time and handed on in page order as small
 * search records: an import of 10,000 pages must not hold 10,000 rendered bodies (or their texts) at
 * once, so each page is reduced to its record (title, headings, capped text) as soon as it is rendered,
 * and no more than a few pages per render process are in flight. The consumer (the shard builder) reads
 * the records one by one; what the import report needs (failures, remote media) is kept aside, small.
 */
import type { Logger } from '../../logger.js';
import type { SitePage, SiteModel, SiteProblem } from '../project/model.js';
import type { RenderedPage } from '../render/types.js';
import { renderPageSource } from '../sandbox/page.js';
import type { SearchDoc } from '../theme/searchFormat.js';
import { searchRecord } from './build.js';
import { failedComponentUses, unknownComponentUses } from './componentUses.js';

/** A page that could not be rendered, and why. */
export interface PageFailure {
  readonly file: string;
  readonly path: string;
  readonly reason: string;
}

/** A remote image or video a page shows as a placeholder (no packed copy). */
export interface RemoteMediaUse {
  readonly file: string;
  readonly url: string;
}

/** What an index build keeps of a rendered page until its record is made. */
interface Summary {
  readonly rendered: Pick<
    RenderedPage,
    'headings' | 'text' | 'remoteMedia' | 'remoteEmbeds' | 'unknownComponents' | 'failedComponents'
  >;
  readonly failure: PageFailure | null;
  /** The page's (and its snippets') `MDX syntax:` warnings: stray braces shown as text. */
  readonly syntax: readonly string[];
}
const FAILED_PREFIX = 'render failed: ';
/** A render warning about a stray brace, on the page or (after the snippet's path) in a snippet. */
const SYNTAX_WARNING = /(^|: )MDX syntax: /;

/**
 * Pages rendered ahead of the one being handed on, per render process: enough to keep every process
 * busy while the consumer works, few enough that the window stays a handful of pages.
 */
export const WINDOW_PER_PROCESS = 2;

/** How a stream renders: processes at once and the moment it must stop starting pages. */
export interface RenderWindow {
  readonly concurrency: number;
  readonly deadline: number;
}

function failureOf(page: SitePage, rendered: RenderedPage): PageFailure | null {
  const warning = rendered.warnings.find((w) => w.startsWith(FAILED_PREFIX));
  if (warning === undefined) return null;
  return { file: page.file ?? page.path, path: page.path, reason: warning.slice(FAILED_PREFIX.length) };
}

/**
 * Renders `pages` of a build for its search index and yields their search records in page order. Pages
 * that fail are indexed without their body and listed in {@link failures}; once the deadline passes no
 * page is started any more and {@link outOfTime} is set (the records then stop early: the caller must
 * not keep an index built from them).
 */
export class SearchRecordStream {
  /** Pages that could not be rendered (indexed by title and description only). */
  readonly failures: PageFailure[] = [];
  /** Remote media the rendered pages could not show offline. */
  readonly remoteMedia: RemoteMediaUse[] = [];
  /** Web pages hosted elsewhere the rendered pages embed, shown as links offline. */
  readonly remoteEmbeds: RemoteMediaUse[] = [];
  /** Components the rendered pages use that nothing defines. */
  readonly unknownComponents = unknownComponentUses();
  /** Project components that threw while the pages rendered. */
  readonly failedComponents = failedComponentUses();
  /** `mdx-syntax` problems: braces in the pages' text that open no valid expression, shown as text. */
  readonly syntaxProblems: SiteProblem[] = [];
  /** Rendering stopped at the deadline. */
  outOfTime = false;

  constructor(
    private readonly model: SiteModel,
    private readonly rootDir: string,
    private readonly logger: Logger,
    private readonly window: RenderWindow,
  ) {}

  /** The records of `pages` (searchable ones; others yield nothing), in order. */
  async *records(pages: readonly SitePage[]): AsyncGenerator<SearchDoc> {
    const size = Math.max(1, this.window.concurrency) * WINDOW_PER_PROCESS;
    const inFlight: Promise<Summary>[] = [];
    let next = 0;
    const start = (): void => {
      const page = pages[next];
      if (page === undefined || this.outOfTime) return;
      if (Date.now() > this.window.deadline) {
        this.outOfTime = true;
        return;
      }
      next++;
      inFlight.push(this.renderOne(page));
    };
    while (inFlight.length < size && next < pages.length && !this.outOfTime) start();
    for (let done = 0; done < next; done++) {
      const summary = await inFlight.shift();
      start();
      const page = pages[done];
      if (summary === undefined || page === undefined) continue;
      // Collected here, in page order, so the import report lists them the same way every time.
      if (summary.failure !== null) this.failures.push(summary.failure);
      for (const url of summary.rendered.remoteMedia ?? [])
        this.remoteMedia.push({ file: page.file ?? page.path, url });
      for (const url of summary.rendered.remoteEmbeds ?? [])
        this.remoteEmbeds.push({ file: page.file ?? page.path, url });
      const file = page.file ?? page.path;
      this.unknownComponents.add(
        file,
        summary.rendered.unknownComponents.map((name) => ({ name, reason: '' })),
      );
      this.failedComponents.add(file, summary.rendered.failedComponents ?? []);
      for (const warning of summary.syntax) this.syntaxProblems.push({ code: 'mdx-syntax', file, message: warning });
      const record = searchRecord(this.model, { page, rendered: summary.rendered });
      if (record !== null) yield record;
    }
  }

  /** One page reduced to what its record needs; never rejects (a failure is recorded instead). */
  private async renderOne(page: SitePage): Promise<Summary> {
    try {
      // The sandbox sends no body HTML (summary), and only what the record reads is kept.
      const rendered = await renderPageSource(this.model, this.rootDir, page, { summary: true });
      const { headings, text, remoteMedia, remoteEmbeds, unknownComponents, failedComponents } = rendered;
      return {
        rendered: { headings, text, remoteMedia, remoteEmbeds, unknownComponents, failedComponents },
        failure: failureOf(page, rendered),
        syntax: rendered.warnings.filter((w) => SYNTAX_WARNING.test(w)),
      };
    } catch (error) {
      this.logger.warn({ err: error, page: page.path }, 'page could not be rendered for the search index');
      const reason = 'the renderer failed on this page';
      return {
        rendered: { headings: [], text: '', unknownComponents: [] },
        failure: { file: page.file ?? page.path, path: page.path, reason },
        syntax: [],
      };
    }
  }
}
