/** How a run's progress maps to the job's `progress` percent. */
import type { ExportProgress } from '../export/contract.js';

/**
 * Rendering fills 0..95; assembling (which reports no steps of its own) holds 95, the egress check 96 and
 * writing the archive 98; only completion writes 100. The API reads the phase back from these (exports
 * presenter).
 */
export const RENDER_SHARE = 95;
/** The percent of the proving phase (the egress check). */
export const PROVING_PERCENT = 96;
/** The percent of the zipping phase. */
export const ZIPPING_PERCENT = 98;

/** The whole percent a progress report stands for. */
export function progressPercent(progress: ExportProgress): number {
  const fraction = progress.pagesTotal > 0 ? Math.min(1, progress.pagesDone / progress.pagesTotal) : 0;
  if (progress.phase === 'rendering') return Math.floor(RENDER_SHARE * fraction);
  if (progress.phase === 'proving') return PROVING_PERCENT;
  return progress.phase === 'zipping' ? ZIPPING_PERCENT : RENDER_SHARE;
}
