/**
 * How the dashboard words a job's pages taken from the project's last export (renderer's jobText.ts):
 * in the rendering phase beside the count, and under a finished job's page count.
 */
import { expect, it } from 'vitest';
import type { ExportJob } from '../renderer/src/api/types.js';
import { phaseText, reusedNote } from '../renderer/src/pages/exports/jobText.js';
import { shownJob } from './helpers/shownJob.js';

/** A job of 40 pages at `pageCount`, `pagesReused` of them taken from the last export. */
function job(phase: ExportJob['phase'], pageCount: number, pagesReused: number): ExportJob {
  const status = phase === 'completed' ? 'completed' : 'running';
  return shownJob('2026-03-01T10:00:00.000Z', {
    jobId: 'se_0000000000000001',
    status,
    phase,
    pageCount,
    pagesTotal: 40,
    pagesReused,
  });
}

it('says how many pages came from the last export while rendering, and nothing when none did', () => {
  expect(phaseText(job('rendering', 12, 10))).toBe('Rendering 12 / 40 pages (10 from the last export)');
  expect(phaseText(job('rendering', 12, 0))).toBe('Rendering 12 / 40 pages');
});

it("notes under a finished job's page count whether all or some were taken, and nothing when none were", () => {
  expect(reusedNote(job('completed', 40, 40))).toBe('all taken from the last export');
  expect(reusedNote(job('completed', 40, 37))).toBe('37 taken from the last export');
  expect(reusedNote(job('completed', 40, 0))).toBeNull();
});
