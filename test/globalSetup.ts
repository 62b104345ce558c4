/**
 * One temporary folder for the whole test run, given to every test process and every program it starts
 * as TMPDIR, and removed at the end. Tests that kill an export with SIGKILL leave behind what the killed
 * process would have cleaned up (Chromium's `org.chromium.Chromium.*` files, Playwright's profile
 * folders); this keeps those inside the run's folder instead of in the machine's /tmp.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Names the run's folder, so that each project's global setup (one per tier) finds the first one's. */
const RUN_TMP = 'OFFPRINT_TEST_RUN_TMP';

/** Creates the run's folder (once for all tiers) and returns its remover. */
export default function setup(): () => void {
  if (process.env[RUN_TMP] !== undefined) return () => undefined;
  const dir = mkdtempSync(join(tmpdir(), 'offprint-test-run-'));
  process.env[RUN_TMP] = dir;
  process.env['TMPDIR'] = dir;
  return () => {
    // A killed export's orphaned Chromium may still be writing its last files for a moment.
    rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };
}
