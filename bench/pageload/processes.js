/**
 * CPU time and memory of the Chromium processes below this one, by kind (`--type=`: browser, gpu-process,
 * renderer, utility), from /proc. Polled, so that a process that ends (the egress check replaces its
 * targets, and with them their renderers) still counts up to its last sample: a renderer's CPU after its
 * last poll is lost, a few ms per 100 loads at the default period.
 */
import { readFileSync } from 'node:fs';
import { clearInterval, setInterval } from 'node:timers';
import { descendants } from '../scale/proc.js';

/** Clock ticks per second of /proc/PID/stat times (Linux's USER_HZ). */
const TICKS = 100;
const PAGE_BYTES = 4096;

/** The kind of a Chromium process from its command line; an ended one not reaped yet has none. */
function kindOf(pid, last) {
  let args;
  try {
    args = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return null; // Ended while the table was read.
  }
  if (args === '') return last?.kind ?? null;
  return /--type=([a-z-]+)/.exec(args)?.[1] ?? 'browser';
}

/** Watches the processes below this one from `start()` to `stop()`. */
export class ProcessWatch {
  /** @type {Map<number, { kind: string, cpu: number, base: number }>} */
  #processes = new Map();
  /** @type {Record<string, number>} peak RSS in bytes of one process, by kind */
  #peakRss = {};
  #timer;

  /** Starts counting: CPU spent before this call is left out. */
  start(periodMs = 100) {
    this.#poll(true);
    this.#timer = setInterval(() => this.#poll(false), periodMs);
  }

  /** Stops polling (one last poll first). */
  stop() {
    clearInterval(this.#timer);
    this.#poll(false);
  }

  #poll(first) {
    for (const { pid, fields } of descendants(process.pid)) {
      const last = this.#processes.get(pid);
      const kind = kindOf(pid, last);
      if (kind === null) continue;
      const cpu = (Number(fields[11]) + Number(fields[12])) / TICKS;
      this.#processes.set(pid, { kind, cpu, base: last?.base ?? (first ? cpu : 0) });
      const rss = Number(fields[21]) * PAGE_BYTES;
      if (rss > (this.#peakRss[kind] ?? 0)) this.#peakRss[kind] = rss;
    }
  }

  /** CPU seconds spent since `start()`, by kind. */
  cpuByKind() {
    const out = {};
    for (const { kind, cpu, base } of this.#processes.values()) out[kind] = (out[kind] ?? 0) + cpu - base;
    return out;
  }

  /** The largest RSS one process of each kind had at a poll, in bytes. */
  peakRssByKind() {
    return { ...this.#peakRss };
  }
}

/** Prints CPU per load and peak RSS per process kind. */
export function printProcesses(watch, loads) {
  const cpu = watch.cpuByKind();
  const peaks = watch.peakRssByKind();
  for (const kind of Object.keys(cpu).sort()) {
    const perLoad = ((cpu[kind] ?? 0) / loads) * 1000;
    const peak = Math.round((peaks[kind] ?? 0) / 2 ** 20);
    console.log(`  CPU ${kind.padEnd(16)} ${perLoad.toFixed(0).padStart(5)} ms per load   peak RSS of one ${peak} MB`);
  }
}
