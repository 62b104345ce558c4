/**
 * Imports off the event loop: copying or unzipping a project and loading its model take seconds for a
 * large project, during which a server on the same thread would answer nothing (not even `/health`).
 * {@link stageBuildOffThread} does that work in a worker thread and hands back the same result, or the
 * same error, as {@link stageBuild}.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { RebuiltError, ValidationError } from '../../errors.js';
import type { ImportLimits } from './limits.js';
import type { StagedBuild } from './stage.js';
import type { StageJob, StageOutcome } from './stageProtocol.js';

/** Heap of a staging thread: a project's model is small; a hostile config must not grow without bound. */
const STAGE_HEAP_MB = 1024;

/**
 * Young generation of a staging thread. Loading a project allocates a little garbage per page file (the
 * text read, its YAML, the reference scan) and keeps a small record of each; with V8's default young
 * generation (up to 3 x 16 MB) the thread's heap at the end of a 10,000-page load was ~25 MB larger than
 * with 4 MB, for no measurable gain in time.
 */
const STAGE_YOUNG_MB = 4;

/** The built worker entry (dist/), also when this module runs from source under the test runner. */
function workerEntry(): URL {
  const beside = new URL('./stageWorker.js', import.meta.url);
  if (existsSync(fileURLToPath(beside))) return beside;
  return new URL('../../../dist/server/sites/import/stageWorker.js', import.meta.url);
}

/** {@link stageBuild} in a worker thread: same result, same errors, and the event loop stays free. */
export function stageBuildOffThread(sourcePath: string, dir: string, limits: ImportLimits): Promise<StagedBuild> {
  const job: StageJob = { sourcePath, dir, limits };
  return new Promise<StagedBuild>((resolve, reject) => {
    const worker = new Worker(workerEntry(), {
      workerData: job,
      resourceLimits: { maxOldGenerationSizeMb: STAGE_HEAP_MB, maxYoungGenerationSizeMb: STAGE_YOUNG_MB },
    });
    let settled = false;
    worker.once('message', (outcome: StageOutcome) => {
      settled = true;
      if (outcome.ok) resolve(outcome.staged);
      else if (outcome.status < 500)
        reject(
          RebuiltError({
            status: outcome.status,
            message: outcome.message,
            details: outcome.details.map((m) => ({ message: m })),
          }),
        );
      else reject(new Error(outcome.message));
    });
    worker.once('error', (error) => {
      settled = true;
      const outOfMemory = 'code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      reject(
        outOfMemory
          ? ValidationError('The project cannot be imported: loading it needs too much memory', [
              `loading the project's configuration and pages went past ${STAGE_HEAP_MB} MB`,
            ])
          : error,
      );
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the import thread stopped (exit code ${code})`));
    });
  });
}
