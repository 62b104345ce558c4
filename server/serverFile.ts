/**
 * `<dataDir>/server.json`: how other processes (the CLI's `projects list`) find the server running on a
 * data dir and its sites. Written atomically (temp file + rename), removed on exit by the process that
 * wrote it; a file left by a crashed server is ignored because its pid is no longer alive.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** What server.json holds. */
export interface ServerInfo {
  readonly pid: number;
  /** The API's URL (`http://127.0.0.1:4242`). */
  readonly apiUrl: string;
  /** `projectId -> site URL` of every site being served. */
  readonly sites: Readonly<Record<string, string>>;
}

const ServerInfoSchema = z.object({
  pid: z.number().int().positive(),
  apiUrl: z.string(),
  sites: z.record(z.string(), z.string()),
});

/** The file's path in a data dir. */
export function serverInfoFile(dataDir: string): string {
  return join(dataDir, 'server.json');
}

/** Writes server.json so that readers see either the old content or the new, never a partial file. */
export function writeServerInfo(dataDir: string, info: ServerInfo): void {
  const file = serverInfoFile(dataDir);
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(info, null, 2)}\n`, { mode: 0o600 });
  renameSync(temp, file);
}

function readRaw(dataDir: string): ServerInfo | null {
  let text: string;
  try {
    text = readFileSync(serverInfoFile(dataDir), 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed = ServerInfoSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Removes server.json if this process (`pid`) wrote it; another server's file is left alone. */
export function removeServerInfo(dataDir: string, pid = process.pid): void {
  if (readRaw(dataDir)?.pid !== pid) return;
  rmSync(serverInfoFile(dataDir), { force: true });
}

/** True when a process with this pid exists (even one we may not signal). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running server's info, or null when there is no file, it is unreadable, or its process is gone. */
export function readServerInfo(dataDir: string): ServerInfo | null {
  const info = readRaw(dataDir);
  return info !== null && isProcessAlive(info.pid) ? info : null;
}
