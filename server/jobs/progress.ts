/** How a run's progress maps to the job's `progress` percent. */
import type { ExportProgress } from '../export/contract.js';

/**
 * Rendering fills 0..35; assembling (which reports no steps of its own) holds 35; the egress check fills
 * 36..97 as its page loads are done; zipping holds 98; only completion writes 100. The shares follow where
 * an export's time goes: the check opens every page twice (from disk and over HTTP) and took 1.8 times as
 * long as rendering on novu's 400 pages and 2.8 times on 10,000 pages, so a job whose rendering filled
 * 0..95 sat at 96% for most of its time (an hour at 10,000 pages). The API reads the phase back from
 * these (exports presenter), and estimates the time left from the percent.
 */
export const RENDER_SHARE = 35;
/** The percent the proving phase (the egress check) starts at. */
export const PROVING_PERCENT = 36;
/** The percent the proving phase reaches once every page load is checked. */
export const PROVING_END_PERCENT = 97;
/** The percent of the zipping phase. */
export const ZIPPING_PERCENT = 98;

/** How far into its phase a report is, 0..1 (the check by page loads, rendering by pages). */
function phaseFraction(done: number, total: number): number {
  return total > 0 ? Math.min(1, Math.max(0, done / total)) : 0;
}

/** The whole percent a progress report stands for. */
export function progressPercent(progress: ExportProgress): number {
  if (progress.phase === 'rendering') {
    return Math.floor(RENDER_SHARE * phaseFraction(progress.pagesDone, progress.pagesTotal));
  }
  if (progress.phase === 'proving') {
    const { done = 0, total = 0 } = progress.checked ?? {};
    return Math.floor(PROVING_PERCENT + (PROVING_END_PERCENT - PROVING_PERCENT) * phaseFraction(done, total));
  }
  return progress.phase === 'zipping' ? ZIPPING_PERCENT : RENDER_SHARE;
}
