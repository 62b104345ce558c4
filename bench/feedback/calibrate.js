/**
 * How fast is the machine right now? Probes run in this process while the server is not running: a pure
 * JS loop (to compare runs of this benchmark), and the server's own keyset page query in-process
 * (dist/server/db/feedback.js) on the seeded database, whose quiet-machine time perf-baselines.md section
 * 1b gives for the same query shape. Other work on the 2 cores slows everything down together; the ratio
 * tells a slow server from a busy machine.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { summarize } from './client.js';
import { REPO_ROOT } from './proc.js';

/** Quiet-machine keyset page times (perf-baselines 1b, index C2, random cursors, p50). */
export const REFERENCE = { keysetL50Us: 136, keysetL100Us: 255 };

/** @param {string} path under dist/server */
const dist = (path) => import(pathToFileURL(join(REPO_ROOT, 'dist/server', path)).href);

function jsLoopMs() {
  const started = performance.now();
  let x = 0;
  for (let i = 0; i < 1e8; i++) x = (x + i * 7) | 0;
  const ms = performance.now() - started;
  // Keep the loop from being optimised away.
  return x === 0.5 ? ms + 1 : ms;
}

/**
 * @param {string} dataDir seeded data dir (its server stopped or idle)
 * @param {string} projectId
 */
export async function calibrate(dataDir, projectId) {
  const loops = [jsLoopMs(), jsLoopMs(), jsLoopMs()].sort((a, b) => a - b);
  const { openDatabase } = await dist('db/connection.js');
  const { selectFeedbackPage } = await dist('db/feedback.js');
  const db = openDatabase(join(dataDir, 'offprint.db'), { skipMigrations: true });
  try {
    /** @type {{ createdAt: number, id: string }[]} */
    const positions = db
      .prepare('SELECT created_at AS createdAt, id FROM feedback WHERE project_id = ? AND rowid % 997 = 0')
      .all(projectId);
    /** @param {number} limit */
    const probe = (limit) => {
      /** @type {number[]} */
      const times = [];
      const cpu0 = process.cpuUsage();
      for (let i = 0; i < 1200; i++) {
        const started = performance.now();
        selectFeedbackPage(db, { projectId }, positions[(i * 7) % positions.length], limit + 1);
        if (i >= 200) times.push((performance.now() - started) * 1000);
      }
      const cpu = process.cpuUsage(cpu0);
      return { p50Us: summarize(times).p50, cpuUsPerCall: (cpu.user + cpu.system) / 1200 };
    };
    return { jsLoopMs: loops[1] ?? 0, keysetL50: probe(50), keysetL100: probe(100) };
  } finally {
    db.close();
  }
}

/**
 * One line describing a calibration against the quiet-machine references.
 * @param {Awaited<ReturnType<typeof calibrate>>} c
 */
export function describeCalibration(c) {
  const x = (/** @type {number} */ measured, /** @type {number} */ reference) =>
    `x${(measured / reference).toFixed(1)}`;
  return (
    `JS loop ${c.jsLoopMs.toFixed(0)} ms; ` +
    `in-process keyset page L50 p50 ${c.keysetL50.p50Us.toFixed(0)} µs (${x(c.keysetL50.p50Us, REFERENCE.keysetL50Us)}), ` +
    `L100 ${c.keysetL100.p50Us.toFixed(0)} µs (${x(c.keysetL100.p50Us, REFERENCE.keysetL100Us)}) ` +
    `vs a quiet machine (perf-baselines 1b)`
  );
}
