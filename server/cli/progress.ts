/**
 * The progress display of `offprint export` on stderr: a bar redrawn in place on a terminal (pages
 * done/total, current page, ETA), plain lines every few seconds otherwise (logs, CI).
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

/** Draws export progress on `stream`. */
export class ProgressDisplay {
  private startedAt: number | null = null;
  /** Pages already done when this run started (found captured by an interrupted run): not in the rate. */
  private baseline = 0;
  private lastDraw = -Infinity;
  private drawn = false;
  private lastText = '';

  constructor(
    private readonly stream: Writable & { isTTY?: boolean; columns?: number },
    private readonly now: () => number = () => performance.now(),
  ) {}

  private get tty(): boolean {
    return this.stream.isTTY === true;
  }

  /** The estimated time left, or null while there is too little to go on. */
  private eta(progress: ExportProgress, at: number): number | null {
    if (this.startedAt === null) return null;
    const done = progress.pagesDone - this.baseline;
    const elapsed = at - this.startedAt;
    if (done <= 0 || elapsed < 1000) return null;
    return ((progress.pagesTotal - progress.pagesDone) * elapsed) / done;
  }

  private line(progress: ExportProgress, at: number): string {
    if (progress.phase === 'assembling') return 'Assembling the bundle...';
    const fraction = progress.pagesTotal > 0 ? progress.pagesDone / progress.pagesTotal : 0;
    const eta = this.eta(progress, at);
    const parts = [
      `${progress.pagesDone}/${progress.pagesTotal} pages`,
      `${Math.floor(fraction * 100)}%`,
      eta === null ? 'ETA --' : `ETA ${formatDuration(eta)}`,
    ];
    if (!this.tty) return `export: ${parts.join(', ')}`;
    const filled = Math.round(fraction * BAR_WIDTH);
    const bar = `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]`;
    const text = `${bar} ${parts.join('  ')}  ${progress.currentPage ?? ''}`;
    const width = (this.stream.columns ?? 100) - 1;
    return text.length > width ? text.slice(0, width) : text;
  }

  /** Takes a progress report; draws when it is time to. */
  update(progress: ExportProgress): void {
    const at = this.now();
    if (this.startedAt === null) {
      this.startedAt = at;
      this.baseline = progress.pagesDone;
    }
    const phaseChange = progress.phase === 'assembling' || progress.pagesDone === progress.pagesTotal;
    if (!phaseChange && at - this.lastDraw < (this.tty ? TTY_REDRAW_MS : PLAIN_EVERY_MS)) return;
    const text = this.line(progress, at);
    if (text === this.lastText) return;
    this.lastDraw = at;
    this.lastText = text;
    this.stream.write(this.tty ? `\r\x1b[2K${text}` : `${text}\n`);
    this.drawn = true;
  }

  /** Ends the bar's line so that what follows starts on a fresh one. */
  finish(): void {
    if (this.tty && this.drawn) this.stream.write('\r\x1b[2K');
    this.drawn = false;
  }
}
