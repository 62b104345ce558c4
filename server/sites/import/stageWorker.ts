/**
 * Worker-thread entry of {@link stageBuildOffThread}: stages one build (copy or unzip, then load and
 * validate the project) into its hand-over file, the pages as they are loaded, and posts that it did, or
 * posts the error as data (an AppError's status and details survive the thread boundary; anything else
 * becomes an internal error in the parent).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../errors.js';
import { handoverFile, openHandover, type HandoverWriter } from './handover.js';
import { removeDir, stageProject } from './stage.js';
import { stageJobSchema, type StageOutcome } from './stageProtocol.js';

function run(): StageOutcome {
  const job = stageJobSchema.parse(workerData);
  let opened: HandoverWriter | undefined;
  try {
    const handover = openHandover(handoverFile(job.dir));
    opened = handover;
    const staged = stageProject(job.sourcePath, job.dir, job.limits, (page) => handover.page(page));
    try {
      handover.finish(staged);
    } catch (error) {
      // stageProject removes the build folder when it fails; after it, that is this thread's to do.
      removeDir(job.dir);
      throw error;
    }
    return { ok: true };
  } catch (error) {
    opened?.discard();
    if (error instanceof AppError) {
      return { ok: false, status: error.status, message: error.message, details: error.details.map((d) => d.message) };
    }
    return { ok: false, status: 500, message: error instanceof Error ? error.message : String(error), details: [] };
  }
}

parentPort?.postMessage(run());
