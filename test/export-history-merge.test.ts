/**
 * The dashboard's export history between polls (renderer/src/pages/exports/jobPages.ts): a re-read first
 * page joins the pages the user loaded without taking them away. New jobs come first, changed ones are
 * updated, ones that left the filter within the first page's reach go, older pages stay with their cursor.
 */
import { describe, expect, it } from 'vitest';
import type { ExportJob } from '../renderer/src/api/types.js';
import { appendPage, listedBefore, mergeFirstPage, type ShownJobs } from '../renderer/src/pages/exports/jobPages.js';
import { shownJob } from './helpers/shownJob.js';

/** A job created at second `s` (ids tie-break within a second). */
function job(id: string, s: number, status: ExportJob['status'] = 'completed'): ExportJob {
  return shownJob(new Date(Date.UTC(2026, 2, 1, 10, 0, s)).toISOString(), { jobId: id, status });
}

const ids = (shown: ShownJobs) => shown.jobs.map((j) => j.jobId);
/** Jobs j9 (newest) .. j0, one a second. */
const all = Array.from({ length: 10 }, (_, i) => job(`j${9 - i}`, 9 - i));
const page = (from: number, to: number, cursor: string | null): ShownJobs => ({
  jobs: all.slice(from, to),
  nextCursor: cursor,
});

describe('the export history between polls', () => {
  it('orders as the server does: newer first, the greater id first within an instant', () => {
    expect(listedBefore(job('a', 2), job('b', 1))).toBe(true);
    expect(listedBefore(job('b', 1), job('a', 1))).toBe(true);
    expect(listedBefore(job('a', 1), job('b', 1))).toBe(false);
  });

  it('keeps the older pages the user loaded, and their cursor, when a new job arrives', () => {
    const shown = appendPage(page(0, 3, 'c3'), page(3, 6, 'c6'));
    expect(ids(shown)).toEqual(['j9', 'j8', 'j7', 'j6', 'j5', 'j4']);
    const first = { jobs: [job('new', 20, 'running'), ...all.slice(0, 2)], nextCursor: 'c2' };
    const merged = mergeFirstPage(shown, first);
    expect(ids(merged)).toEqual(['new', 'j9', 'j8', 'j7', 'j6', 'j5', 'j4']);
    expect(merged.nextCursor).toBe('c6');
  });

  it('takes the first page as the truth down to its last job: updated, and gone when filtered out', () => {
    const shown: ShownJobs = { jobs: [job('j9', 9, 'running'), ...all.slice(1, 6)], nextCursor: 'c6' };
    // j9 completed (and the filter is "running": it left the list); j8 failed.
    const first = { jobs: [job('j8', 8, 'failed'), ...all.slice(2, 4)], nextCursor: 'c4' };
    const merged = mergeFirstPage(shown, first);
    expect(ids(merged)).toEqual(['j8', 'j7', 'j6', 'j5', 'j4']);
    expect(merged.jobs[0]?.status).toBe('failed');
    expect(merged.nextCursor).toBe('c6');
  });

  it("uses the first page's cursor when only the first page was shown, and its end when it is all", () => {
    const first = { jobs: [job('new', 20), ...all.slice(0, 2)], nextCursor: 'c-new' };
    expect(mergeFirstPage(page(0, 2, 'c2'), first)).toEqual({ jobs: first.jobs, nextCursor: 'c-new' });
    // A job pushed off the first page by the new one stays shown, and the cursor still follows it.
    expect(mergeFirstPage(page(0, 3, 'c3'), first)).toEqual({ jobs: [...first.jobs, all[2]], nextCursor: 'c3' });
    const whole = { jobs: all.slice(0, 4), nextCursor: null };
    expect(mergeFirstPage(page(0, 3, 'c3'), whole)).toEqual(whole);
  });

  it('never repeats a job when a page overlaps what is shown', () => {
    expect(ids(appendPage(page(0, 3, 'c3'), page(2, 5, 'c5')))).toEqual(['j9', 'j8', 'j7', 'j6', 'j5']);
  });
});
