/** Opening the data dir a command works on. */
import { accessSync, constants, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { envValue, resolveDataDir } from '../config.js';
import { makeFolders, prepareDataDir, UnsafeDataDirError } from '../dataDir.js';
import { createLogger, type Logger } from '../logger.js';
import { openRuntime, type Runtime } from '../runtime.js';
import { UsageError, write, type CliIo } from './io.js';
import { inCliWords } from './notFound.js';

function whereFrom(flag: string | undefined, io: CliIo): string {
  if (flag !== undefined) return '--data-dir';
  return envValue(io.env, 'OFFPRINT_DATA_DIR') === undefined ? 'the default data dir' : 'OFFPRINT_DATA_DIR';
}

/** Why a file system call on the data dir failed, in words (the system's own words when none fit). */
function reason(error: unknown): string {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  const path = error instanceof Error && 'path' in error && typeof error.path === 'string' ? error.path : undefined;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied: this user may not write in it';
  if (code === 'ENOTDIR' || code === 'EEXIST') return 'a part of the path is a file';
  if (code === 'EROFS') return 'it is on a read-only file system';
  if (code === 'ENOSPC') return 'the disk is full';
  if (code === 'ENAMETOOLONG') return 'the path is too long';
  if (code === 'ELOOP') return 'the path has a loop of symbolic links';
  // ENOENT from creating an entry whose folder exists: a folder that takes no new entries (/proc, /sys).
  if (code === 'ENOENT' && path !== undefined) return `${dirname(path)} does not accept new files or folders`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The data dir named by `--data-dir` / `OFFPRINT_DATA_DIR` / the per-user default, as an absolute path.
 * A folder that does not exist is created (owner-only), saying so in one line on stderr, so a typo in
 * the path does not silently start an empty install. A path that is a file, or a folder that cannot be
 * made or written in, is a usage error naming the folder and what is wrong, in words.
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
  if (stats !== undefined && !stats.isDirectory())
    throw new UsageError(`the data dir ${dataDir} (${source}) is a file, not a folder`);
  if (stats === undefined) {
    try {
      makeFolders(dataDir, 0o700);
    } catch (error) {
      throw new UsageError(`cannot create the data dir ${dataDir} (${source}): ${reason(error)}`);
    }
    await write(io.stderr, `offprint: created the data dir ${dataDir}\n`);
  }
  // Now, not at the first write deep in a command: a folder this user may not write in, or where
  // nothing can be created, fails here with the data dir named.
  try {
    accessSync(dataDir, constants.R_OK | constants.W_OK | constants.X_OK);
    prepareDataDir(dataDir);
  } catch (error) {
    if (error instanceof UnsafeDataDirError) throw error;
    throw new UsageError(`cannot use the data dir ${dataDir} (${source}): ${reason(error)}`);
  }
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
  } catch (error) {
    throw inCliWords(error, runtime.dataDir);
  } finally {
    runtime.close();
  }
}
