/**
 * The bundle's copies of changelog feeds (sites/theme/feed.ts): a page with `rss: true` links its feed at
 * `<page-url>/rss.xml`, and the bundle keeps it at that same path (`changelog/rss.xml` beside
 * `changelog.html`), so a static host serves it where feed readers were told to look. The feed is read
 * from the export's private site server, whose links are on the published origin.
 */
import type { Logger } from '../logger.js';
import type { SiteModel } from '../sites/project/model.js';
import { feedPageOf } from '../sites/theme/feed.js';
import { findExportPage } from '../exportSpec/pages.js';
import { writeBundleFile } from './bundleFiles.js';
import { ExportFailedError } from './contract.js';
import { fetchFromSite } from './siteFetch.js';

/** The bundle file of the feed of exported page `path` (`/changelog` -> `changelog/rss.xml`). */
export function feedFile(path: string): string {
  return path === '/' ? 'rss.xml' : `${path.slice(1)}/rss.xml`;
}

/** Feeds written into one bundle, each once. */
export class FeedFiles {
  private readonly written = new Map<string, Promise<string | null>>();

  constructor(
    private readonly origin: string,
    private readonly bundleDir: string,
    private readonly model: SiteModel,
    /** Whether the page at this site path is part of the export. */
    private readonly exported: (path: string) => boolean,
    private readonly logger: Logger,
  ) {}

  /** The bundle file of the feed at site path `local`, written on first use; null when `local` is no feed. */
  file(local: string): Promise<string | null> {
    const page = feedPageOf(local, (pagePath) => findExportPage(this.model, pagePath));
    if (page === undefined || !this.exported(page.url)) return Promise.resolve(null);
    let found = this.written.get(page.url);
    if (found === undefined) {
      found = this.write(local, feedFile(page.url));
      this.written.set(page.url, found);
    }
    return found;
  }

  private async write(local: string, file: string): Promise<string | null> {
    const response = await fetchFromSite(this.origin + encodeURI(local), `The feed ${local}`, this.logger);
    // A project redirect whose source matches the feed's path sends it elsewhere: it is no feed to carry.
    if (response.status === 404 || (response.status >= 300 && response.status < 400)) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) throw new ExportFailedError(`The feed ${local} failed (HTTP ${response.status})`);
    writeBundleFile(this.bundleDir, file, await response.text());
    return file;
  }
}
