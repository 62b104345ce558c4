/**
 * Worker-thread entry of {@link stageBuildOffThread}: stages one build (copy or unzip, then load and
 * validate the project), writes it to its hand-over file and posts that it did, or posts the error as
 * data (an AppError's status and details survive the thread boundary; anything else becomes an
 * internal error in the parent).
 */
import { rmSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../errors.js';
import { handoverFile, writeStagedBuild } from './handover.js';
import { removeDir, stageBuild } from './stage.js';
import { stageJobSchema, type StageOutcome } from './stageProtocol.js';

function run(): StageOutcome {
  const job = stageJobSchema.parse(workerData);
  try {
    const staged = stageBuild(job.sourcePath, job.dir, job.limits);
    try {
      writeStagedBuild(handoverFile(job.dir), staged);
    } catch (error) {
      // stageBuild removes the build folder when it fails; after it, that is this thread's to do.
      removeDir(job.dir);
      rmSync(handoverFile(job.dir), { force: true });
      throw error;
    }
    return { ok: true };
  } catch (error) {
    if (error instanceof AppError) {
      return { ok: false, status: error.status, message: error.message, details: error.details.map((d) => d.message) };
    }
    return { ok: false, status: 500, message: error instanceof Error ? error.message : String(error), details: [] };
  }
}

parentPort?.postMessage(run());
