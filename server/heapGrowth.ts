/**
 * How far V8 lets the heap grow past what survived its last full collection before collecting again.
 * On a machine with memory to spare V8 allows up to 4x, and Offprint's long loops (an export parses and
 * rewrites thousands of pages one after another, an import compiles them) make mostly short-lived
 * garbage: the process then peaked at about four times its live data, so the peak grew four times as
 * fast as the data it keeps (issue 13: an export's assembly peaked at 443 MB RSS for 2,000 pages and 533 MB
 * for 10,000, with 70-90 MB live). At 1.5x the peak follows the live data (255 MB at 2,000 pages) for no
 * measurable time: a full collection of under 100 MB live takes 5-20 ms (bench/scale/exportMemory.js).
 */
import { setFlagsFromString } from 'node:v8';

/** The heap may grow to (1 + this / 100) times its live size between full collections. */
export const HEAP_GROWING_PERCENT = 50;

/**
 * Sets {@link HEAP_GROWING_PERCENT} for this process. Process-wide, so entry points call it (the CLI and
 * the desktop app's main process), before the work starts; V8 reads it at each full collection.
 */
export function limitHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
