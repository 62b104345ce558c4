/**
 * Memory sampling of a child process from outside, through /proc (Linux): the process's own peak RSS
 * (`VmHWM`, which the kernel keeps, so a sample taken late still sees an early peak) and the peak of the
 * summed RSS of its descendants (render sandboxes, Chromium), polled.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval } from 'node:timers';

/** A `/proc/PID/status` field in bytes, or 0 when the process is gone. */
function statusBytes(pid, field) {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Every process below `pid` (Linux /proc), each with the fields of `/proc/PID/stat` after its name
 * (`fields[1]` the parent, `[11]`/`[12]` user/system clock ticks, `[21]` RSS pages). Processes that end
 * while the table is read are left out. Shared by the benches that watch Chromium and render sandboxes.
 * @param {number} pid
 * @returns {{ pid: number, fields: string[] }[]}
 */
export function descendants(pid) {
  const children = new Map();
  const stats = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(name), fields);
      const ppid = Number(fields[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(name));
    } catch {
      // The process ended while we looked.
    }
  }
  const out = [];
  const stack = [...(children.get(pid) ?? [])];
  while (stack.length > 0) {
    const next = stack.pop();
    out.push({ pid: next, fields: stats.get(next) });
    stack.push(...(children.get(next) ?? []));
  }
  return out;
}

/** Summed RSS of every process below `pid`, in bytes. */
function descendantsRss(pid) {
  return descendants(pid).reduce((total, { fields }) => total + Number(fields[21]) * 4096, 0);
}

/**
 * Runs `command args` to its end, sampling memory every `intervalMs`. Resolves with the exit code, wall
 * seconds, stdout/stderr text and the peaks; never rejects on a non-zero exit (the caller reports it).
 * `onStderrLine` sees each stderr line as it comes, with the seconds since the start and the peaks so far
 * (a long export's progress, followed while it runs).
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, intervalMs?: number,
 *   onStderrLine?: (line: string, seconds: number, peaks: { rss: number, children: number }) => void }} [options]
 */
export function runSampled(command, args, { env = process.env, intervalMs = 100, onStderrLine } = {}) {
  return new Promise((resolvePromise, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    const peaks = { rss: 0, children: 0 };
    let partial = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      if (onStderrLine === undefined) return;
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) onStderrLine(line, (performance.now() - started) / 1000, peaks);
    });
    const sample = () => {
      peaks.rss = Math.max(peaks.rss, statusBytes(child.pid, 'VmHWM'));
      peaks.children = Math.max(peaks.children, descendantsRss(child.pid));
    };
    const timer = setInterval(sample, intervalMs);
    child.on('error', (error) => {
      clearInterval(timer);
      reject(error);
    });
    child.on('exit', (code, signal) => {
      clearInterval(timer);
      resolvePromise({ code: code ?? signal, seconds: (performance.now() - started) / 1000, stdout, stderr, peaks });
    });
  });
}
