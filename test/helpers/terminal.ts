/**
 * A small terminal screen for tests of what the CLI draws on a TTY: it applies the text and the few
 * control sequences the progress display uses (`\r`, `\n`, erase line `ESC[2K`, cursor up/down
 * `ESC[nA`/`ESC[nB`, delete line `ESC[nM`), wrapping at `columns`, so a test reads the screen a person sees.
 */
import { Writable } from 'node:stream';

/** A writable that is a terminal (isTTY, columns, rows) and keeps its screen. */
export class FakeTerminal extends Writable {
  readonly isTTY = true;
  private lines: string[] = [''];
  private row = 0;
  private col = 0;

  constructor(
    readonly columns = 80,
    readonly rows = 24,
  ) {
    super();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.apply(chunk.toString('utf8'));
    done();
  }

  /** The screen's lines, trailing spaces trimmed, without the empty lines at the end. */
  screen(): string[] {
    const out = this.lines.map((l) => l.trimEnd());
    while (out.length > 0 && out[out.length - 1] === '') out.pop();
    return out;
  }

  /** The line the cursor is on. */
  cursorRow(): number {
    return this.row;
  }

  private put(ch: string): void {
    if (this.col >= this.columns) {
      this.row++;
      this.col = 0;
    }
    while (this.lines.length <= this.row) this.lines.push('');
    const line = (this.lines[this.row] ?? '').padEnd(this.col);
    this.lines[this.row] = line.slice(0, this.col) + ch + line.slice(this.col + 1);
    this.col++;
  }

  private apply(text: string): void {
    const esc = String.fromCharCode(27);
    const pattern = new RegExp(`${esc}\\[([0-9]*)([ABKM])|\r|\n|[^${esc}\r\n]`, 'gu');
    for (const match of text.matchAll(pattern)) {
      const [all, count, op] = match;
      const n = Number(count === undefined || count === '' ? 1 : count);
      if (all === '\r') this.col = 0;
      else if (all === '\n') {
        this.row++;
        this.col = 0;
        while (this.lines.length <= this.row) this.lines.push('');
      } else if (op === 'A') this.row = Math.max(0, this.row - n);
      else if (op === 'B') this.row += n;
      else if (op === 'K') this.lines[this.row] = '';
      else if (op === 'M') this.lines.splice(this.row, n);
      else this.put(all);
    }
  }
}
