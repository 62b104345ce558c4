/**
 * Child processes of the benchmark: the built `offprint` CLI and server, with memory read from
 * /proc/<pid>/status (VmRSS now, VmHWM = peak so far).
 */
import { performance } from 'node:perf_hooks';
import { clearInterval, clearTimeout, setInterval, setTimeout } from 'node:timers';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';

/** The repository root. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The built CLI (`npm run build` produces it). */
export const CLI_BIN = join(REPO_ROOT, 'dist/server/cli/main.js');
let cliBin = CLI_BIN;

/**
 * Runs another build's CLI from now on (to compare builds on the same data).
 * @param {string} path its `dist/server/cli/main.js`
 */
export function useCli(path) {
  cliBin = path;
}

const GNU_TIME = '/usr/bin/time';

/**
 * Current and peak resident memory of a process, in KiB; undefined once it has exited.
 * @param {number} pid
 * @returns {{ rssKb: number, hwmKb: number } | undefined}
 */
export function memoryOf(pid) {
  let text;
  try {
    text = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const rss = /^VmRSS:\s+(\d+) kB/m.exec(text);
  const hwm = /^VmHWM:\s+(\d+) kB/m.exec(text);
  if (rss === null || hwm === null) return undefined;
  return { rssKb: Number(rss[1]), hwmKb: Number(hwm[1]) };
}

/**
 * CPU time a process has used so far (user + system), in milliseconds; undefined once it has exited.
 * Server CPU per request is far less disturbed by other work on the machine than latency is.
 * @param {number} pid
 * @returns {number | undefined}
 */
export function cpuMsOf(pid) {
  let text;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // Fields after the parenthesised command name; utime and stime are fields 14 and 15, in clock ticks.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
}

/** USER_HZ: 100 on every Linux this runs on. */
const CLOCK_TICKS_PER_S = 100;

/** Environment of children: the default log level, no data dir from the caller's environment. */
function childEnv() {
  const env = { ...process.env };
  delete env['OFFPRINT_DATA_DIR'];
  return env;
}

/**
 * Runs `offprint ...args` and waits for it; throws on a non-zero exit.
 * @param {string[]} args
 * @returns {Promise<string>} stdout
 */
export async function cli(args) {
  const result = await runMeasured(args, { sampleMs: 0 });
  if (result.code !== 0) throw new Error(`offprint ${args.join(' ')} exited ${result.code}: ${result.stderr.trim()}`);
  return result.stdout;
}

/**
 * Runs `offprint ...args` and waits for it; records wall time and peak RSS. Under GNU time, the peak is the
 * kernel's own maxrss of the process; /proc sampling (every `sampleMs`) gives the RSS over time as well.
 * @param {string[]} args
 * @param {{ sampleMs?: number, nodeArgs?: string[] }} [options]
 */
export function runMeasured(args, options = {}) {
  const sampleMs = options.sampleMs ?? 100;
  const useTime = sampleMs > 0 && existsSync(GNU_TIME);
  const timeFile = join(tmpdir(), `offprint-bench-time-${process.pid}-${Date.now()}.txt`);
  const nodeCommand = [process.execPath, ...(options.nodeArgs ?? []), cliBin, ...args];
  const [command, ...argv] = useTime ? [GNU_TIME, '-f', '%M %e %U %S', '-o', timeFile, ...nodeCommand] : nodeCommand;
  const started = performance.now();
  const child = spawn(/** @type {string} */ (command), argv, { env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += String(c)));
  child.stderr.on('data', (c) => (stderr += String(c)));
  /** @type {{ tMs: number, rssKb: number }[]} */
  const samples = [];
  let sampledPeakKb = 0;
  const nodePid = () => {
    if (child.pid === undefined) return undefined;
    if (!useTime) return child.pid;
    try {
      return Number(readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(' ')[0]);
    } catch {
      return undefined;
    }
  };
  const timer =
    sampleMs > 0
      ? setInterval(() => {
          const pid = nodePid();
          const mem = pid === undefined || Number.isNaN(pid) ? undefined : memoryOf(pid);
          if (mem === undefined) return;
          samples.push({ tMs: Math.round(performance.now() - started), rssKb: mem.rssKb });
          sampledPeakKb = Math.max(sampledPeakKb, mem.hwmKb);
        }, sampleMs)
      : undefined;
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (timer !== undefined) clearInterval(timer);
      const wallMs = performance.now() - started;
      /** @type {{ maxRssKb: number, userS: number, sysS: number } | undefined} */
      let time;
      if (useTime && existsSync(timeFile)) {
        const fields = readFileSync(timeFile, 'utf8').trim().split('\n').at(-1)?.split(' ').map(Number) ?? [];
        time = { maxRssKb: fields[0] ?? 0, userS: fields[2] ?? 0, sysS: fields[3] ?? 0 };
        rmSync(timeFile, { force: true });
      }
      resolve({ code: code ?? -1, stdout, stderr, wallMs, peakRssKb: time?.maxRssKb ?? sampledPeakKb, time, samples });
    });
  });
}

/**
 * Starts `offprint serve` on a free port and waits for its "listening" line.
 * @param {string} dataDir
 * @param {{ nodeArgs?: string[] }} [options]
 * @returns {Promise<{ url: string, pid: number, stop: () => Promise<number | null>, stderrTail: () => string }>}
 */
export function startServer(dataDir, options = {}) {
  const args = [...(options.nodeArgs ?? []), cliBin, 'serve', '--data-dir', dataDir, '--port', '0'];
  const child = spawn(process.execPath, args, { env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr = (stderr + String(c)).slice(-20_000)));
  /** @type {Promise<number | null>} */
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let out = '';
    const timeout = setTimeout(() => reject(new Error(`server did not start in 30 s: ${stderr}`)), 30_000);
    child.on('error', reject);
    void exited.then((code) => reject(new Error(`server exited (${code}) before listening: ${stderr}`)));
    child.stdout.on('data', (c) => {
      out += String(c);
      const match = /Offprint listening on (http:\/\/\S+)/.exec(out);
      if (match === null || child.pid === undefined) return;
      clearTimeout(timeout);
      const stop = async () => {
        child.kill('SIGTERM');
        const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
        const code = await exited;
        clearTimeout(kill);
        return code;
      };
      resolve({ url: /** @type {string} */ (match[1]), pid: child.pid, stop, stderrTail: () => stderr });
    });
  });
}
