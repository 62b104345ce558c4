/**
 * The bundle's copies of the shared sidebar files of large sections (sites/theme/sharedNav.ts). Pages
 * name the site's `/_offprint/nav/<key>.js`; the bundle gets `_assets/nav-<key>.<contenthash>.js`, made
 * from the bare tree the site serves beside it, with every link and image rewritten relative to that file
 * (the client resolves them against the file's URL, so one file serves pages at every depth).
 */
import { createHash } from 'node:crypto';
import type { HTMLElement } from 'node-html-parser';
import type { Logger } from '../logger.js';
import { SHARED_NAV_PREFIX, sharedNavFileOf, sharedNavScript } from '../sites/theme/sharedNav.js';
import { ASSETS_DIR } from './assets.js';
import { writeBundleFile } from './bundleFiles.js';
import { ExportFailedError } from './contract.js';
import { parseHtml } from './refs.js';
import { fetchFromSite } from './siteFetch.js';

/** Rewrites the references of a parsed document found at bundle file `file` (site path `sitePath`). */
export type RefRewriter = (root: HTMLElement, sitePath: string, file: string) => Promise<void>;

/** True when site path `local` is a shared sidebar file. */
export function isSharedNavPath(local: string): boolean {
  return local.startsWith(SHARED_NAV_PREFIX);
}

/** Shared sidebar files written into one bundle, each once. */
export class SharedNavFiles {
  private readonly written = new Map<string, Promise<string | null>>();

  constructor(
    private readonly origin: string,
    private readonly bundleDir: string,
    private readonly logger: Logger,
    private readonly rewrite: RefRewriter,
  ) {}

  /** The bundle file of the shared sidebar at site path `local`, written on first use; null if none. */
  file(local: string): Promise<string | null> {
    let found = this.written.get(local);
    if (found === undefined) {
      found = this.write(local);
      this.written.set(local, found);
    }
    return found;
  }

  private async write(local: string): Promise<string | null> {
    const named = sharedNavFileOf(local.slice(SHARED_NAV_PREFIX.length));
    if (named === null || named.format !== 'js') return null;
    const treePath = `${SHARED_NAV_PREFIX}${named.key}.html`;
    const response = await fetchFromSite(this.origin + treePath, 'The shared sidebar', this.logger);
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) throw new ExportFailedError(`The shared sidebar ${treePath} failed (HTTP ${response.status})`);
    const root = parseHtml(await response.text());
    // Only the folder matters to the relative URLs: the file's name is its content's hash, known after.
    await this.rewrite(root, treePath, `${ASSETS_DIR}/nav.js`);
    const body = sharedNavScript(named.key, root.toString());
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
    const file = `${ASSETS_DIR}/nav-${named.key}.${hash}.js`;
    writeBundleFile(this.bundleDir, file, body);
    return file;
  }
}
