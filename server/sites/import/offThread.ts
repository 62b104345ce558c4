/**
 * Imports off the event loop: copying or unzipping a project and loading its model take seconds for a
 * large project, during which a server on the same thread would answer nothing (not even `/health`).
 * {@link stageBuildOffThread} does that work in a worker thread and hands back the same result, or the
 * same error, as {@link stageBuild}.
 */
import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { RebuiltError, ValidationError } from '../../errors.js';
import { collectGarbageNow } from '../../heapGrowth.js';
import { handoverFile, readStagedBuild } from './handover.js';
import type { ImportLimits } from './limits.js';
import { removeDir, type StagedBuild } from './stage.js';
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

/**
 * {@link stageBuild} in a worker thread: same result, same errors, and the event loop stays free. The
 * build is read from its hand-over file once the thread has exited (handover.ts), so its heap is gone
 * before the model is rebuilt here.
 */
export function stageBuildOffThread(sourcePath: string, dir: string, limits: ImportLimits): Promise<StagedBuild> {
  const job: StageJob = { sourcePath, dir, limits };
  return new Promise<StagedBuild>((resolve, reject) => {
    const worker = new Worker(workerEntry(), {
      workerData: job,
      resourceLimits: { maxOldGenerationSizeMb: STAGE_HEAP_MB, maxYoungGenerationSizeMb: STAGE_YOUNG_MB },
    });
    let outcome: StageOutcome | null = null;
    let failure: Error | null = null;
    worker.once('message', (message: StageOutcome) => {
      outcome = message;
    });
    worker.once('error', (error) => {
      failure = error;
    });
    worker.once('exit', (code) => {
      try {
        resolve(settle(dir, outcome, failure, code));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

/**
 * The staged build once the thread is gone, or the error it ended with. Nothing of a failed staging
 * stays: stageBuild removes its own failures, but a thread that died (out of memory) or a hand-over file
 * that cannot be read leaves a build folder no one else would remove before the next start.
 */
function settle(dir: string, outcome: StageOutcome | null, failure: Error | null, code: number): StagedBuild {
  try {
    if (outcome?.ok === true) {
      const staged = readStagedBuild(handoverFile(dir));
      // Reading the file left its records and their decoding behind; the import's next phase (rendering
      // every page for the search index) runs under the limit the next full collection sets.
      collectGarbageNow();
      return staged;
    }
    throw stagingError(outcome, failure, code);
  } catch (error) {
    removeDir(dir);
    rmSync(handoverFile(dir), { force: true });
    throw error;
  }
}

/** The error a staging thread that did not succeed ended with, as the import reports it. */
function stagingError(outcome: StageOutcome | null, failure: Error | null, code: number): Error {
  if (outcome !== null && !outcome.ok) {
    if (outcome.status >= 500) return new Error(outcome.message);
    return RebuiltError({
      status: outcome.status,
      message: outcome.message,
      details: outcome.details.map((m) => ({ message: m })),
    });
  }
  if (failure !== null && 'code' in failure && failure.code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return ValidationError('The project cannot be imported: loading it needs too much memory', [
      `loading the project's configuration and pages went past ${STAGE_HEAP_MB} MB`,
    ]);
  }
  return failure ?? new Error(`the import thread stopped (exit code ${code})`);
}
