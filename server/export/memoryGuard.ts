/**
 * The export's memory budget. The pipeline runs in the server's own process (its site server, render
 * pool and database are there), so an export that needed more heap than the process has would take the
 * server down with it, leaving its job `running`. Instead the pipeline asks the guard between pages
 * (rendered, assembled, described): once the live heap, as measured right after V8's last full garbage
 * collection, is past the budget, the guard throws ExportFailedError and the job fails with the reason
 * while the server goes on. A worker thread with its own heap cap was considered: it would need a second
 * copy of the site model and its own site server and database handles, and the pipeline now keeps only
 * small per-page records, so the budget is a backstop rather than the design.
 */
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { ExportFailedError } from './contract.js';

/** Share of V8's heap limit an export may bring the live heap to, by default. */
export const DEFAULT_HEAP_SHARE = 0.75;

/** Past this share of the heap limit, even before a full collection confirms it, the export stops. */
const HARD_SHARE = 0.92;

const MB = 1024 * 1024;

/** The budget in bytes: `OFFPRINT_EXPORT_HEAP_MB` when set (a positive whole number), else a share of the heap. */
export function exportHeapBudget(env: NodeJS.ProcessEnv = process.env): number {
  const limit = getHeapStatistics().heap_size_limit;
  const configured = Number(env['OFFPRINT_EXPORT_HEAP_MB']);
  if (Number.isInteger(configured) && configured > 0) return Math.min(configured * MB, limit * HARD_SHARE);
  return Math.floor(limit * DEFAULT_HEAP_SHARE);
}

/** Watches the heap while one export runs; {@link close} it when the run ends. */
export class MemoryGuard {
  /** Live heap after the last full collection seen (bytes), or null before the first. */
  private liveAfterGc: number | null = null;
  private readonly observer: PerformanceObserver;
  private readonly hardLimit = getHeapStatistics().heap_size_limit * HARD_SHARE;

  constructor(readonly budgetBytes: number = exportHeapBudget()) {
    this.observer = new PerformanceObserver((list) => {
      const major = list.getEntries().some((entry) => {
        const detail: unknown = Reflect.get(entry, 'detail');
        return typeof detail === 'object' && detail !== null && 'kind' in detail && detail.kind === MAJOR_GC;
      });
      if (major) this.liveAfterGc = getHeapStatistics().used_heap_size;
    });
    this.observer.observe({ entryTypes: ['gc'] });
  }

  /** Throws ExportFailedError when the heap is past the budget; `doing` says where (`assembling /x`). */
  check(doing: string): void {
    const used = getHeapStatistics().used_heap_size;
    // Before the first full collection of the run, what is used is the best measure there is.
    const live = this.liveAfterGc ?? used;
    if (live <= this.budgetBytes && used <= this.hardLimit) return;
    const reached = Math.round(Math.max(live, used) / MB);
    throw new ExportFailedError(
      `The export ran out of memory while ${doing}: the server's heap reached ${reached} MB, past the ` +
        `${Math.round(this.budgetBytes / MB)} MB an export may use (OFFPRINT_EXPORT_HEAP_MB)`,
    );
  }

  /** Stops watching. */
  close(): void {
    this.observer.disconnect();
  }
}

const MAJOR_GC = constants.NODE_PERFORMANCE_GC_MAJOR;
