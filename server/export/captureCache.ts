/**
 * The pages a project's last export captured, kept for its next export (`<data dir>/exports/captures/
 * <projectId>/`, laid out like a run's page store). A capture is a function of the browser, the capture
 * code and the site server's answers to what the page requested; each kept capture records the first two
 * as a key and the answers as digests (siteDigests.ts). A later export takes a kept capture, instead of
 * rendering the page, when the key is the same and every one of those requests gets the same answer from
 * its own site server: the bytes it would capture are those. Editing a few pages of a 10,000-page site
 * then renders those few (and the pages whose navigation changed with them), not all 10,000.
 *
 * Nothing here fails an export: a cache that cannot be read or written is logged and pages are rendered.
 */
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { removeReplacedCaptures } from '../exportSpec/files.js';
import type { Logger } from '../logger.js';
import { OFFPRINT_VERSION } from '../version.js';
import { CAPTURE_SCRIPTS_DIGEST } from './captureScripts.js';
import type { SiteDigests } from './siteDigests.js';
import { CAPTURED_HTML, PageStore, type PageNotes } from './workDir.js';

/**
 * The key of captures made by this Offprint and browser (`Browser.getVersion`'s product; null when the
 * backend does not say, and then Offprint's version stands for the browser it ships with).
 */
export function captureKey(chromiumVersion: string | null): string {
  return createHash('sha256')
    .update(JSON.stringify({ offprint: OFFPRINT_VERSION, scripts: CAPTURE_SCRIPTS_DIGEST, chromiumVersion }))
    .digest('hex');
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Hard-links `from` to `to` (same disk: no copy), or copies it where links are refused. */
function linkOrCopy(from: string, to: string): void {
  rmSync(to, { force: true });
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

/** The kept captures of one project, read by the next export. */
export class CaptureCache {
  private constructor(
    private readonly kept: PageStore,
    private readonly logger: Logger,
  ) {}

  /** The project's kept captures, or null when there are none (or they cannot be read). */
  static open(dir: string, logger: Logger): CaptureCache | null {
    if (!existsSync(dir)) return null;
    try {
      return new CaptureCache(new PageStore({ at: dir }), logger);
    } catch (error) {
      logger.warn({ dir, reason: reasonOf(error) }, 'export: the kept page captures cannot be read');
      return null;
    }
  }

  /**
   * Puts the kept capture of `path` into `store` when it was made with `key` and every request it made
   * gets the same answer from this run's site server (`digests`), and returns its notes; null when the
   * page must be rendered.
   */
  async reuse(path: string, key: string, digests: SiteDigests, store: PageStore): Promise<PageNotes | null> {
    const notes = this.kept.savedNotes(path);
    if (notes?.reuse === undefined || notes.reuse.key !== key || !this.kept.has(path)) return null;
    const changed = await digests.firstChanged(notes.reuse.requests);
    if (changed !== null) {
      // Why a page is rendered again, for whoever wonders why an unchanged page was (OFFPRINT_LOG_LEVEL=debug).
      this.logger.debug({ page: path, changed }, 'export: rendering a page again: an answer it was made of changed');
      return null;
    }
    try {
      // Read once through: a file a power cut truncated (renamed before its bytes reached the disk) is
      // rendered again rather than failing the export when the bundle is assembled.
      this.kept.html(path);
      const [keptNotes, keptHtml] = this.kept.files(path);
      const [notesFile, htmlFile] = store.files(path);
      linkOrCopy(keptNotes, notesFile);
      // The HTML last: its presence marks the page captured, as when a page is rendered.
      linkOrCopy(keptHtml, htmlFile);
      return notes;
    } catch (error) {
      this.logger.warn({ page: path, reason: reasonOf(error) }, 'export: a kept page capture cannot be used');
      return null;
    }
  }
}

/**
 * Keeps the captures of an export in `dir` for the project's next one. `whole`: the export completed with
 * every page of the site, so its store replaces what was kept (pages no longer in the site go); otherwise
 * (some pages only, or a run that failed or was cancelled part-way) its captures are added to what was
 * kept. The store's folder (or its files) is moved, not copied.
 */
export function keepCaptures(store: PageStore, dir: string, whole: boolean, logger: Logger): void {
  try {
    mkdirSync(dirname(dir), { recursive: true });
    removeReplacedCaptures(dir);
    if (whole || !existsSync(dir)) {
      const old = `${dir}.${process.pid}.${randomBytes(4).toString('hex')}.old`;
      if (existsSync(dir)) renameSync(dir, old);
      renameSync(store.dir, dir);
      rmSync(old, { recursive: true, force: true });
      return;
    }
    mergeCaptures(store, new PageStore({ at: dir }));
    rmSync(store.dir, { recursive: true, force: true });
  } catch (error) {
    logger.warn({ dir, reason: reasonOf(error) }, 'export: the page captures could not be kept for the next export');
  }
}

/** A page's file in a store: its notes or HTML, named by a digest of its path. */
const PAGE_FILE = /^([0-9a-f]{40})\.json$/;

/** Moves every capture of `from` into `into`, replacing the one of the same page. */
function mergeCaptures(from: PageStore, into: PageStore): void {
  for (const name of readdirSync(from.dir)) {
    const base = PAGE_FILE.exec(name)?.[1];
    if (base === undefined) continue;
    const html = `${base}${CAPTURED_HTML}`;
    if (!existsSync(join(from.dir, html))) continue;
    // The kept HTML goes first: until the new one is in place, the page counts as not kept.
    rmSync(join(into.dir, html), { force: true });
    renameSync(join(from.dir, name), join(into.dir, name));
    renameSync(join(from.dir, html), join(into.dir, html));
  }
}
