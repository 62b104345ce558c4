/**
 * The durable working folder of one export: captured pages survive a killed process, so a re-run
 * renders only what is missing. A page counts as captured once its HTML exists; it is written last,
 * atomically (temporary name, then rename), after its `.json` notes (blocked requests, console errors).
 * The HTML is kept gzipped: a 10,000-page export's store (and the captures a project keeps for its next
 * export, captureCache.ts) would otherwise take 600 MB on disk, where it takes a sixth of that.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { z } from 'zod';

/** What is kept about a captured page besides its HTML. */
const pageNotesSchema = z.object({
  path: z.string(),
  blocked: z.array(z.string()),
  errors: z.array(z.string()),
  /**
   * What the capture was made of, for a later export to reuse it (captureCache.ts): the key of the
   * browser and capture code, and each site path the page requested with the digest of its answer.
   * Absent: the capture is never reused.
   */
  reuse: z
    .object({
      key: z.string(),
      requests: z.array(z.object({ path: z.string(), digest: z.string() })),
    })
    .optional(),
});

/** Notes of one captured page. */
export type PageNotes = z.infer<typeof pageNotesSchema>;

/** How a page's HTML file is named after its base (a digest of its path). */
export const CAPTURED_HTML = '.html.gz';

/** Writes `data` to `file` under a temporary name, then renames it: readers see all of it or nothing. */
export function writeAtomic(file: string, data: string | Buffer): void {
  const tmp = `${file}.tmp-${randomBytes(6).toString('hex')}`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}

/** The captured pages of one export (or kept from a project's last one: captureCache.ts). */
export class PageStore {
  readonly dir: string;

  /** The store of the working folder `workDir` (its `pages/`), or, with `{ at }`, the folder `at` itself. */
  constructor(workDir: string | { readonly at: string }) {
    this.dir = typeof workDir === 'string' ? join(workDir, 'pages') : workDir.at;
    mkdirSync(this.dir, { recursive: true });
  }

  /** The files of a page: its notes, then its gzipped HTML (written in that order; the HTML marks it captured). */
  files(path: string): readonly [notes: string, html: string] {
    const base = this.base(path);
    return [`${base}.json`, `${base}${CAPTURED_HTML}`];
  }

  private base(path: string): string {
    return join(this.dir, createHash('sha1').update(path).digest('hex'));
  }

  /** True when `path` was captured (by this run or an earlier one). */
  has(path: string): boolean {
    return existsSync(`${this.base(path)}${CAPTURED_HTML}`);
  }

  /** Saves a capture (notes first, the HTML last: its presence marks the page done). */
  save(notes: PageNotes, html: string): void {
    const base = this.base(notes.path);
    writeAtomic(`${base}.json`, JSON.stringify(notes));
    writeAtomic(`${base}${CAPTURED_HTML}`, gzipSync(html));
  }

  /** The HTML of a captured page. */
  html(path: string): string {
    return gunzipSync(readFileSync(`${this.base(path)}${CAPTURED_HTML}`)).toString('utf8');
  }

  /** The notes of a captured page (empty ones if they were lost). */
  notes(path: string): PageNotes {
    return this.savedNotes(path) ?? { path, blocked: [], errors: [] };
  }

  /** The notes saved for `path`, or null when there are none (or they are torn, or of another page). */
  savedNotes(path: string): PageNotes | null {
    try {
      const parsed = pageNotesSchema.safeParse(JSON.parse(readFileSync(`${this.base(path)}.json`, 'utf8')));
      if (parsed.success && parsed.data.path === path) return parsed.data;
    } catch {
      // Missing or torn: the page itself is intact, only its report is lost.
    }
    return null;
  }
}
