/**
 * One sandbox process as the pool drives it: started for one project folder, one page at a time, killed
 * when a page overruns its time. Whatever the process sends is validated (protocol.ts).
 */
import type { RenderedPage } from '../render/types.js';
import type { SandboxChild, SandboxLauncher, SandboxSpawnSpec } from './launcher.js';
import {
  childMessageSchema,
  type ChildMessage,
  type HighlightRequest,
  type PlainCodeBlock,
  type RenderRequest,
} from './protocol.js';

/** What the child answers a request with. */
type Reply = Extract<ChildMessage, { type: 'rendered' | 'highlighted' }>;
/** A request before it is numbered. */
type Unnumbered = Omit<RenderRequest, 'id'> | Omit<HighlightRequest, 'id'>;

/** Why a page has no rendered body: shown to the reader in the error box and listed by the import. */
export class SandboxFailure extends Error {
  override readonly name = 'SandboxFailure';

  /**
   * `reason` is for readers and import reports; `detail` (a stack, stderr) only for the log; `timedOut`:
   * the page overran its time, which a busy machine can cause (wall time), unlike the other failures;
   * `busy`: the pool had no room for it.
   */
  constructor(
    reason: string,
    readonly detail?: string,
    readonly timedOut = false,
    readonly busy = false,
  ) {
    super(reason);
  }

  /** Whether the failure says nothing lasting about the page (time ran out, no room): another try may render it. */
  get transient(): boolean {
    return this.timedOut || this.busy;
  }
}

interface Pending {
  readonly id: number;
  readonly resolve: (reply: Reply) => void;
  readonly reject: (error: SandboxFailure) => void;
  readonly timer: NodeJS.Timeout;
}

/** Timing and memory limits of one worker. */
export interface WorkerLimits {
  readonly pageTimeoutMs: number;
  readonly startTimeoutMs: number;
  readonly memoryMb: number;
}

/** A sandbox process bound to one project folder. */
export class SandboxWorker {
  private readonly child: SandboxChild;
  private pending: Pending | null = null;
  private nextId = 1;
  private alive = true;
  private readyWait: { resolve: () => void; reject: (error: SandboxFailure) => void } | null = null;
  readonly ready: Promise<void>;
  /** When it last finished a page (for idle eviction). */
  lastUsed = Date.now();
  busy = false;

  constructor(
    readonly rootDir: string,
    launch: SandboxLauncher,
    spec: SandboxSpawnSpec,
    private readonly limits: WorkerLimits,
    private readonly onDeath: (worker: SandboxWorker, detail: string) => void,
    private readonly onReady: (worker: SandboxWorker, nodeEnv: string) => void = () => undefined,
  ) {
    this.ready = new Promise<void>((resolve, reject) => (this.readyWait = { resolve, reject }));
    // A start that fails is reported through `ready`; nobody may be waiting yet.
    this.ready.catch(() => undefined);
    const startTimer = setTimeout(() => this.die('the render sandbox did not start in time'), limits.startTimeoutMs);
    this.ready.then(
      () => clearTimeout(startTimer),
      () => clearTimeout(startTimer),
    );
    this.child = launch(spec);
    this.child.onMessage((raw) => this.receive(raw));
    this.child.onExit((code, signal) => this.exited(code, signal));
  }

  get isAlive(): boolean {
    return this.alive;
  }

  /**
   * Renders one page; rejects with a SandboxFailure when the page overran (`timeoutMs`, else the page
   * time), crashed or blew the heap.
   */
  async render(request: Omit<RenderRequest, 'type' | 'id'>, timeoutMs?: number): Promise<RenderedPage> {
    const reply = await this.ask({ type: 'render', ...request }, 'the page took longer than %s to render', timeoutMs);
    if (reply.type !== 'rendered') throw new SandboxFailure('the render sandbox answered another request');
    return reply.page;
  }

  /** The `<pre>` HTML of each of `blocks`, in order; rejects with a SandboxFailure like {@link render}. */
  async highlight(blocks: readonly PlainCodeBlock[], timeoutMs?: number): Promise<string[]> {
    const reply = await this.ask(
      { type: 'highlight', blocks: [...blocks] },
      'highlighting took longer than %s',
      timeoutMs,
    );
    if (reply.type !== 'highlighted' || reply.html.length !== blocks.length) {
      throw new SandboxFailure('the render sandbox answered another request');
    }
    return reply.html;
  }

  /**
   * Sends one request and waits for its answer, within `timeoutMs` (the page time by default; `overrun`:
   * the reason, %s the limit).
   */
  private async ask(request: Unnumbered, overrun: string, timeoutMs = this.limits.pageTimeoutMs): Promise<Reply> {
    await this.ready;
    if (!this.alive) throw new SandboxFailure('the render sandbox stopped');
    const id = this.nextId++;
    return new Promise<Reply>((resolve, reject) => {
      const seconds = Math.round(timeoutMs / 100) / 10;
      const timer = setTimeout(
        () => this.die(`${overrun.replace('%s', `${seconds} s`)} and was stopped`, '', true),
        timeoutMs,
      );
      this.pending = { id, resolve, reject, timer };
      this.child.send({ ...request, id });
    });
  }

  /** Ends the process (idle eviction, shutdown). */
  stop(): void {
    this.die('the render sandbox was stopped');
  }

  private receive(raw: unknown): void {
    const parsed = childMessageSchema.safeParse(raw);
    if (!parsed.success) return this.die('the render sandbox sent a malformed message');
    const message: ChildMessage = parsed.data;
    if (message.type === 'ready') {
      this.onReady(this, message.nodeEnv);
      return this.readyWait?.resolve();
    }
    if (message.type === 'unavailable') return this.die(`the render sandbox cannot start: ${message.reason}`);
    const pending = this.pending;
    if (pending === null || pending.id !== message.id) return;
    this.pending = null;
    clearTimeout(pending.timer);
    if (message.type === 'failed') pending.reject(new SandboxFailure(message.reason, message.detail));
    else pending.resolve(message);
  }

  private exited(code: number | null, signal: string | null): void {
    if (!this.alive) return;
    // V8 aborts when the heap cap is reached; any other death is a crash of the same page.
    const reason =
      signal === 'SIGABRT' || code === 134
        ? `the page used more memory than the render sandbox allows (${this.limits.memoryMb} MB)`
        : 'the render sandbox crashed while rendering the page';
    this.die(reason, `exit ${code ?? signal ?? '?'}: ${this.child.stderrTail().slice(-600)}`);
  }

  private die(reason: string, detail = '', timedOut = false): void {
    if (!this.alive) return;
    this.alive = false;
    this.child.kill();
    const failure = new SandboxFailure(reason, undefined, timedOut);
    this.readyWait?.reject(failure);
    const pending = this.pending;
    this.pending = null;
    if (pending !== null) {
      clearTimeout(pending.timer);
      pending.reject(failure);
    }
    this.onDeath(this, detail === '' ? reason : `${reason} (${detail})`);
  }
}
