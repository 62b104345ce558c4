/**
 * Page loads proven by an earlier export of the same project, reused. The egress check of a 10,000-page
 * bundle is 20,000 page loads, hours on two cores, and most re-exports change a few pages: a load is not
 * opened again when the same check (Offprint version, page scripts, browser, modes, policy, time limits,
 * and the page's own redirect and sidebar rules: its key) opened the same page the same way before and
 * every file of the bundle that load requested, its own document first, has the same bytes now (its
 * digest). A page's behaviour is a function of those bytes, so what it tried outside the bundle then is
 * what it tries now. A load that read something no digest covers (a file:// URL naming no file of the
 * bundle: an error or a folder listing) is never kept.
 *
 * The store is one NDJSON file per project, rewritten whole at the end of each check (the loads reused
 * and the loads of the check's journal, also when the check failed or was stopped: each was proved), so
 * it holds the last export's loads only. Entries are streamed,
 * never held: what stays in memory is each reused load's attempts and errors (nearly always none).
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  renameSync,
  rmSync,
  type WriteStream,
} from 'node:fs';
import { once } from 'node:events';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import type { Logger } from '../../logger.js';
import { isProcessAlive } from '../../serverFile.js';
import { egressProofsVersions } from '../../exportSpec/files.js';
import { resolveBundlePath } from '../staticPaths.js';
import { CheckJournal, entrySchema, parseLine, type JournalEntry } from './journal.js';
import { INIT_SCRIPT, interactExpression, SCAN_EXPRESSION } from './pageScript.js';

/** The sha256 of each file of the bundle, by bundle path. */
export type BundleDigests = ReadonlyMap<string, string>;

/** Written first: a store of another format is started over. */
const HEADER = { store: 'offprint-egress-proofs', version: 1 } as const;

/** A load as the store keeps it (and the journal, for loads that can be reused). */
export const storedSchema = entrySchema.extend({
  key: z.string(),
  digest: z.string(),
  deps: z.array(z.string()),
});

/** Digest of what the check runs inside pages: a change to it is a different check. */
export const PAGE_SCRIPTS_DIGEST = createHash('sha256')
  .update([INIT_SCRIPT, interactExpression(false), interactExpression(true), SCAN_EXPRESSION].join('\0'))
  .digest('hex');

/** The file a static host answers `urlPath` with (404.html for a miss, '' when there is none). */
function servedFile(urlPath: string, digests: BundleDigests): string {
  return resolveBundlePath((name) => digests.has(name), urlPath) ?? (digests.has('404.html') ? '404.html' : '');
}

/**
 * Digest of the bundle files a load read (`deps`, as {@link BundleScope.dependency} names them), under the
 * bundle `digests`; null when one of them is outside what digests cover (a file:// URL naming no file).
 */
export function loadDigest(mode: JournalEntry['mode'], deps: readonly string[], digests: BundleDigests): string | null {
  const hash = createHash('sha256');
  for (const dep of [...new Set(deps)].sort()) {
    const file = mode === 'file' ? dep : servedFile(dep, digests);
    const sha = digests.get(file);
    if (sha === undefined && mode === 'file') return null;
    hash.update(`${dep}\0${file}\0${sha ?? ''}\n`);
  }
  return hash.digest('hex');
}

/** Removes next versions of `file` that processes no longer running left half-written. */
function sweepTemps(file: string): void {
  for (const { path, pid } of egressProofsVersions(file)) {
    if (Number.isInteger(pid) && pid !== process.pid && !isProcessAlive(pid)) rmSync(path, { force: true });
  }
}

async function* linesOf(file: string): AsyncGenerator<string> {
  if (!existsSync(file)) return;
  const stream = createReadStream(file, 'utf8');
  try {
    yield* createInterface({ input: stream, crlfDelay: Infinity });
  } finally {
    stream.destroy();
  }
}

/**
 * One check's use of a project's store: reads the old one, writes the next beside it. It never fails the
 * check: a store that cannot be read or written (a full disk, a folder made read-only) is logged, and
 * the check opens the loads it would have reused.
 */
export class ProofStore {
  private readonly temp: string;
  private readonly out: WriteStream;
  /** Committed or discarded: nothing more is written. */
  private settled = false;

  private constructor(
    private readonly file: string,
    private readonly logger: Logger,
  ) {
    mkdirSync(dirname(file), { recursive: true });
    sweepTemps(file);
    this.temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    this.out = createWriteStream(this.temp, { mode: 0o600 });
    this.out.on('error', () => undefined);
  }

  /** Opens the store at `file` (none yet is fine) and starts its next version; null when it cannot. */
  static async open(file: string, logger: Logger): Promise<ProofStore | null> {
    let store: ProofStore | null = null;
    try {
      store = new ProofStore(file, logger);
      await store.write(JSON.stringify(HEADER));
      return store;
    } catch (error) {
      logger.warn({ err: error, file }, 'export: the egress proofs of earlier exports cannot be used');
      await store?.discard();
      return null;
    }
  }

  private async write(line: string): Promise<void> {
    if (this.out.errored !== null) throw this.out.errored;
    if (!this.out.write(`${line}\n`)) await once(this.out, 'drain');
  }

  /**
   * The loads of `wanted` (journal id -> key the load would have now) the store proves under `digests`,
   * as journal entries; each is carried into the next version of the store.
   */
  async reuse(wanted: ReadonlyMap<string, string>, digests: BundleDigests): Promise<JournalEntry[]> {
    const found: JournalEntry[] = [];
    try {
      await this.read(wanted, digests, found);
    } catch (error) {
      // Those found so far were checked like the rest: they stand.
      this.logger.warn({ err: error, file: this.file }, 'export: the egress proofs of earlier exports cannot be read');
    }
    return found;
  }

  private async read(
    wanted: ReadonlyMap<string, string>,
    digests: BundleDigests,
    found: JournalEntry[],
  ): Promise<void> {
    const taken = new Set<string>();
    let first = true;
    for await (const line of linesOf(this.file)) {
      if (first) {
        first = false;
        if (JSON.stringify(parseLine(line)) !== JSON.stringify(HEADER)) return;
        continue;
      }
      const entry = storedSchema.safeParse(parseLine(line));
      if (!entry.success) continue;
      const { file, mode, attempts, errors, key, digest, deps } = entry.data;
      const id = CheckJournal.id(file, mode);
      if (taken.has(id) || wanted.get(id) !== key || loadDigest(mode, deps, digests) !== digest) continue;
      taken.add(id);
      await this.write(line);
      found.push({ file, mode, attempts, errors });
    }
  }

  /**
   * Adds the reusable loads of the check's `journal` and puts the new store in place: after a complete
   * check, its loads; after one that failed or was stopped, the loads reused and those it checked, which the
   * next export then need not open.
   */
  async commit(journal: string): Promise<void> {
    if (this.settled) return;
    try {
      for await (const line of linesOf(journal)) {
        if (storedSchema.safeParse(parseLine(line)).success) await this.write(line);
      }
      this.settled = true;
      this.out.end();
      await once(this.out, 'finish');
      renameSync(this.temp, this.file);
    } catch (error) {
      this.logger.warn({ err: error, file: this.file }, 'export: the egress proofs of this export cannot be kept');
      this.settled = false;
      await this.discard();
    }
  }

  /** Drops the next version: the old store stays as it was. */
  private async discard(): Promise<void> {
    if (this.settled) return;
    this.settled = true;
    if (!this.out.closed) {
      const closed = once(this.out, 'close').catch(() => undefined);
      this.out.destroy();
      await closed;
    }
    rmSync(this.temp, { force: true });
  }
}
