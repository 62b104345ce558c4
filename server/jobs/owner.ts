/**
 * Lease owners: `host/pid/random`. A lease normally ends by expiring; when its owner is a process on
 * this machine that no longer exists (killed), the job can be resumed at once instead.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { isProcessAlive } from '../serverFile.js';

/** A new owner id for a worker of this process. */
export function newLeaseOwner(): string {
  return `${hostname()}/${process.pid}/${randomBytes(6).toString('hex')}`;
}

/** True when `owner` names a process of this machine that has exited. Unknown forms count as alive. */
export function isDeadOwner(owner: string): boolean {
  const match = /^(.*)\/([0-9]+)\/[0-9a-f]+$/.exec(owner);
  if (match === null || match[1] !== hostname()) return false;
  const pid = Number(match[2]);
  // Another worker of this very process is alive by definition; its lease is honoured.
  if (pid === process.pid) return false;
  return !isProcessAlive(pid);
}
