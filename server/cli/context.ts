/** Opening the data dir a command works on. */
import { resolveDataDir } from '../config.js';
import { createLogger } from '../logger.js';
import { openRuntime, type Runtime } from '../runtime.js';
import type { CliIo } from './io.js';

/** Runs `fn` with the data dir named by `--data-dir` / `OFFPRINT_DATA_DIR` open, closing it afterwards. */
export async function withRuntime<T>(
  io: CliIo,
  dataDirFlag: string | undefined,
  fn: (runtime: Runtime) => Promise<T> | T,
): Promise<T> {
  const runtime = openRuntime(resolveDataDir(dataDirFlag, io.env), createLogger('warn'));
  try {
    return await fn(runtime);
  } finally {
    runtime.close();
  }
}
