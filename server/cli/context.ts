/** Opening the data dir a command works on. */
import { mkdirSync, statSync } from 'node:fs';
import { envValue, resolveDataDir } from '../config.js';
import { createLogger, type Logger } from '../logger.js';
import { openRuntime, type Runtime } from '../runtime.js';
import { UsageError, write, type CliIo } from './io.js';

function whereFrom(flag: string | undefined, io: CliIo): string {
  if (flag !== undefined) return '--data-dir';
  return envValue(io.env, 'OFFPRINT_DATA_DIR') === undefined ? 'the default data dir' : 'OFFPRINT_DATA_DIR';
}

function reason(error: unknown): string {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOTDIR' || code === 'EEXIST') return 'a part of the path is a file';
  return error instanceof Error ? error.message : String(error);
}

/**
 * The data dir named by `--data-dir` / `OFFPRINT_DATA_DIR` / the per-user default, as an absolute path.
 * A folder that does not exist is created (owner-only), saying so in one line on stderr, so a typo in
 * the path does not silently start an empty install; a path that is a file is a usage error.
 */
export async function cliDataDir(io: CliIo, flag: string | undefined): Promise<string> {
  // An empty flag would be the current folder: a script's `--data-dir "$DIR"` with DIR unset.
  if (flag?.trim() === '') throw new UsageError('--data-dir needs a folder path, and was given an empty one');
  const dataDir = resolveDataDir(flag, io.env);
  const source = whereFrom(flag, io);
  let stats;
  try {
    stats = statSync(dataDir, { throwIfNoEntry: false });
  } catch (error) {
    throw new UsageError(`cannot use the data dir ${dataDir} (${source}): ${reason(error)}`);
  }
  if (stats?.isDirectory() === true) return dataDir;
  if (stats !== undefined) throw new UsageError(`the data dir ${dataDir} (${source}) is a file, not a folder`);
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new UsageError(`cannot create the data dir ${dataDir} (${source}): ${reason(error)}`);
  }
  await write(io.stderr, `offprint: created the data dir ${dataDir}\n`);
  return dataDir;
}

/**
 * Runs `fn` with the data dir named by `--data-dir` / `OFFPRINT_DATA_DIR` open, closing it afterwards.
 * `logger` replaces the default one (JSON lines on stderr, warnings and up).
 */
export async function withRuntime<T>(
  io: CliIo,
  dataDirFlag: string | undefined,
  fn: (runtime: Runtime) => Promise<T> | T,
  logger: Logger = createLogger('warn'),
): Promise<T> {
  const runtime = openRuntime(await cliDataDir(io, dataDirFlag), logger);
  try {
    return await fn(runtime);
  } finally {
    runtime.close();
  }
}
