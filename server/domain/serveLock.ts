/**
 * One server per data dir. Two servers on one data dir would fight over what only one can own: each
 * site's recorded port (the second would move every site to a new port, breaking their URLs), the
 * start-up sweep of import leftovers and `server.json`. So a server holds `<dataDir>/serve.lock` while
 * it runs, and a second one refuses to start, naming the first (pid, URL). A lock whose process is gone
 * (crash, kill -9), or which predates the last boot (its pid may now be another program's), is stale
 * and taken over. Taking the lock happens inside a database write transaction, which serialises two
 * servers starting at the same instant: exactly one of them sees the lock free.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { uptime } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { writeTransaction } from '../db/connection.js';
import type { SiteDeps } from '../deps.js';
import { ConflictError } from '../errors.js';
import { isProcessAlive, readServerInfo } from '../serverFile.js';

const LockSchema = z.object({ pid: z.number().int().positive(), token: z.string(), startedAt: z.number() });

/** What the lock file holds. */
type Lock = z.output<typeof LockSchema>;

/** The lock file's path in a data dir. */
export function serveLockFile(dataDir: string): string {
  return join(dataDir, 'serve.lock');
}

function readLock(dataDir: string): Lock | null {
  try {
    const parsed = LockSchema.safeParse(JSON.parse(readFileSync(serveLockFile(dataDir), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** True when the lock's process still runs (and is the one that wrote it: it started after the last boot). */
function isHeld(lock: Lock, now: number): boolean {
  const bootedAt = now - uptime() * 1000;
  return lock.startedAt >= bootedAt && isProcessAlive(lock.pid);
}

function refusal(dataDir: string, holder: Lock): Error {
  const info = readServerInfo(dataDir);
  const where = info?.pid === holder.pid ? ` at ${info.apiUrl}` : ' (still starting)';
  return ConflictError(`another Offprint (pid ${holder.pid}) is already serving ${dataDir}${where}`, [
    `stop it first, or start this one with another --data-dir`,
  ]);
}

/**
 * Takes the data dir's serve lock for this process, or throws a conflict naming the server that holds
 * it. Returns the function that releases it (which leaves a lock some other process took alone).
 */
export function acquireServeLock(deps: SiteDeps): () => void {
  const file = serveLockFile(deps.dataDir);
  const mine: Lock = { pid: process.pid, token: randomBytes(12).toString('hex'), startedAt: Date.now() };
  writeTransaction(deps.db, () => {
    const holder = readLock(deps.dataDir);
    if (holder !== null && isHeld(holder, Date.now())) throw refusal(deps.dataDir, holder);
    if (holder !== null) deps.logger.info({ pid: holder.pid }, 'took over the lock of a server that is gone');
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, `${JSON.stringify(mine)}\n`, { mode: 0o600 });
    renameSync(temp, file);
  });
  return () => {
    if (readLock(deps.dataDir)?.token === mine.token) rmSync(file, { force: true });
  };
}
