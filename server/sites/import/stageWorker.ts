/**
 * Worker-thread entry of {@link stageBuildOffThread}: stages one build (copy or unzip, then load and
 * validate the project) and posts the result, or the error as data (an AppError's status and details
 * survive the thread boundary; anything else becomes an internal error in the parent).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../errors.js';
import { stageBuild } from './stage.js';
import { stageJobSchema, type StageOutcome } from './stageProtocol.js';

function run(): StageOutcome {
  const job = stageJobSchema.parse(workerData);
  try {
    return { ok: true, staged: stageBuild(job.sourcePath, job.dir, job.limits) };
  } catch (error) {
    if (error instanceof AppError) {
      return { ok: false, status: error.status, message: error.message, details: error.details.map((d) => d.message) };
    }
    return { ok: false, status: 500, message: error instanceof Error ? error.message : String(error), details: [] };
  }
}

parentPort?.postMessage(run());
