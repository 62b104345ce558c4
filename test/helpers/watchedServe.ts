/**
 * `offprint serve` watched from outside the way an operator would: leader of its own process group (so a
 * kill test can SIGKILL it with its Chromium at once), its RSS (/proc VmRSS) logged every 0.5 s and
 * /health asked every 250 ms, each probe given {@link PROBE_MS} before it counts as not answered (the
 * server once stopped answering mid-export, seen from outside: issue 13).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { startServe, type ServeProcess } from './binary.js';

/** Longest a /health probe may wait before it counts as not answered. */
export const PROBE_MS = 20_000;

/** A running `serve` with its RSS log and /health probes. */
export interface WatchedServe extends ServeProcess {
  /** RSS in MB, every 0.5 s. */
  readonly rssMb: number[];
  readonly probes: { ok: number; failed: string[] };
  /** Stops probing and logging (the process is left running). */
  readonly unwatch: () => void;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function rssMb(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] === undefined ? null : Math.round(Number(match[1]) / 1024);
  } catch {
    return null;
  }
}

/** Starts `offprint serve --port 0 --data-dir DIR` in its own process group and watches it. */
export async function startWatchedServe(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<WatchedServe> {
  const serve = await startServe(['--port', '0', '--data-dir', dataDir], { env, detached: true });
  const log: number[] = [];
  const probes = { ok: 0, failed: [] as string[] };
  const rssTimer = setInterval(() => {
    const mb = rssMb(serve.child.pid ?? 0);
    if (mb !== null) log.push(mb);
  }, 500);
  let probing = true;
  void (async () => {
    while (probing) {
      try {
        const response = await fetch(`${serve.url}/health`, { signal: AbortSignal.timeout(PROBE_MS) });
        await response.arrayBuffer();
        if (response.status === 200) probes.ok += 1;
        else probes.failed.push(`HTTP ${response.status}`);
      } catch (error) {
        if (probing) probes.failed.push(String(error));
      }
      await sleep(250);
    }
  })();
  const unwatch = (): void => {
    probing = false;
    clearInterval(rssTimer);
  };
  return { ...serve, rssMb: log, probes, unwatch };
}

/** One line with a watched server's RSS log, its peak and how its probes went. */
export function watchReport(label: string, serve: WatchedServe): string {
  return (
    `${label}: server RSS MB every 0.5 s [${serve.rssMb.join(' ')}] peak ${Math.max(...serve.rssMb)} MB; ` +
    `/health answered ${serve.probes.ok}, not answered ${serve.probes.failed.length}`
  );
}

/** Every process below `root` (by parent pid), from /proc. */
export function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift() ?? 0;
    for (const [child, parent] of parents) {
      if (parent === pid) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

/** Whether `pid` is a live (not zombie) process. */
export const alive = (pid: number): boolean =>
  existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
