/**
 * Building a build folder's search index before anything serves it: an import renders each searchable
 * page once and stores the index with the build (searchIndexFile.ts), so the site's first search is as
 * fast as any other instead of rendering the whole site on the spot.
 */
import type { Logger } from '../../logger.js';
import type { SitePage, SiteModel } from '../project/model.js';
import type { RenderedPage } from '../render/types.js';
import { renderPageSource } from './pages.js';
import { readProjectText } from './paths.js';
import { storeSearchIndex } from './searchIndexFile.js';
import { searchable, searchIndex } from './theme.js';

const UNRENDERABLE: Pick<RenderedPage, 'headings' | 'text'> = { headings: [], text: '' };

/** How the indexing of one build went. */
export interface IndexedBuild {
  /** Pages in the index. */
  readonly pages: number;
  /** Pages whose body could not be rendered (indexed by title and description only). */
  readonly failed: number;
  /** The index was written to the build folder. */
  readonly stored: boolean;
}

/**
 * Renders every searchable page of the build in `rootDir` (whose loaded model is `model`) and stores
 * the index there. Never throws for a page: one that fails is indexed without its body, and logged.
 */
export async function indexBuildFolder(rootDir: string, model: SiteModel, logger: Logger): Promise<IndexedBuild> {
  const readText = (relPath: string): string | null => readProjectText(rootDir, relPath);
  const pages: { page: SitePage; rendered: Pick<RenderedPage, 'headings' | 'text'> }[] = [];
  let failed = 0;
  for (const page of model.pages.values()) {
    if (!searchable(page)) continue;
    try {
      pages.push({ page, rendered: await renderPageSource(model, readText, page) });
    } catch (error) {
      failed++;
      logger.warn({ err: error, page: page.path }, 'page could not be rendered for the search index');
      pages.push({ page, rendered: UNRENDERABLE });
    }
    // A large site takes a while: let other work of this process (a server's requests) in between pages.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const stored = storeSearchIndex(rootDir, searchIndex(model, pages), logger);
  return { pages: pages.length, failed, stored };
}
