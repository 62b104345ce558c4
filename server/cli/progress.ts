/**
 * The progress display of `offprint export` on stderr: a bar redrawn in place on a terminal (pages
 * done/total, current page, ETA), plain lines every few seconds otherwise (logs, CI). Warnings during
 * the run ({@link ProgressDisplay.note}) print as lines below the bar, which stays where it is and keeps
 * being redrawn in place (cursor up to it and back down); once they scrolled it out of view, the next
 * redraw starts a new bar at the bottom.
 */
import type { Writable } from 'node:stream';
import type { ExportProgress } from '../export/contract.js';

const BAR_WIDTH = 24;
const TTY_REDRAW_MS = 100;
const PLAIN_EVERY_MS = 5_000;

/** `1h02m`, `3m05s`, `42s`. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h}h${String(m).padStart(2, '0')}m`;
  if (m > 0) return `${m}m${String(s).padStart(2, '0')}s`;
  return `${s}s`;
}

/**
 * One progress report as a machine reads it: the phase and its counts (page loads during the egress
 * check), and the estimated time left in milliseconds, null while there is too little to go on.
 */
export interface ProgressRecord {
  readonly phase: ExportProgress['phase'];
  readonly pagesDone: number;
  readonly pagesTotal: number;
  /** Rendering: of `pagesDone`, those taken from the project's last export. */
  readonly pagesReused?: number;
  /** The egress check, once it counted its loads: loads checked, of all, and those the last export proved. */
  readonly loadsDone?: number;
  readonly loadsTotal?: number;
  readonly loadsReused?: number;
  readonly etaMs: number | null;
}

/** Draws export progress on `stream`. */
export class ProgressDisplay {
  private startedAt: number | null = null;
  /** Pages already done when this run started (found captured by an interrupted run): not in the rate. */
  private baseline = 0;
  /** When the egress check first counted its loads, and those done then: the check's own rate. */
  private proving: { readonly at: number; readonly done: number } | null = null;
  /** Pages the rendering took from the project's last export, for the ETA and the closing summary. */
  private reused = 0;
  /** The egress check's last count of loads, for the closing summary. */
  private checked: { readonly total: number; readonly reused: number } | null = null;
  private lastDraw = -Infinity;
  private drawn = false;
  private lastText = '';
  /** Terminal rows between the bar's line and the cursor (the lines printed below the bar). */
  private below = 0;

  /**
   * `records`: where each report goes as a record instead of a line (`--log-format json`, so that all of
   * stderr is JSON lines a script can read); the display then draws nothing.
   */
  constructor(
    private readonly stream: Writable & { isTTY?: boolean; columns?: number; rows?: number },
    private readonly now: () => number = () => performance.now(),
    private readonly records?: (record: ProgressRecord) => void,
  ) {}

  private get tty(): boolean {
    return this.stream.isTTY === true;
  }

  /** The egress check's page loads, and how many of them the last export proved; null before it counted. */
  get egressCheck(): { readonly total: number; readonly reused: number } | null {
    return this.checked;
  }

  /** Pages the rendering took from the project's last export instead of rendering them. */
  get pagesReused(): number {
    return this.reused;
  }

  /** True when the display draws on a terminal (a bar redrawn in place). */
  get isTerminal(): boolean {
    return this.tty;
  }

  /** Terminal rows `text` takes once wrapped at the terminal's width. */
  private rowsOf(text: string): number {
    const width = Math.max(1, this.stream.columns ?? 100);
    return Math.max(1, Math.ceil(text.length / width));
  }

  /** Draws the bar's text on its line, wherever the cursor is now. */
  private draw(text: string): void {
    const screenRows = this.stream.rows ?? 24;
    if (this.drawn && this.below > 0 && this.below < screenRows) {
      this.stream.write(`\x1b[${this.below}A\r\x1b[2K${text}\x1b[${this.below}B\r`);
    } else {
      // First bar, or the old one scrolled out of view: this line becomes the bar's.
      this.stream.write(`\r\x1b[2K${text}`);
      this.below = 0;
    }
  }

  /** The estimated time left of a phase, or null while there is too little to go on. */
  private static eta(done: number, left: number, elapsed: number): number | null {
    if (done <= 0 || elapsed < 1000) return null;
    return (left * elapsed) / done;
  }

  /** Where the run is: the phase, its counts and the time left (null while there is too little to go on). */
  private reading(progress: ExportProgress, at: number): ProgressRecord {
    const { phase, pagesDone, pagesTotal } = progress;
    if (phase === 'proving') {
      const { done = 0, total = 0, reused = 0 } = progress.checked ?? {};
      // Before the check has counted its loads, "0/0 page loads" would only be noise.
      if (total === 0) return { phase, pagesDone, pagesTotal, etaMs: null };
      const since = this.proving ?? { at, done };
      const etaMs = ProgressDisplay.eta(done - since.done, total - done, at - since.at);
      return { phase, pagesDone, pagesTotal, loadsDone: done, loadsTotal: total, loadsReused: reused, etaMs };
    }
    if (phase !== 'rendering') return { phase, pagesDone, pagesTotal, etaMs: null };
    const etaMs =
      this.startedAt === null
        ? null
        : ProgressDisplay.eta(pagesDone - this.baseline, pagesTotal - pagesDone, at - this.startedAt);
    return { phase, pagesDone, pagesTotal, pagesReused: progress.pagesReused ?? 0, etaMs };
  }

  /** A reading as a person reads it: the bar on a terminal, a plain line elsewhere. */
  private text(reading: ProgressRecord, currentPage: string | null): string {
    const etaText = reading.etaMs === null ? 'ETA --' : `ETA ${formatDuration(reading.etaMs)}`;
    if (reading.phase === 'assembling') return 'Assembling the bundle...';
    if (reading.phase === 'zipping') return 'Zipping the bundle...';
    if (reading.phase === 'proving') {
      const { loadsDone, loadsTotal, loadsReused = 0 } = reading;
      if (loadsTotal === undefined) return 'Checking that no page reaches outside the bundle...';
      const proved = loadsReused > 0 ? ` (${loadsReused} proved by the last export)` : '';
      return `Checking that no page reaches outside the bundle... ${loadsDone ?? 0}/${loadsTotal} page loads${proved}, ${etaText}`;
    }
    const { pagesDone, pagesTotal, pagesReused = 0 } = reading;
    const fraction = pagesTotal > 0 ? pagesDone / pagesTotal : 0;
    const parts = [
      `${pagesDone}/${pagesTotal} pages${pagesReused > 0 ? ` (${pagesReused} from the last export)` : ''}`,
      `${Math.floor(fraction * 100)}%`,
      etaText,
    ];
    if (!this.tty) return `export: ${parts.join(', ')}`;
    const filled = Math.round(fraction * BAR_WIDTH);
    const bar = `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]`;
    const text = `${bar} ${parts.join('  ')}  ${currentPage ?? ''}`;
    const width = (this.stream.columns ?? 100) - 1;
    return text.length > width ? text.slice(0, width) : text;
  }

  /** Takes a progress report; draws when it is time to. */
  update(progress: ExportProgress): void {
    const at = this.now();
    // Pages taken from the last export come in a burst before any is rendered: the rate starts after them.
    const reused = progress.phase === 'rendering' ? (progress.pagesReused ?? 0) : this.reused;
    if (this.startedAt === null || reused !== this.reused) {
      this.startedAt = at;
      this.baseline = progress.pagesDone;
      this.reused = reused;
    }
    // The check's rate counts from its first count of loads: those an interrupted run checked are not in it.
    if (progress.phase === 'proving' && (progress.checked?.total ?? 0) > 0) {
      this.proving ??= { at, done: progress.checked?.done ?? 0 };
      this.checked = { total: progress.checked?.total ?? 0, reused: progress.checked?.reused ?? 0 };
    }
    // Steps within rendering and the egress check are throttled; their first and last, and phase changes, are not.
    const checked = progress.phase === 'proving' ? progress.checked : undefined;
    const stepping =
      progress.phase === 'rendering'
        ? progress.pagesDone !== progress.pagesTotal
        : checked !== undefined && checked.done > 0 && checked.done < checked.total;
    const redrawMs = this.tty && this.records === undefined ? TTY_REDRAW_MS : PLAIN_EVERY_MS;
    if (stepping && at - this.lastDraw < redrawMs) return;
    const reading = this.reading(progress, at);
    const text = this.text(reading, progress.currentPage);
    if (text === this.lastText) return;
    this.lastDraw = at;
    this.lastText = text;
    if (this.records !== undefined) this.records(reading);
    else if (this.tty) this.draw(text);
    else this.stream.write(`${text}\n`);
    this.drawn = this.records === undefined;
  }

  /** Prints one line (a warning) below the bar, which stays above it. */
  note(line: string): void {
    const text = line.replace(/[\r\n]+/g, ' ');
    if (!this.tty) {
      this.stream.write(`${text}\n`);
      return;
    }
    if (this.drawn && this.below === 0) {
      this.stream.write('\n');
      this.below = 1;
    }
    this.stream.write(`${text}\n`);
    if (this.drawn) this.below += this.rowsOf(text);
  }

  /** Removes the bar, so that what follows starts on a fresh line; the lines below it stay. */
  finish(): void {
    if (this.tty && this.drawn) {
      if (this.below === 0 || this.below >= (this.stream.rows ?? 24)) this.stream.write('\r\x1b[2K');
      // Up to the bar's line, delete it (the lines below move up one), and back below the last of them.
      else this.stream.write(`\x1b[${this.below}A\r\x1b[1M${this.below > 1 ? `\x1b[${this.below - 1}B` : ''}`);
    }
    this.drawn = false;
    this.below = 0;
  }
}
