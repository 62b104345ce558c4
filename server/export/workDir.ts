/**
 * The durable working folder of one export: captured pages survive a killed process, so a re-run
 * renders only what is missing. A page counts as captured once its `.html` exists; it is written last,
 * atomically (temporary name, then rename), after its `.json` notes (blocked requests, console errors).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** What is kept about a captured page besides its HTML. */
const pageNotesSchema = z.object({
  path: z.string(),
  blocked: z.array(z.string()),
  errors: z.array(z.string()),
});

/** Notes of one captured page. */
export type PageNotes = z.infer<typeof pageNotesSchema>;

/** Writes `data` to `file` under a temporary name, then renames it: readers see all of it or nothing. */
export function writeAtomic(file: string, data: string | Buffer): void {
  const tmp = `${file}.tmp-${randomBytes(6).toString('hex')}`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}

/** The captured pages of one export. */
export class PageStore {
  readonly dir: string;

  constructor(workDir: string) {
    this.dir = join(workDir, 'pages');
    mkdirSync(this.dir, { recursive: true });
  }

  private base(path: string): string {
    return join(this.dir, createHash('sha1').update(path).digest('hex'));
  }

  /** True when `path` was captured (by this run or an earlier one). */
  has(path: string): boolean {
    return existsSync(`${this.base(path)}.html`);
  }

  /** Saves a capture (notes first, the HTML last: its presence marks the page done). */
  save(notes: PageNotes, html: string): void {
    const base = this.base(notes.path);
    writeAtomic(`${base}.json`, JSON.stringify(notes));
    writeAtomic(`${base}.html`, html);
  }

  /** The HTML of a captured page. */
  html(path: string): string {
    return readFileSync(`${this.base(path)}.html`, 'utf8');
  }

  /** The notes of a captured page (empty ones if they were lost). */
  notes(path: string): PageNotes {
    try {
      const parsed = pageNotesSchema.safeParse(JSON.parse(readFileSync(`${this.base(path)}.json`, 'utf8')));
      if (parsed.success) return parsed.data;
    } catch {
      // Missing or torn: the page itself is intact, only its report is lost.
    }
    return { path, blocked: [], errors: [] };
  }
}
