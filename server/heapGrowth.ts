/**
 * How Offprint keeps V8's heap close to what the process keeps.
 *
 * Growth: how far V8 lets the heap grow past what survived its last full collection before collecting
 * again. On a machine with memory to spare V8 allows up to 4x, and Offprint's long loops (an export parses
 * and rewrites thousands of pages one after another, an import compiles them) make mostly short-lived
 * garbage: the process then peaked at about four times its live data, so the peak grew four times as
 * fast as the data it keeps (issue 13: an export's assembly peaked at 443 MB RSS for 2,000 pages and 533 MB
 * for 10,000, with 70-90 MB live). At 1.5x the peak follows the live data (255 MB at 2,000 pages) for no
 * measurable time: a full collection of under 100 MB live takes 5-20 ms (bench/scale/exportMemory.js).
 *
 * Collection at a known low point: the limit is 1.5x of what survived the last full collection, so one
 * taken while a phase's garbage is still reachable sets the limit for the whole next phase too high.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** The heap may grow to (1 + this / 100) times its live size between full collections. */
export const HEAP_GROWING_PERCENT = 50;

/**
 * Sets {@link HEAP_GROWING_PERCENT} for this process. Process-wide, so entry points call it (the CLI and
 * the desktop app's main process), before the work starts; V8 reads it at each full collection.
 */
export function limitHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

let fullCollection: (() => void) | undefined;

function isCollector(value: unknown): value is () => void {
  return typeof value === 'function';
}

/** V8's `gc()`, taken from a fresh context once `--expose-gc` is set, so no command-line flag is needed. */
function collector(): () => void {
  if (fullCollection !== undefined) return fullCollection;
  setFlagsFromString('--expose-gc');
  const gc: unknown = runInNewContext('gc');
  if (!isCollector(gc)) throw new Error('V8 did not expose gc() with --expose-gc');
  fullCollection = gc;
  return gc;
}

/**
 * A full, synchronous collection, for the point between two phases where the first one's garbage has
 * just become unreachable. Worth it only there: it costs 10-40 ms with tens of MB live, and without it
 * the next phase may run its whole length under a limit set while that garbage was alive (issue 13: a
 * 10,000-page import rendered its search index for a minute under a limit set from 38 MB that was
 * 28 MB of model; its peak went from 167 to ~150 MB RSS).
 */
export function collectGarbageNow(): void {
  collector()();
}
