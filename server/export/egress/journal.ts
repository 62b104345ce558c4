/**
 * The egress check's journal: each page load it has checked, appended to a file in the export's work
 * folder as it goes, so an export stopped during the check (killed, restarted, its worker gone) goes on
 * from the loads already checked instead of opening every page again: at 10,000 pages the check is
 * 20,000 page loads, hours on two cores. The first line is the key of what was checked (the bundle's
 * digest, the browser, the modes, the check's own rules and version); a journal under another key is
 * started over, so a resumed check records exactly what an uninterrupted one would.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import type { ManifestFile } from '../manifest.js';
import { EGRESS_KINDS, egressProofSchema, loadErrorSchema, type LoadError } from '../egressProof.js';
import type { Attempt } from './attempts.js';

const modeSchema = egressProofSchema.shape.modes.element;

/**
 * A checked page load as the journal keeps it (a load that can be reused also has proofStore.ts's fields).
 * `errors` is required: a line written before the check recorded them proves nothing about them, so it is
 * not restored or reused (that load is opened again).
 */
export const entrySchema = z.object({
  file: z.string(),
  mode: modeSchema,
  attempts: z.array(z.object({ kind: z.enum(EGRESS_KINDS), url: z.string(), blocked: z.boolean() })),
  errors: z.array(loadErrorSchema),
});

/** One checked page load: the bundle file, how it was opened, what it tried outside the bundle, what failed inside. */
export type JournalEntry = z.infer<typeof entrySchema>;

const headerSchema = z.object({ key: z.string() });

/** What lets a later export reuse a load: its key, the digest of the files it read, and their names. */
export interface Reusable {
  readonly key: string;
  readonly digest: string;
  readonly deps: readonly string[];
}

/** The key of one bundle's files: changes when any file's path, size or bytes change. */
export function bundleDigest(files: readonly ManifestFile[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file.path}\0${file.size}\0${file.sha256}\n`);
  return hash.digest('hex');
}

/** The key of a check: every input that changes what a page load sees or how it is recorded. */
export function checkKey(parts: Readonly<Record<string, unknown>>): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** One line of the journal or the proof store, parsed; undefined for a torn or foreign line. */
export function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    // The last line of a run killed while writing it: that load is checked again.
    return undefined;
  }
}

/** The page loads one check has done, read back and recorded. */
export class CheckJournal {
  private constructor(
    /** The journal's file. */
    readonly file: string,
    /** Loads checked by earlier runs of this check, by {@link CheckJournal.id}. */
    readonly restored: ReadonlyMap<string, JournalEntry>,
  ) {}

  /** The journal's name of a page load. */
  static id(file: string, mode: JournalEntry['mode']): string {
    return `${mode} ${file}`;
  }

  /** Opens `file` for the check `key`: its loads when it was written for that key, else a new journal. */
  static open(file: string, key: string): CheckJournal {
    const restored = new Map<string, JournalEntry>();
    const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n') : [];
    if (headerSchema.safeParse(parseLine(lines[0] ?? '')).data?.key !== key) {
      writeFileSync(file, `${JSON.stringify({ key })}\n`);
      return new CheckJournal(file, restored);
    }
    const kept: string[] = [];
    for (const line of lines.slice(1)) {
      // Parsed to the load and its attempts: what a reuse needs besides stays in the file, not in memory.
      const entry = entrySchema.safeParse(parseLine(line));
      if (!entry.success) continue;
      restored.set(CheckJournal.id(entry.data.file, entry.data.mode), entry.data);
      kept.push(line);
    }
    // A torn last line is cut off, so the next entry starts on a line of its own.
    writeFileSync(file, [JSON.stringify({ key }), ...kept, ''].join('\n'));
    return new CheckJournal(file, restored);
  }

  /**
   * Records a checked load (one short synchronous append: it is there even if the process dies next),
   * with what a later export needs to reuse it when it can be (proofStore.ts).
   */
  record(
    file: string,
    mode: JournalEntry['mode'],
    attempts: readonly Attempt[],
    errors: readonly LoadError[],
    reusable: Reusable | null = null,
  ): void {
    appendFileSync(this.file, `${JSON.stringify({ file, mode, attempts, errors, ...reusable })}\n`);
  }
}
